import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin, masterLogin, tenantOrigin } from './support/admin-helpers';
import { choose } from './support/forms';
import { gotoHydrated } from './support/pages';
import { snap, VIEWPORTS } from './support/screenshots';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();
const OWNER = { email: 'owner@example.com', password: 'owner1234' };

async function loginAsOwner(page: Page) {
  await masterLogin(page, tenantOrigin(server, 'demo'), OWNER.email, OWNER.password);
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
}

/** The sidebar's way back from the working area to the tenant admin's own screens. */
async function backToAdminArea(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin area' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
  await expect(page.getByRole('heading', { name: 'Tenant Admin Dashboard' })).toBeVisible();
}

async function addTenantAdmin(page: Page, tenantId: string, name: string, email: string) {
  const form = page.getByRole('form', { name: 'Add Tenant Admin' });
  await choose(page, 'Tenant', tenantId);
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Create Tenant Admin' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Tenant admin created. A password was emailed to ${email}; it must be changed at first sign-in.`,
  );
}

test('a tenant admin goes from the admin area to the working screens and back', async ({ page }) => {
  await loginAsOwner(page);
  await expect(page).toHaveTitle('Tenant Admin Dashboard · Plotbook');

  // The top bar's Working area opens the company's dashboard, whose sidebar leads back.
  await page.getByRole('link', { name: 'Working area', exact: true }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByText('Active Projects', { exact: true })).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Plot Purchase From Farmer' }).click();
  await expect(page.getByRole('heading', { name: 'Plot Purchase From Farmer' })).toBeVisible();
  await backToAdminArea(page);

  // The dashboard's cards: reports and the working area, each with the way back.
  await page.getByRole('link', { name: /View Tenant Reports/ }).click();
  await expect(page).toHaveURL(server.tenantUrl('/reports'));
  await backToAdminArea(page);
  await page.getByRole('link', { name: /Open Working Area/ }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await backToAdminArea(page);

  // Manage Projects hands over to the Project screen, and the sidebar leads back again.
  await page.getByRole('link', { name: /Manage Projects/ }).click();
  await page.getByRole('link', { name: 'Open Project screen' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/project'));
  await expect(page.getByRole('heading', { name: 'Create Project' })).toBeVisible();
  await backToAdminArea(page);
});

test('a plain user has no way into the admin area', async ({ page }) => {
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link')).not.toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Admin area' })).toHaveCount(0);
  await page.goto(server.tenantUrl('/tenant-admin/dashboard'));
  await expect(page).toHaveURL(server.tenantUrl('/access-denied'));
});

test('the super admin creates a tenant admin, who signs in with the mailed password and must change it', async ({
  page,
  browser,
}) => {
  await loginAsSuperAdmin(page, server);
  await page.getByRole('link', { name: /Tenant Admins/ }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/tenant-admins'));

  const form = page.getByRole('form', { name: 'Add Tenant Admin' });
  await form.getByRole('button', { name: 'Create Tenant Admin' }).click();
  await expect(form.getByText('Tenant ID is required')).toBeVisible();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();

  const email = 'kavita.joshi@example.com';
  await addTenantAdmin(page, 'demo', 'Kavita Joshi', email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('demo');
  await expect(row).toContainText('Kavita Joshi');
  await expect(row).toContainText('Enabled');

  // The same email again in the same company is refused under the field.
  await addTenantAdminExpectingError(page, email);

  const password = await server.mail.waitFor(email, /^Password: (\S+)$/m);
  const admin = await browser.newPage();
  await masterLogin(admin, tenantOrigin(server, 'demo'), email, password);
  await expect(admin).toHaveURL(server.tenantUrl('/resetPwd'));
  await expect(admin.getByText('Please reset your password before you continue.')).toBeVisible();
  await admin.close();
});

async function addTenantAdminExpectingError(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Add Tenant Admin' });
  await form.getByLabel('Name').fill('Someone Else');
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Create Tenant Admin' }).click();
  await expect(form.getByRole('alert')).toHaveText('Email already exists in this tenant.');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email already exists in this tenant.');
}

test('the super admin disables, enables and mails a new password to a tenant admin', async ({ page, browser }) => {
  const email = 'suresh.patil@example.com';
  await loginAsSuperAdmin(page, server);
  await page.goto(server.platformUrl('/admin/tenant-admins'));
  await addTenantAdmin(page, 'demo', 'Suresh Patil', email);
  const row = page.getByRole('row').filter({ hasText: email });

  await row.getByRole('button', { name: `Disable ${email} of demo` }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable tenant admin' });
  await expect(confirm).toContainText('cannot sign in until enabled again');
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(row).toContainText('Disabled');

  const mailsBefore = server.mail.messages.length;
  await row.getByRole('button', { name: `Reset password of ${email} of demo` }).click();
  await page.getByRole('dialog', { name: 'Reset password' }).getByRole('button', { name: 'Send new password' }).click();
  await expect(page.getByText(`A temporary password was emailed to ${email}.`, { exact: false })).toBeVisible();
  const temporary = await server.mail.waitFor(email, /^Temporary password: (\S+)$/m, { after: mailsBefore });

  const admin = await browser.newPage();
  await admin.goto(server.tenantUrl('/admin/login'));
  await admin.getByLabel('Email').fill(email);
  await admin.getByRole('textbox', { name: 'Password', exact: true }).fill(temporary);
  await admin.getByRole('button', { name: 'Login' }).click();
  await expect(admin.getByText('Your account is disabled. Please contact your administrator.')).toBeVisible();

  await row.getByRole('button', { name: `Enable ${email} of demo` }).click();
  await page.getByRole('dialog', { name: 'Enable tenant admin' }).getByRole('button', { name: 'Enable' }).click();
  await expect(row).toContainText('Enabled');
  await admin.getByRole('button', { name: 'Login' }).click();
  await expect(admin).toHaveURL(server.tenantUrl('/resetPwd'));
  await admin.close();
});

for (const viewport of VIEWPORTS) {
  const size = viewport.name === 'desktop' ? { width: 1366, height: 800 } : viewport;
  test(`tenant admin screenshots at ${size.width}×${size.height}`, { tag: '@screenshots' }, async ({ page }) => {
    await page.setViewportSize(size);
    const v = viewport.name;
    await loginAsSuperAdmin(page, server);
    await page.goto(server.platformUrl('/admin/tenant-admins'));
    await expect(page.getByText(OWNER.email).first()).toBeVisible();
    await snap(page, `tenant-admins-${v}`);

    await loginAsOwner(page);
    await expect(page.getByTestId('tenant-id')).toHaveText('demo');
    await expect(page.getByRole('link', { name: /Manage Projects/ })).toContainText('3 projects.');
    await snap(page, `tenant-admin-dashboard-${v}`);
    await page.getByRole('link', { name: 'Working area', exact: true }).click();
    await expect(page.getByText('Active Projects', { exact: true })).toBeVisible();
    await snap(page, `tenant-admin-working-area-${v}`, { fullPage: false });
    if (v === 'phone') {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(page.getByRole('link', { name: 'Admin area' })).toBeVisible();
      await snap(page, `tenant-admin-working-area-nav-${v}`, { fullPage: false });
      await backToAdminArea(page);
    }
  });
}
