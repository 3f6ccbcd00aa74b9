import { expect, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { SCREENSHOT_DIR, snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
for (const viewport of VIEWPORTS) {
  test(`screenshots at ${viewport.width}×${viewport.height}`, { tag: '@screenshots' }, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    await page.goto(server.tenantUrl('/'));
    await expect(page.getByRole('link', { name: 'Register' }).first()).toBeVisible();
    await expect(page.getByText('1,247')).toBeVisible();
    await snap(page, `landing-user-${viewport.name}`);

    await page.goto(server.platformUrl('/'));
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin/login');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveCount(0);
    await snap(page, `landing-admin-${viewport.name}`);

    await page.goto(server.tenantUrl('/login'));
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await snap(page, `login-${viewport.name}`);

    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    await expect(page.getByText('Green Valley', { exact: true })).toBeVisible();
    await snap(page, `dashboard-${viewport.name}`);

    if (viewport.name === 'phone') {
      await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(
        page.getByRole('navigation', { name: 'Main navigation' }).getByText('Payment Receipt'),
      ).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}dashboard-menu-phone.png`, animations: 'disabled' });
    }
  });
}
