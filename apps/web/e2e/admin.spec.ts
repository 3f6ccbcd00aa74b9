import { expect, test } from '@playwright/test';
import { storedSession } from './support/pages';
import { SUPER_ADMIN, setupTestServer } from './support/test-server';

const server = setupTestServer();

test('the super admin signs in at Master Login and reaches the admin dashboard', async ({ page }) => {
  await page.goto(server.platformUrl('/admin/login'));
  await expect(page.getByText('This login is for SUPER_ADMIN and TENANT_ADMIN accounts only.')).toBeVisible();
  await page.getByLabel('Email').fill(SUPER_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(SUPER_ADMIN.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(server.platformUrl('/admin/dashboard'));
  await expect(page.getByRole('banner').getByText('Admin Dashboard')).toBeVisible();
  const cards: [string, string][] = [
    ['Manage Tenants', '/admin/tenants'],
    ['Tenant Admins', '/admin/tenant-admins'],
    ['Platform Settings', '/admin/settings'],
    ['Demo Requests', '/admin/demo-requests'],
  ];
  for (const [title, href] of cards) {
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('href', href);
  }
  // The seeded demo tenant is counted on the Manage Tenants card.
  await expect(page.getByText('1 company on the platform.', { exact: false })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
  expect((await storedSession(page)).role).toBe('SUPER_ADMIN');

  await page.getByRole('link', { name: /Manage Tenants/ }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/tenants'));
  await expect(page.getByRole('heading', { name: 'Manage Tenants', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(server.platformUrl('/admin/login'));
  expect((await storedSession(page)).authToken).toBeNull();
});

test('a tenant admin signs in at Master Login on the tenant host and sees the tenant id', async ({ page }) => {
  await page.goto(server.tenantUrl('/admin/login'));
  await page.getByLabel('Email').fill('owner@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('owner1234');
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
  await expect(page.getByTestId('tenant-id')).toHaveText('demo');
  for (const link of ['Manage Tenant Users', 'Manage Projects', 'View Tenant Reports']) {
    await expect(page.getByRole('link', { name: new RegExp(link) })).toBeVisible();
  }
});

test('a user cannot use Master Login', async ({ page }) => {
  await page.goto(server.tenantUrl('/admin/login'));
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert')).toContainText('Unauthorized role');
  await expect(page).toHaveURL(server.tenantUrl('/admin/login'));
});
