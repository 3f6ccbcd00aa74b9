import { expect, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

test('the main journey has no serious or critical accessibility violations', async ({ page }) => {
  // Five full-page axe runs: more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.goto(server.tenantUrl('/'));
  await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
  expect(await seriousViolations(page), 'landing page').toEqual([]);

  await page.goto(server.tenantUrl('/login'));
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  expect(await seriousViolations(page), 'login page').toEqual([]);

  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByText('Active Projects', { exact: true })).toBeVisible();
  expect(await seriousViolations(page), 'dashboard').toEqual([]);

  await page.goto(server.tenantUrl('/purchase'));
  await expect(page.getByRole('button', { name: 'Save All' })).toBeVisible();
  expect(await seriousViolations(page), 'purchase form').toEqual([]);

  await page.goto(server.tenantUrl('/project'));
  await expect(page.getByLabel('Project Name')).toBeVisible();
  expect(await seriousViolations(page), 'project form').toEqual([]);
});
