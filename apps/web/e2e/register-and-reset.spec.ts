import { expect, test } from '@playwright/test';
import { approveRegistration, tryLogin } from './support/approvals';
import { loginAsUser, storedSession } from './support/pages';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();

test('a visitor registers, is approved, signs in with the mailed password, resets it and reaches the dashboard', async ({
  page,
  browser,
}) => {
  const email = `asha.${Date.now()}@example.com`;

  await page.goto(server.tenantUrl('/register'));
  await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Asha Deshmukh');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('City').fill('Pune');
  // Password left blank: the server mails one.
  await page.getByRole('button', { name: 'Register' }).click();

  await expect(page).toHaveURL(server.tenantUrl('/'));
  await expect(
    page.getByText(
      'Registration received! Please check your email for your password. Your company administrator must approve your account before you can sign in.',
    ),
  ).toBeVisible();

  const mailedPassword = await server.mail.waitFor(email, /^Password: (\S+)$/m);
  // The mailed password verifies the email; the account still waits for the tenant admin.
  await tryLogin(page, server, email, mailedPassword);
  await expect(page.getByText(/Login failed: Your account is waiting for approval\./)).toBeVisible();
  await approveRegistration(browser, server, email);

  await loginAsUser(page, server, email, mailedPassword);
  await expect(page).toHaveURL(server.tenantUrl('/resetPwd'));
  await expect(page.getByText('Please reset your password before you continue.')).toBeVisible();
  await expect(page.getByLabel('Email Address')).toHaveValue(email);

  const newPassword = 'a-new-secret-42';
  await page.getByLabel('Old Password').fill(mailedPassword);
  await page.getByLabel('New Password').fill(newPassword);
  await page.getByLabel('Confirm Password').fill('something-else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('New and Confirm Password do not match')).toBeVisible();

  await page.getByLabel('Confirm Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/'));
  await expect(page.getByText('Password reset successful!')).toBeVisible();
  expect((await storedSession(page)).authToken).toBeNull();

  await loginAsUser(page, server, email, newPassword);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  for (const card of ['Active Projects', 'Total Plots', 'Business Partners', 'Total Revenue']) {
    await expect(page.getByText(card, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/₹ [\d,]+\.\d{2}/).first()).toBeVisible();
  // A project the new user saves shows among the recent projects.
  await page.evaluate(async () => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('authToken')}`,
      'Content-Type': 'application/json',
    };
    const plots = [{ plotName: 'A-1', totalPlotSize: 1000 }];
    const body = JSON.stringify({ projectName: 'Asha Acres', city: 'Pune', totalArea: 1000, totalRate: 100, plots });
    await fetch('/api/project', { method: 'POST', headers, body });
  });
  await page.reload();
  await expect(page.getByText('Asha Acres', { exact: true })).toBeVisible();
  await expect(page.getByTestId('top-bar-user')).toHaveText('Asha Deshmukh');
  const session = await storedSession(page);
  expect(session.role).toBe('USER');
  expect(JSON.parse(session.user ?? '{}')).toMatchObject({ userName: 'Asha Deshmukh', emailId: email });

  await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  expect(await storedSession(page)).toEqual({ authToken: null, role: null, user: null });
});
