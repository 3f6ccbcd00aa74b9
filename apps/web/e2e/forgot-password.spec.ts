import { expect, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
const ANSWER = 'If an account exists for this email, a temporary password has been sent to it.';

test('forgot password mails a temporary password that signs in and forces a reset', async ({ page }) => {
  await page.goto(server.tenantUrl('/forgot-password'));
  await expect(page.getByRole('link', { name: 'Forgot Password' })).toHaveCount(0);
  const mailsBefore = server.mail.messages.length;
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('status')).toContainText(ANSWER);

  const temporary = await server.mail.waitFor(DEMO_USER.email, /Temporary password: (\S+)/, { after: mailsBefore });

  await loginAsUser(page, server, DEMO_USER.email, temporary);
  await expect(page).toHaveURL(server.tenantUrl('/resetPwd'));
  await expect(page.getByLabel('Email Address')).toHaveValue(DEMO_USER.email);

  await page.getByLabel('Old Password').fill('wrong-old-password');
  await page.getByLabel('New Password').fill('brand-new-pass-1');
  await page.getByLabel('Confirm Password').fill('brand-new-pass-1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Old password is incorrect or user not found.')).toBeVisible();

  await page.getByLabel('Old Password').fill(temporary);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/'));
  await expect(page.getByText('Password reset successful!')).toBeVisible();

  await loginAsUser(page, server, DEMO_USER.email, 'brand-new-pass-1');
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('an unknown email gets the same answer and no mail', async ({ page }) => {
  const mailsBefore = server.mail.messages.length;
  await page.goto(server.tenantUrl('/forgot-password'));
  await page.getByLabel('Email Address').fill('nobody@example.com');
  await page.getByLabel('Email Address').press('Enter');
  await expect(page.getByRole('status')).toContainText(ANSWER);
  // A registration sent afterwards is mailed; once its mail is in, a mail for the unknown email would be too.
  const later = `later.${Date.now()}@example.com`;
  await page.goto(server.tenantUrl('/register'));
  await page.getByLabel('Full Name').fill('Later Visitor');
  await page.getByLabel('Email Address').fill(later);
  await page.getByLabel('Mobile Number').fill('9876543210');
  await page.getByLabel('City').fill('Pune');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('later-pass-1');
  await page.getByRole('button', { name: 'Register' }).click();
  await server.mail.waitFor(later, /verify/i, { after: mailsBefore });
  expect(server.mail.messages.slice(mailsBefore).map((m) => m.to)).toEqual([[later]]);
});
