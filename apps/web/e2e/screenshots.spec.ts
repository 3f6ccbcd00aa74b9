import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
const OUT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

async function snap(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${OUT_DIR}${name}.png`, fullPage: true, animations: 'disabled' });
}

test.beforeAll(async () => {
  await mkdir(OUT_DIR, { recursive: true });
});

for (const viewport of VIEWPORTS) {
  test(`screenshots at ${viewport.width}×${viewport.height}`, async ({ page }) => {
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
      await page.screenshot({ path: `${OUT_DIR}dashboard-menu-phone.png`, animations: 'disabled' });
    }
  });
}
