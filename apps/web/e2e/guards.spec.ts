import { expect, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

test('without a stored token a working screen sends the visitor to Master Login', async ({ page }) => {
  await page.goto(server.tenantUrl('/dashboard'));
  await expect(page).toHaveURL(server.tenantUrl('/admin/login'));
  await expect(page.getByRole('heading', { name: 'Master Login' })).toBeVisible();
  // On a company's address the note shows its staff the way to their own sign-in.
  await page.getByRole('note').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('a USER on an admin route lands on Access Denied', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));

  await page.goto(server.tenantUrl('/admin/dashboard'));
  await expect(page).toHaveURL(server.tenantUrl('/access-denied'));
  await expect(page.getByText('You do not have permission to view this page.')).toBeVisible();
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/'));
});

test('a revoked session shows the expiry message once and goes to Login', async ({ page }) => {
  await page.goto(server.tenantUrl('/access-denied'));
  await page.evaluate(() => {
    localStorage.setItem('authToken', 'not-a-valid-token');
    localStorage.setItem('role', 'USER');
  });
  await page.goto(server.tenantUrl('/dashboard'));
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  await expect(page.getByText('Session expired. Please log in again.')).toHaveCount(1);
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('the sidebar opens the working screens and marks the current one', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Plot Sale Summary' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/sale'));
  await expect(page.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await expect(page.getByText('This screen is coming soon.')).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Plot Sale Summary' })).toHaveAttribute('aria-current', 'page');
});
