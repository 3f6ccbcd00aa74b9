import { expect, type Page, test } from '@playwright/test';
import { loginAsSuperAdmin, masterLogin } from './support/admin-helpers';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
const OWNER = { email: 'owner@example.com', password: 'owner1234' };

/** Every status badge on the page shows its whole word: nothing is cut off with an ellipsis. */
async function expectBadgesFit(page: Page, words: string[]) {
  const badges = page.locator('.mantine-Badge-root').filter({ hasText: new RegExp(`^(${words.join('|')})$`) });
  await expect(badges.first()).toBeVisible();
  const sizes = await badges.evaluateAll((nodes) =>
    nodes.map((node) => {
      const label = node.querySelector('.mantine-Badge-label') ?? node;
      return { text: label.textContent, scroll: label.scrollWidth, client: label.clientWidth };
    }),
  );
  expect(sizes.length).toBeGreaterThan(0);
  expect(sizes.filter((s) => s.scroll > s.client)).toEqual([]);
}

test('each page has its own browser tab title', async ({ page }) => {
  await page.goto(server.tenantUrl('/'));
  await expect(page).toHaveTitle('Plotbook');
  await page.goto(server.tenantUrl('/login'));
  await expect(page).toHaveTitle('Login · Plotbook');
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveTitle('Dashboard · Plotbook');
  for (const [link, title] of [
    ['Plot Purchase From Farmer', 'Plot Purchase From Farmer · Plotbook'],
    ['Plot Development', 'Plot Development · Plotbook'],
    ['Partner', 'Partner · Plotbook'],
    ['Activity', 'Activity · Plotbook'],
  ] as const) {
    await page.getByRole('navigation').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveTitle(title);
  }
  await page.goto(server.tenantUrl('/project/1'));
  await expect(page).toHaveTitle('Edit Project · Plotbook');
  await page.goto(server.tenantUrl('/no-such-page'));
  await expect(page).toHaveTitle('Page not found · Plotbook');

  await loginAsSuperAdmin(page, server);
  await expect(page).toHaveTitle('Admin Dashboard · Plotbook');
  await page.getByRole('link', { name: /Tenant Admins/ }).click();
  await expect(page).toHaveTitle('Tenant Admins · Plotbook');
});

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('the Enabled badges of the user tables fit, long names and emails included', async ({ page }) => {
    await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
    // Long cells squeeze the other columns of a full-width table.
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/tenant-admin/users', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify({
          name: 'Venkatanarasimharajuvaripeta Subramanyam Iyer',
          email: 'venkatanarasimharajuvaripeta.subramanyam@landholdings-maharashtra.example',
          mobileNumber: '9811122233',
          city: 'Chhatrapati Sambhajinagar',
        }),
      });
      return response.status;
    });
    expect(created).toBe(201);
    await page.goto(server.tenantUrl('/tenant-admin/users'));
    await expect(page.getByRole('row').filter({ hasText: DEMO_USER.email })).toBeVisible();
    await expectBadgesFit(page, ['Enabled', 'Disabled']);

    await loginAsSuperAdmin(page, server);
    await page.goto(server.platformUrl('/admin/tenant-admins'));
    await expect(page.getByRole('row').filter({ hasText: OWNER.email })).toBeVisible();
    await expectBadgesFit(page, ['Enabled', 'Disabled']);
    await page.goto(server.platformUrl('/admin/tenant-users?tenant=demo'));
    await expect(page.getByRole('row').filter({ hasText: DEMO_USER.email })).toBeVisible();
    await expectBadgesFit(page, ['Enabled', 'Disabled']);
  });
});

test('plot options show their size grouped the Indian way', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.goto(server.tenantUrl('/development'));
  await choose(page, 'Project', /^Green Valley/);
  await choose(page, 'Category', 'Per plot');
  await page.getByRole('combobox', { name: 'Plot', exact: true }).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  const labels = await options.allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) expect(label).toMatch(/^Plot \d+ \(\d{1,2}(,\d{2})*,\d{3}(\.\d{1,2})? sq\.ft\)$/);
});

test('counts read as English: a refused project deletion names its entries', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.goto(server.tenantUrl('/view-projects'));
  const greenValley = page.getByRole('article', { name: 'Green Valley - Nagpur' });
  await greenValley.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
  const reason = greenValley.getByText(/Green Valley has .+ recorded and cannot be deleted\./);
  await expect(reason).toBeVisible();
  const text = (await reason.textContent()) ?? '';
  // The demo's receipts and payouts are dated relative to today, so their counts vary with the day.
  expect(text).toMatch(
    /^Green Valley has \d+ purchase entries, 11 development entries, \d+ sales, \d+ receipts, \d+ partner payouts recorded and cannot be deleted\. Archive it instead: it leaves the lists and its money stays in the reports\.$/,
  );
});
