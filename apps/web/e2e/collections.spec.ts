import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

// Real SMTP: the spec's in-process mail server receives what the app sends.
const server = setupTestServer();
test.use({ locale: 'en-IN' });

const SHOTS = '/work/shots/collect/';
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

async function shoot(page: Page, name: string, fullPage = true) {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: `${SHOTS}${name}.png`, fullPage, animations: 'disabled' });
}

/**
 * Collections on the seeded demo (issue 22): buyers behind on their EMIs show as overdue, aged in buckets; a clerk
 * selects one of Mahesh Thakre's installments and sends a reminder, which reaches his mailbox and shows on the row.
 */
test('open Collections, send a reminder, and the mail arrives and shows on the row', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  // The dashboard's card (the shared machine can be slow to draw the first screen).
  await expect(page.getByText('Overdue Installments')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Collections' }).first().click();
  await expect(page).toHaveURL(server.tenantUrl('/collections'));
  await expect(page.getByRole('heading', { name: 'Collections', level: 1 })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'Mahesh Thakre' });
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('overdue-total')).toContainText('₹');
  await shoot(page, 'collections-before-laptop');

  await page.getByRole('searchbox', { name: 'Search' }).fill('Mahesh');
  await expect(page.getByRole('row').filter({ hasText: 'Vijay Meshram' })).toHaveCount(0);
  const first = rows.first();
  await first.getByRole('checkbox').check();
  await page.getByRole('button', { name: /Send reminder \(1\)/ }).click();
  await expect(page.getByText('1 reminder sent.')).toBeVisible();
  await expect(page.getByText('Mahesh Thakre (mahesh.thakre@example.com)')).toBeVisible();
  const text = await server.mail.waitFor('mahesh.thakre@example.com', /(Dear Mahesh Thakre,[\s\S]*Total: ₹ [\d,.]+)/);
  expect(text).toContain('Green Valley, plot Plot 8: installment');
  await expect(rows.first()).toContainText('mahesh.thakre@example.com');
  await shoot(page, 'collections-sent-laptop');

  // The same installment again within 24 hours: left out, nothing sent.
  await rows.first().getByRole('checkbox').check();
  await page.getByRole('button', { name: /Send reminder \(1\)/ }).click();
  await expect(page.getByText('0 reminders sent; 1 installment left out.')).toBeVisible();
  // ...and the notice says which one and why.
  await expect(page.getByText(/Mahesh Thakre, Plot 8, installment #\d+: reminded in the last 24 hours/)).toBeVisible();
});

for (const viewport of VIEWPORTS) {
  test(`Collections looks right at ${viewport.width}×${viewport.height}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    // The dashboard's card (the shared machine can be slow to draw the first screen).
    await expect(page.getByText('Overdue Installments')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(/installments? overdue · open Collections/)).toBeVisible();
    await shoot(page, `dashboard-${viewport.name}`, false);
    await page.goto(server.tenantUrl('/collections'));
    await expect(
      page.getByRole('row').filter({ hasText: 'Mahesh Thakre' }).or(page.getByText('Mahesh Thakre')).first(),
    ).toBeVisible();
    await shoot(page, `collections-${viewport.name}`);
    await shoot(page, `collections-${viewport.name}-top`, false);
    // Nothing overdue on a day before any installment fell due: the empty state.
    await page.goto(server.tenantUrl('/collections?asOf=2020-01-01'));
    await expect(page.getByText('No installment is overdue. Well done!')).toBeVisible();
    await shoot(page, `collections-empty-${viewport.name}`, false);
  });
}
