import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin } from './support/admin-helpers';
import { setupTestServer } from './support/test-server';

// Without SMTP: mail is kept in the outbox with its passwords masked, so the super admin must be told.
const server = setupTestServer({ smtp: false });
const SHOTS = '/work/shots/sec2/';
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const NOT_MAILED =
  'Mail is not sent: SMTP is not configured, so nobody can read the password. Add an admin with a password you choose (Tenant Users → Add New User), or configure SMTP_URL.';

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}${name}.png`, animations: 'disabled' });
}

for (const [i, viewport] of VIEWPORTS.entries()) {
  test(`without SMTP, creating a company and resetting its admin say the password was not mailed at ${viewport.width}×${viewport.height}`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await loginAsSuperAdmin(page, server);
    await page.goto(server.platformUrl('/admin/tenants'));
    const form = page.getByRole('form', { name: 'Create Tenant' });
    const email = `chief${i}@boxed.test`;
    await form.getByLabel('Tenant ID (subdomain)').fill(`boxed-${i}`);
    await form.getByLabel('Database name').fill(`boxed_${i}`);
    await form.getByLabel('DB username').fill(`boxed_${i}_app`);
    await form.getByLabel('DB password').fill('db-secret-42');
    await form.getByLabel('Initial admin email (optional)').fill(email);
    await form.getByRole('button', { name: 'Create Tenant' }).click();
    const banner = page.getByTestId('form-status');
    await expect(banner).toContainText(`Tenant "boxed-${i}" created.`, { timeout: 30_000 });
    await expect(banner).toContainText(NOT_MAILED);
    await banner.scrollIntoViewIfNeeded();
    await shoot(page, `create-tenant-no-smtp-${viewport.name}`);

    await page.goto(server.platformUrl('/admin/tenant-admins'));
    await page.getByRole('button', { name: `Reset password of ${email}` }).click();
    await page
      .getByRole('dialog', { name: 'Reset password' })
      .getByRole('button', { name: 'Send new password' })
      .click();
    await expect(page.getByText(`The password was reset. ${NOT_MAILED}`)).toBeVisible();
    await shoot(page, `reset-admin-no-smtp-${viewport.name}`);
  });
}
