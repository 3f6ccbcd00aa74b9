import { expect, type Page, test } from '@playwright/test';
import { openPendingUsers, tryLogin } from './support/approvals';
import { gotoHydrated, loginAsUser } from './support/pages';
import { snap } from './support/screenshots';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();
async function register(page: Page, name: string, email: string, password: string) {
  await gotoHydrated(page, server.tenantUrl('/register'));
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/'));
}

test('a visitor registers, verifies the email from the mail, waits for approval, and signs in once approved', async ({
  page,
  browser,
}) => {
  const email = `kiran.${Date.now()}@example.com`;
  const password = 'kiran-secret-42';
  await register(page, 'Kiran Joshi', email, password);
  await expect(
    page.getByText(
      'Registration received! Please check your email and open the link to verify your address. Your company administrator must then approve your account.',
    ),
  ).toBeVisible();

  // The link comes from PUBLIC_URL (the test server's own address), with the company in front.
  const link = await server.mail.waitFor(email, /^(http\S+\/verify-email\?token=\S+)$/m);
  expect(link.startsWith(server.tenantUrl('/verify-email?token='))).toBe(true);

  // Before verifying, sign-in says so.
  await tryLogin(page, server, email, password);
  await expect(page.getByText(/Login failed: Please verify your email first/)).toBeVisible();

  // Opening the link changes nothing (a mail scanner may open it); the owner confirms.
  await page.goto(link);
  await tryLogin(page, server, email, password);
  await expect(page.getByText(/Login failed: Please verify your email first/)).toBeVisible();
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email verified' })).toContainText(
    "Your email is verified. Your company's administrator must approve your account before you can sign in",
  );
  await snap(page, 'verify-email-desktop');

  await tryLogin(page, server, email, password);
  await expect(
    page.getByText(
      "Login failed: Your account is waiting for approval. Your company's administrator must approve it before you can sign in.",
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(server.tenantUrl('/login'));

  // The tenant admin approves it in the tenant admin screen.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openPendingUsers(admin, server);
  const card = admin.getByLabel(`Registration of ${email}`);
  await expect(card).toContainText('Kiran Joshi');
  await expect(card).toContainText('Email verified');
  await admin.getByRole('button', { name: `Approve ${email}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Approve' }).click();
  await expect(admin.getByText(`${email} is approved and can sign in.`)).toBeVisible();
  await expect(admin.getByLabel(`Registration of ${email}`)).toHaveCount(0);
  await expect(admin.getByRole('row').filter({ hasText: email })).toContainText('Enabled');
  await adminContext.close();

  const approvalMail = await server.mail.waitFor(email, /^Sign in at (\S+)\.$/m);
  expect(approvalMail).toBe(server.tenantUrl('/login'));

  await loginAsUser(page, server, email, password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByTestId('top-bar-user')).toHaveText('Kiran Joshi');
});

test('the tenant admin rejects a registration after confirming, and it cannot sign in', async ({ page, browser }) => {
  const email = `stranger.${Date.now()}@example.com`;
  await register(page, 'Some Stranger', email, 'stranger-pass-1');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openPendingUsers(admin, server);
  await admin.getByRole('button', { name: `Reject ${email}` }).click();
  const dialog = admin.getByRole('dialog');
  await expect(dialog).toContainText(`Reject Some Stranger (${email})?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByLabel(`Registration of ${email}`)).toBeVisible();
  await admin.getByRole('button', { name: `Reject ${email}` }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  await expect(admin.getByText(`The registration of ${email} was rejected.`)).toBeVisible();
  await expect(admin.getByLabel(`Registration of ${email}`)).toHaveCount(0);
  await adminContext.close();

  await tryLogin(page, server, email, 'stranger-pass-1');
  await expect(page.getByText('Login failed: Invalid email or password.')).toBeVisible();
});

test('screenshots of the pending registrations at desktop and phone width', { tag: '@screenshots' }, async ({
  page,
}) => {
  await register(page, 'Pending Person', `pending.${Date.now()}@example.com`, 'pending-pass-1');
  await register(page, 'Another Applicant With A Long Name', `applicant.${Date.now()}@example.com`, 'pending-pass-2');
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await openPendingUsers(page, server);
    await expect(page.getByRole('button', { name: /^Approve pending\./ })).toBeVisible();
    await snap(page, `tenant-admin-pending-users-${viewport.name}`, { fullPage: false });
    await page.evaluate(() => localStorage.clear());
  }
});
