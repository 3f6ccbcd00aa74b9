import { expect, test } from '@playwright/test';
import { loginAsSuperAdmin, masterLogin, submitDemoRequest, writePng } from './support/admin-helpers';
import { SCREENSHOT_DIR, snap, VIEWPORTS } from './support/screenshots';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();
for (const viewport of VIEWPORTS) {
  test(
    `admin screenshots at ${viewport.width}×${viewport.height}`,
    { tag: '@screenshots' },
    async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const v = viewport.name;
      // A DataTable is a table on the desktop and one card (role group) per row on a phone.
      const item = (text: string) =>
        page
          .getByRole(v === 'desktop' ? 'row' : 'group')
          .filter({ hasText: text })
          .first();
      const logo = await writePng(testInfo.outputPath('logo.png'), 64);
      const company = `Shree Ganesh Developers ${v === 'desktop' ? 'Pune' : 'Satara'}`;

      await page.goto(server.platformUrl('/create-demo'));
      await page.locator('input[type="file"]').setInputFiles(logo);
      await expect(page.getByTestId('logo-preview')).toBeVisible();
      await snap(page, `create-demo-${v}`);
      await submitDemoRequest(
        page,
        server,
        {
          name: 'Prakash Shinde',
          email: `prakash.${v}@shreeganesh.example`,
          mobileNumber: '9876501234',
          city: 'Pune',
          companyName: company,
          companyLocation: 'Baner, Pune',
        },
        logo,
      );

      await loginAsSuperAdmin(page, server);
      await page.goto(server.platformUrl('/admin/tenants'));
      await expect(item('demo')).toBeVisible();
      await snap(page, `admin-tenants-${v}`);
      await page.getByRole('button', { name: 'User Actions for demo' }).click();
      await expect(page.getByRole('menuitem', { name: 'View Users' })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}admin-tenants-menu-${v}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Show users of demo' }).click();
      await expect(page.getByRole('dialog', { name: 'Users of demo' }).getByText('owner@example.com')).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOT_DIR}admin-tenant-users-panel-${v}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');

      await page.goto(server.platformUrl('/admin/tenant-users?tenant=demo'));
      await expect(item('demo@example.com')).toBeVisible();
      await snap(page, `admin-tenant-users-${v}`);

      await page.goto(server.platformUrl('/admin/tenant-admins'));
      await expect(item('owner@example.com')).toBeVisible();
      await snap(page, `admin-tenant-admins-${v}`);

      await page.goto(server.platformUrl('/admin/settings'));
      await expect(page.getByTestId('mail-transport')).toHaveText('SMTP server');
      await expect(page.getByText('The outbox is empty: mail goes out over SMTP')).toBeVisible();
      await snap(page, `admin-settings-${v}`);

      await page.goto(server.platformUrl('/admin/demo-requests'));
      const row = item(company);
      await expect(row.getByRole('img', { name: `${company} logo` })).toBeVisible();
      await snap(page, `admin-demo-requests-${v}`);
      await row.getByRole('button', { name: `Create Tenant for ${company}` }).click();
      await expect(page.getByRole('dialog').getByLabel('Tenant ID (subdomain)')).not.toHaveValue('');
      await page.screenshot({ path: `${SCREENSHOT_DIR}admin-demo-create-tenant-${v}.png`, animations: 'disabled' });
      await page.keyboard.press('Escape');

      const tenantOrigin = server.tenantUrl('').replace(/\/$/, '');
      await masterLogin(page, tenantOrigin, 'owner@example.com', 'owner1234');
      await expect(page.getByTestId('tenant-id')).toHaveText('demo');
      await expect(page.getByText('3 projects.')).toBeVisible();
      await snap(page, `tenant-admin-dashboard-${v}`);

      await page.goto(server.tenantUrl('/tenant-admin/users'));
      await expect(item('demo@example.com')).toBeVisible();
      await snap(page, `tenant-admin-users-${v}`);

      await page.goto(server.tenantUrl('/tenant-admin/projects'));
      await expect(item('Green Valley')).toBeVisible();
      await snap(page, `tenant-admin-projects-${v}`);
    },
  );
}
