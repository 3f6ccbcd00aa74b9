import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin } from './support/admin-helpers';
import { choose, fillDate } from './support/forms';
import { snap } from './support/screenshots';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** A wrong password at Master Login on the platform, sent straight to the API: a refused sign-in on the trail. */
async function refusedSignIn(page: Page, email: string) {
  const res = await page.request.post(server.platformUrl('/api/master/login'), {
    data: { email, password: 'not-the-password-1' },
  });
  expect(res.status()).toBe(401);
}

for (const viewport of VIEWPORTS) {
  test(`the super admin reads the platform trail at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const v = viewport.name;
    const typed = `intruder.${v}@example.com`;
    await refusedSignIn(page, typed);
    await loginAsSuperAdmin(page, server);

    // Listed in the super admin's area.
    await page.getByRole('link', { name: /Platform Trail/ }).click();
    await expect(page).toHaveURL(server.platformUrl('/admin/platform-trail'));
    await expect(page.getByRole('heading', { name: 'Platform Trail', level: 1 })).toBeVisible();

    // Newest first: the super admin's own sign-in, then the refused one naming the email typed.
    const entries = page.getByRole(v === 'desktop' ? 'row' : 'group');
    const signedIn = entries.filter({ hasText: 'Signed in' }).first();
    await expect(signedIn).toContainText('Super Admin');
    await expect(signedIn).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    const refused = entries.filter({ hasText: typed });
    await expect(refused).toHaveCount(1);
    await expect(refused).toContainText('Sign-in refused');
    await expect(refused).toContainText('Invalid email or password.');
    await snap(page, `admin-platform-trail-${v}`);

    // The action filter asks the server for refused sign-ins only.
    await choose(page, 'Action', 'Sign-in refused');
    await expect(entries.filter({ hasText: 'Signed in' })).toHaveCount(0);
    await expect(entries.filter({ hasText: typed })).toHaveCount(1);

    // Days with nothing on them: the empty state, not an empty table.
    await fillDate(page, 'From', '01/01/2020');
    await fillDate(page, 'To', '02/01/2020');
    await expect(
      page.getByRole('status').filter({ hasText: 'Nothing on the trail matches these filters.' }),
    ).toBeVisible();
    await snap(page, `admin-platform-trail-empty-${v}`);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(entries.filter({ hasText: 'Signed in' }).first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Action' })).toHaveValue('');
  });
}
