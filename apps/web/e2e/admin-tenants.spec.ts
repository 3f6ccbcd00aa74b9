import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin } from './support/admin-helpers';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();

/** Mantine ties an input to its error with aria-describedby. */
async function expectFieldError(page: Page, label: string, message: string) {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  await expect(page.getByLabel(label)).toHaveAccessibleDescription(new RegExp(escaped));
}

function tenantRows(page: Page) {
  return page.getByRole('table').getByRole('row');
}

test('the tenant form shows each problem under its field and creates a tenant', async ({ page }) => {
  await loginAsSuperAdmin(page, server);
  await page.getByRole('link', { name: /Manage Tenants/ }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/tenants'));
  const form = page.getByRole('form', { name: 'Create Tenant' });
  await expect(form.getByLabel('Tenant ID (subdomain)')).toBeFocused();

  await form.getByRole('button', { name: 'Create Tenant' }).click();
  await expectFieldError(page, 'Tenant ID (subdomain)', 'Tenant ID is required');
  await expectFieldError(page, 'Database name', 'Database name is required');
  await expectFieldError(page, 'DB username', 'DB username is required');
  await expectFieldError(page, 'DB password', 'DB password must be at least 8 characters');

  // Spaces are dropped and letters lower-cased as typed, and editing a field clears its error only.
  await form.getByLabel('Tenant ID (subdomain)').pressSequentially('Acme Co');
  await expect(form.getByLabel('Tenant ID (subdomain)')).toHaveValue('acmeco');
  await expect(page.getByText('Tenant ID is required')).toHaveCount(0);
  await expect(page.getByText('Database name is required')).toBeVisible();
  await form.getByLabel('Tenant ID (subdomain)').fill('1acme');
  await form.getByRole('button', { name: 'Create Tenant' }).click();
  await expectFieldError(
    page,
    'Tenant ID (subdomain)',
    'Tenant ID must be 2–40 lower-case letters, digits or - and start with a letter',
  );

  await form.getByLabel('Tenant ID (subdomain)').fill('acme-co');
  await form.getByLabel('Database name').fill('acme_co');
  await form.getByLabel('DB username').fill('acme_co_app');
  await form.getByLabel('DB password').fill('db-secret-42');
  await form.getByLabel('Initial admin email (optional)').fill('not-an-email');
  await form.getByRole('button', { name: 'Create Tenant' }).click();
  await expectFieldError(page, 'Initial admin email (optional)', 'Enter a valid email address');
  await form.getByLabel('Initial admin email (optional)').fill('');
  await form.getByRole('button', { name: 'Create Tenant' }).click();

  // Creating a company runs every migration of its schema: seconds on a loaded machine.
  await expect(page.getByTestId('form-status')).toHaveText('Tenant "acme-co" created.', { timeout: 30_000 });
  await expect(form.getByLabel('Tenant ID (subdomain)')).toHaveValue('');
  await expect(form.getByLabel('Database name')).toHaveValue('');
  await expect(tenantRows(page).filter({ hasText: 'acme-co' })).toContainText('acme_co');

  // The server's refusal shows in the danger banner and under its field.
  await form.getByLabel('Tenant ID (subdomain)').fill('acme-co');
  await form.getByLabel('Database name').fill('acme_two');
  await form.getByLabel('DB username').fill('acme_two_app');
  await form.getByLabel('DB password').fill('db-secret-42');
  await form.getByRole('button', { name: 'Create Tenant' }).click();
  await expect(page.getByTestId('form-status')).toHaveText('Tenant ID already exists.');
  await expectFieldError(page, 'Tenant ID (subdomain)', 'Tenant ID already exists.');

  // Click-to-sort: ascending first, then descending.
  await page.getByRole('button', { name: 'TenantId' }).click();
  await expect(tenantRows(page).nth(1)).toContainText('acme-co');
  await page.getByRole('button', { name: 'TenantId' }).click();
  await expect(tenantRows(page).nth(1)).toContainText('demo');
  // Refresh loads the same list again, the new tenant in it.
  const shown = await tenantRows(page).count();
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(tenantRows(page)).toHaveCount(shown);
  await expect(tenantRows(page).filter({ hasText: 'acme-co' })).toHaveCount(1);

  // The users panel opens from the row.
  await page.getByRole('button', { name: 'Show users of demo' }).click();
  const panel = page.getByRole('dialog', { name: 'Users of demo' });
  const owner = panel.getByRole('group').filter({ hasText: 'owner@example.com' });
  await expect(owner).toContainText('Demo Owner');
  await expect(owner).toContainText('ID');
  await expect(panel.getByRole('group').filter({ hasText: 'demo@example.com' })).toContainText('Demo User');
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  // User Actions → View Users opens the tenant users screen with the tenant chosen.
  await page.getByRole('button', { name: 'User Actions for demo' }).click();
  await page.getByRole('menuitem', { name: 'View Users' }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/tenant-users?tenant=demo'));
  await expect(page.getByRole('row').filter({ hasText: 'demo@example.com' })).toBeVisible();
});

test('the tenant users screen lists a tenant’s users and adds one', async ({ page }) => {
  await loginAsSuperAdmin(page, server);
  await page.goto(server.platformUrl('/admin/tenant-users'));
  await expect(page.getByRole('heading', { name: 'Tenant User Management' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load Users' })).toBeDisabled();

  await page.getByRole('combobox', { name: 'Tenant' }).click();
  await page.getByRole('option', { name: 'demo' }).click();
  await page.getByRole('button', { name: 'Load Users' }).click();
  const table = page.getByRole('table');
  await expect(table.getByRole('row').filter({ hasText: 'owner@example.com' })).toContainText('Tenant admin');
  await expect(table.getByRole('row').filter({ hasText: 'demo@example.com' })).toContainText('User');
  await expect(page.getByText('"email"')).toHaveCount(0); // a table, not raw JSON

  const form = page.getByRole('form', { name: 'Add New User' });
  await form.getByRole('button', { name: 'Create User' }).click();
  for (const message of ['Name is required', 'Email is required', 'Mobile number is required', 'City is required']) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }

  const email = 'sunil.more@example.com';
  await form.getByLabel('Name').fill('Sunil More');
  await form.getByLabel('Email').fill(email);
  // An Indian number as people write it is accepted, stored as +91 and ten digits and shown grouped.
  await form.getByLabel('Mobile Number').fill('+91 99887 76655');
  await form.getByLabel('City').fill('Kolhapur');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText('User created successfully')).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('Sunil More');
  await expect(table.getByRole('row').filter({ hasText: email })).toContainText('+91 99887 76655');
  // No password given: one is mailed.
  await server.mail.waitFor(email, /^Password: (\S+)$/m);

  await form.getByLabel('Name').fill('Sunil Again');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Mobile Number').fill('9988776655');
  await form.getByLabel('City').fill('Kolhapur');
  await form.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('alert')).toContainText('Error creating user');
  await expect(page.getByRole('alert')).toContainText('Email already exists in this tenant.');
});
