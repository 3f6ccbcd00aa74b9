import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

test('a wrong password shows the failure message, which clears after 2 s', async ({ page }) => {
  // The login page is prerendered HTML: Enter sends the form only once the app has taken it over.
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await page.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');

  const message = page.getByText('Login failed: Invalid email or password.');
  await expect(message).toBeVisible();
  const shownAt = Date.now();
  await expect(message).toBeHidden({ timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(1200);
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
});

test('login requires email and password', async ({ page }) => {
  await page.goto(server.tenantUrl('/login'));
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
});
