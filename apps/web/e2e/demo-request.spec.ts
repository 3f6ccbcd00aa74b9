import { writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import {
  type DemoRequestDetails,
  loginAsSuperAdmin,
  masterLogin,
  submitDemoRequest,
  tenantOrigin,
  writePng,
} from './support/admin-helpers';
import { gotoHydrated } from './support/pages';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();

const SUNRISE: DemoRequestDetails = {
  name: 'Ravi Kulkarni',
  email: 'ravi@sunrise-farms.example',
  mobileNumber: '9822012345',
  city: 'Nashik',
  companyName: 'Sunrise Farms',
  companyLocation: 'Gangapur Road, Nashik',
};

async function openDemoRequests(page: Page) {
  await page.getByRole('link', { name: /Demo Requests/ }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/demo-requests'));
  await expect(page.getByRole('heading', { name: 'Demo Requests', level: 1 })).toBeVisible();
}

function requestRow(page: Page, companyName: string) {
  return page.getByRole('row').filter({ hasText: companyName });
}

test('a demo request becomes a tenant whose admin and first user can sign in', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const logo = await writePng(testInfo.outputPath('logo.png'));

  // A visitor asks for a demo, with a logo.
  await submitDemoRequest(page, server, SUNRISE, logo);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue('');

  // The super admin sees it with its logo, and creates the tenant from it.
  await loginAsSuperAdmin(page, server);
  await openDemoRequests(page);
  const row = requestRow(page, 'Sunrise Farms');
  await expect(row).toContainText('Ravi Kulkarni');
  await expect(row).toContainText(SUNRISE.email);
  await expect(row).toContainText('+91 98220 12345');
  await expect(row).toContainText('PENDING');
  const logoImage = row.getByRole('img', { name: 'Sunrise Farms logo' });
  await expect(logoImage).toBeVisible();
  await expect.poll(() => logoImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(await logoImage.evaluate((img: HTMLImageElement) => img.src)).toMatch(/^blob:/);

  await row.getByRole('button', { name: 'Create Tenant for Sunrise Farms' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tenant for Sunrise Farms' });
  await expect(dialog.getByLabel('Tenant ID (subdomain)')).toHaveValue('sunrise-farms');
  await expect(dialog.getByLabel('Database name')).toHaveValue('sunrise_farms');
  await expect(dialog.getByLabel('DB username')).toHaveValue('sunrise_farms_app');
  await expect(dialog.getByLabel('Initial admin email (optional)')).toHaveValue(SUNRISE.email);
  await expect(dialog.locator('input[name="demoRequestId"]')).toHaveValue(/^\d+$/);
  const mailsBefore = server.mail.messages.length;
  await dialog.getByRole('button', { name: 'Create Tenant' }).click();
  // Creating a company runs every migration of its schema: seconds on a loaded machine.
  await expect(page.getByText('Tenant "sunrise-farms" created.')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('COMPLETED');
  await expect(row.getByRole('button', { name: /Create Tenant/ })).toHaveCount(0);

  // The new tenant admin signs in with the mailed password and must choose a new one.
  const mailedPassword = await server.mail.waitFor(SUNRISE.email, /^Password: (\S+)$/m, { after: mailsBefore });
  await server.mail.waitFor(SUNRISE.email, /Your Plotbook company|now has its own Plotbook address/, {
    after: mailsBefore,
  });
  const origin = tenantOrigin(server, 'sunrise-farms');
  await masterLogin(page, origin, SUNRISE.email, mailedPassword);
  await expect(page).toHaveURL(`${origin}/resetPwd`);
  await expect(page.getByText('Please reset your password before you continue.')).toBeVisible();
  const adminPassword = 'sunrise-admin-2024';
  await page.getByLabel('Old Password').fill(mailedPassword);
  await page.getByLabel('New Password').fill(adminPassword);
  await page.getByLabel('Confirm Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Password reset successful!')).toBeVisible();

  await masterLogin(page, origin, SUNRISE.email, adminPassword);
  await expect(page).toHaveURL(`${origin}/tenant-admin/dashboard`);
  await expect(page.getByTestId('tenant-id')).toHaveText('sunrise-farms');
  await expect(page.getByRole('banner')).toContainText('Tenant Admin');

  // … opens Manage Tenant Users and adds a user with a password.
  await page.getByRole('link', { name: /Manage Tenant Users/ }).click();
  await expect(page).toHaveURL(`${origin}/tenant-admin/users`);
  await expect(page.getByRole('row').filter({ hasText: SUNRISE.email })).toContainText('Tenant admin');
  const user = { name: 'Meera Patil', email: 'meera@sunrise-farms.example', password: 'meera-pass-77' };
  const form = page.getByRole('form', { name: 'Add New User' });
  await form.getByLabel('Name').fill(user.name);
  await form.getByLabel('Email').fill(user.email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await form.getByLabel('Mobile Number').fill('9890011223');
  await form.getByLabel('City').fill('Nashik');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(page.getByRole('row').filter({ hasText: user.email })).toContainText('Meera Patil');

  // That user signs in on the tenant host and reaches the dashboard.
  await page.getByRole('button', { name: 'Logout' }).click();
  await gotoHydrated(page, `${origin}/login`);
  await page.getByLabel('Email Address').fill(user.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(`${origin}/dashboard`);
});

test('the super admin rejects a demo request after confirming', async ({ page }) => {
  await submitDemoRequest(page, server, {
    name: 'Kiran Joshi',
    email: 'kiran@greenacres.example',
    mobileNumber: '9000012345',
    city: 'Satara',
    companyName: 'Green Acres Realty',
    companyLocation: 'Satara',
  });
  await loginAsSuperAdmin(page, server);
  await openDemoRequests(page);
  const row = requestRow(page, 'Green Acres Realty');
  await expect(row).toContainText('PENDING');
  await expect(row.getByRole('img', { name: 'No logo for Green Acres Realty' })).toBeVisible();

  // Cancel keeps it pending.
  await row.getByRole('button', { name: 'Reject request from Green Acres Realty' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reject demo request' });
  await expect(confirm).toContainText('Are you sure you want to reject this request?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toContainText('PENDING');

  await row.getByRole('button', { name: 'Reject request from Green Acres Realty' }).click();
  await confirm.getByRole('button', { name: 'Reject' }).click();
  await expect(row).toContainText('CANCELLED');
  await expect(row.getByRole('button', { name: 'Reopen request from Green Acres Realty' })).toBeVisible();
  await page.reload();
  await expect(requestRow(page, 'Green Acres Realty')).toContainText('CANCELLED');
});

test('what a visitor types before the page is live is kept, and the form cannot be sent until then', async ({
  page,
}) => {
  // The app's scripts are held back: the visitor sees the prerendered form only.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server.platformUrl('/create-demo'), { waitUntil: 'commit' });
  const name = page.getByRole('textbox', { name: 'Name', exact: true });
  await name.fill('Ravi Kulkarni');
  await expect(page.getByRole('button', { name: 'Submit Request' })).toBeDisabled();
  await name.press('Enter');

  release();
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await expect(page).toHaveURL(server.platformUrl('/create-demo'));
  await page.getByRole('button', { name: 'Submit Request' }).click();
  await expect(page.getByText('Email is required', { exact: true })).toBeVisible();
  await expect(page.getByText('Name is required', { exact: true })).toHaveCount(0);
  await expect(name).toHaveValue('Ravi Kulkarni');
});

test('the demo form checks its fields and refuses a logo that is not an image', async ({ page }, testInfo) => {
  await page.goto(server.platformUrl('/create-demo'));
  await page.getByRole('button', { name: 'Submit Request' }).click();
  for (const message of ['Name is required', 'Email is required', 'City is required', 'Company name is required']) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  await page.getByLabel('Mobile Number').fill('98a22-0');
  await expect(page.getByLabel('Mobile Number')).toHaveValue('98220');

  const notAnImage = testInfo.outputPath('notes.txt');
  await writeFile(notAnImage, 'plain text');
  await page.locator('input[type="file"]').setInputFiles(notAnImage);
  await expect(page.getByText('The logo must be a JPEG, PNG or WebP image.')).toBeVisible();
  await expect(page.getByTestId('logo-preview')).toHaveCount(0);
});
