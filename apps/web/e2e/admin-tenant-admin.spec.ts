import { expect, type Page, test } from '@playwright/test';
import { masterLogin } from './support/admin-helpers';
import { gotoHydrated } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
const OWNER = { email: 'owner@example.com', password: 'owner1234' };

async function loginAsOwner(page: Page) {
  await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
}

async function tryUserLogin(page: Page, email: string, password: string) {
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

test('the tenant admin dashboard shows the tenant, its counts and working links', async ({ page }) => {
  await loginAsOwner(page);
  // A project of this test's own, saved by the owner; the count shown must match the company's list.
  const projectCount = await page.evaluate(async () => {
    const headers = {
      Authorization: `Bearer ${localStorage.getItem('authToken')}`,
      'Content-Type': 'application/json',
    };
    const plots = [{ plotName: 'O-1', totalPlotSize: 1000 }];
    const body = JSON.stringify({ projectName: 'Owner Acres', city: 'Pune', totalArea: 1000, totalRate: 100, plots });
    await fetch('/api/project', { method: 'POST', headers, body });
    return ((await (await fetch('/api/project', { headers })).json()) as unknown[]).length;
  });
  await page.reload();
  await expect(page.getByTestId('tenant-id')).toHaveText('demo');
  await expect(page.getByRole('link', { name: /Manage Tenant Users/ })).toContainText(/\d+ users\./);
  await expect(page.getByRole('link', { name: /Manage Projects/ })).toContainText(`${projectCount} projects.`);
  await expect(page.getByRole('link', { name: /View Tenant Reports/ })).toHaveAttribute('href', '/reports');

  await page.getByRole('link', { name: /Manage Projects/ }).click();
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/projects'));
  await expect(page.getByRole('row').filter({ hasText: 'Owner Acres' })).toContainText('₹ 1,00,000.00');
});

test('a user the tenant admin disables cannot sign in until enabled again', async ({ page, browser }) => {
  await loginAsOwner(page);
  await page.getByRole('link', { name: /Manage Tenant Users/ }).click();
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/users'));
  const row = page.getByRole('row').filter({ hasText: DEMO_USER.email });
  await expect(row).toContainText('Enabled');
  // The admin cannot lock themself out.
  await expect(page.getByRole('button', { name: `Disable ${OWNER.email}` })).toBeDisabled();

  await row.getByRole('button', { name: `Disable ${DEMO_USER.email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable user' });
  await expect(confirm).toContainText('cannot sign in until enabled again');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  const other = await browser.newPage();
  await tryUserLogin(other, DEMO_USER.email, DEMO_USER.password);
  await expect(other.getByRole('alert')).toContainText(
    'Login failed: Your account is disabled. Please contact your administrator.',
  );
  await expect(other).toHaveURL(server.tenantUrl('/login'));

  await row.getByRole('button', { name: `Enable ${DEMO_USER.email}` }).click();
  await page.getByRole('dialog', { name: 'Enable user' }).getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Enabled');
  await tryUserLogin(other, DEMO_USER.email, DEMO_USER.password);
  await expect(other).toHaveURL(server.tenantUrl('/dashboard'));
  await other.close();
});

test('the tenant admin adds a user without a password and resets a password by email', async ({ page }) => {
  await loginAsOwner(page);
  await page.goto(server.tenantUrl('/tenant-admin/users'));
  const form = page.getByRole('form', { name: 'Add New User' });
  const email = 'nisha.rao@example.com';
  await form.getByLabel('Name').fill('Nisha Rao');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile Number').fill('9811122233');
  await form.getByLabel('City').fill('Pune');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Nisha Rao');
  const firstPassword = await server.mail.waitFor(email, /^Password: (\S+)$/m);
  expect(firstPassword.length).toBeGreaterThanOrEqual(8);

  const mailsBefore = server.mail.messages.length;
  await row.getByRole('button', { name: `Reset password of ${email}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset password' });
  await confirm.getByRole('button', { name: 'Send new password' }).click();
  await expect(page.getByText(`A temporary password was emailed to ${email}.`, { exact: false })).toBeVisible();
  await server.mail.waitFor(email, /^Temporary password: (\S+)$/m, { after: mailsBefore });
});
