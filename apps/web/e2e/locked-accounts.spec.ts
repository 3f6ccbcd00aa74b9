import { request as httpRequest } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin } from './support/admin-helpers';
import { setupTestServer, type TestServer } from './support/test-server';

// Without SMTP (mail is kept in the outbox) and behind a trusted proxy, so a crowd of addresses can be played.
const server = setupTestServer({ smtp: false, env: { TRUST_PROXY: 'true' } });
const SHOTS = '/work/shots/sec/';
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A sign-in on the demo company's host as if from `address` (X-Forwarded-For, believed by the server). */
function signIn(s: TestServer, emailId: string, password: string, address: string): Promise<number> {
  const body = JSON.stringify({ emailId, password });
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: s.port,
        path: '/api/login',
        method: 'POST',
        headers: {
          host: `demo.localhost:${s.port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': address,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function shoot(page: Page, name: string, fullPage = false) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await page.screenshot({ path: `${SHOTS}${name}.png`, animations: 'disabled', fullPage });
}

for (const [i, viewport] of VIEWPORTS.entries()) {
  test(`locked accounts and the masked outbox at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const email = i === 0 ? 'owner@example.com' : 'demo@example.com';
    const password = i === 0 ? 'owner1234' : 'demo1234';
    await loginAsSuperAdmin(page, server);

    // The default ceiling: 50 wrong passwords for one account from 50 addresses.
    for (let n = 1; n <= 50; n++) expect(await signIn(server, email, 'wrong-guess', `198.51.${i}.${n}`)).toBe(401);
    // The owner on a new device is paused, and (password right) mailed a link, kept masked in the outbox.
    expect(await signIn(server, email, password, `203.0.113.${i + 1}`)).toBe(429);

    await page.goto(server.platformUrl('/admin/dashboard'));
    await page.getByRole('link', { name: /Locked Accounts/ }).click();
    await expect(page).toHaveURL(server.platformUrl('/admin/locked-accounts'));
    const row = page
      .getByRole(viewport.name === 'desktop' ? 'row' : 'group')
      .filter({ hasText: email })
      .first();
    await expect(row).toContainText('demo');
    await shoot(page, `locked-accounts-${viewport.name}`);

    await page.goto(server.platformUrl('/admin/settings'));
    await expect(page.getByText('Mail is not being sent')).toBeVisible();
    const linkMail = page.getByRole('button', { name: /Allow a new device to sign in/ }).first();
    await linkMail.click();
    await expect(page.getByText(/login-link\?token=••••••••/).first()).toBeVisible();
    await expect(page.getByText(/login-link\?token=[\w-]{20}/)).toHaveCount(0);
    await shoot(page, `outbox-${viewport.name}`);
    await shoot(page, `outbox-${viewport.name}-full`, true);

    await page.goto(server.platformUrl('/admin/locked-accounts'));
    await row.getByRole('button', { name: `Unlock ${email} (demo)` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Unlock' }).click();
    await expect(page.getByText('Unlocked. New devices may sign in to this account again.')).toBeVisible();
    await expect(page.getByText(email)).toHaveCount(0);
    expect(await signIn(server, email, password, `203.0.113.${i + 1}`)).toBe(200);
  });
}
