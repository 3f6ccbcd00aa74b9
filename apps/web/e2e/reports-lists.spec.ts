import { expect, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { columnTexts, exportName, openReport } from './support/report-screens';
import { buildProject, projectWithManyReceipts } from './support/sales-setup';
import { SCREENSHOT_DIR, snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN', acceptDownloads: true });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('a report with no rows says so and exports nothing', async ({ page }) => {
  const name = `Empty Reports ${Date.now()}`;
  await buildProject(page, name, ['E-1'], [{ name: `Chetan ${Date.now()}`, share: 100 }]);
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/export')) exports.push(request.url());
  });
  await page.goto(server.tenantUrl('/reports?report=paymentReceipts'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await expect(page.getByText('No receipts found')).toBeVisible();
  await page.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByText('No data available to export!')).toBeVisible();

  await openReport(page, 'Project Wise All Partner Summary');
  await expect(page.getByText('No records found for this project.')).toBeVisible();

  await openReport(page, 'Partner Payment Details');
  await choose(page, 'Partner', /^Chetan/);
  await expect(page.getByText('No records found for this partner.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  expect(exports).toEqual([]);
});

test('a report prints on A4 landscape without the sidebar and the filters', async ({ page }) => {
  await page.goto(server.tenantUrl('/reports?report=projectWise'));
  await expect(page.getByRole('table')).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export' })).toBeHidden();
  await expect(page.getByRole('button', { name: /^Plot Details Summary/ })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Project Wise Summary' })).toBeVisible();
  await expect(page.getByText('All dates')).toBeVisible();
  await expect(page.getByRole('table').locator('tfoot tr')).toBeVisible();
  const pdf = await page.pdf({ preferCSSPageSize: true });
  expect(pdf.byteLength).toBeGreaterThan(1000);
  await page.screenshot({ path: `${SCREENSHOT_DIR}reports-print.png`, fullPage: true });
});

test('Payment Receipts and the partner summary load page by page, search on the server and total every row', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { name, projectId } = await projectWithManyReceipts(page, `Paged Reports ${Date.now()}`);
  const exports: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/export')) exports.push(request.url());
  });

  await page.goto(server.tenantUrl(`/reports?report=paymentReceipts`));
  await choose(page, 'Project', new RegExp(`^${name}`));
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Load more (100 of 130 receipts shown)' })).toBeVisible();
  // The total row is the server's over all 130 lines: 129 × ₹ 1,000 + ₹ 4,321.
  await expect(table.locator('tfoot tr').first()).toContainText('₹ 1,33,321');
  // Sorting waits until every page is here (sorting part of a list would mislead).
  const amountHeader = table.getByRole('columnheader', { name: /^Amount/ });
  await expect(amountHeader.getByRole('button')).toHaveCount(0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-receipts-paged-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // The search runs on the server: it finds the late line, which is not loaded yet.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('zed late');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.getByRole('row', { name: /Zed Late Counter/ })).toContainText('31/12/2026');
  await expect(table.locator('tfoot tr').first()).toContainText('₹ 4,321');
  expect(await exportName(page)).toBe(`PaymentReceipts_${projectId}.xlsx`);
  // The file holds what the search found: the export asks for it with the same q.
  expect(new URL(exports.at(-1) as string).searchParams.get('q')).toBe('zed late');

  await search.fill('');
  await expect(table.locator('tbody tr')).toHaveCount(100);
  // Scrolling to the end of the list brings the rest (a click here would race that load and miss the button).
  await page.getByRole('button', { name: /^Load more/ }).scrollIntoViewIfNeeded();
  await expect(table.locator('tbody tr')).toHaveCount(130);
  await expect(page.getByRole('button', { name: /^Load more/ })).toHaveCount(0);
  await amountHeader.getByRole('button').click();
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending');
  expect((await columnTexts(table, 9)).at(-1)).toBe('₹ 4,321');

  // Project Wise Partner Summary: the same 130 lines are the partner's Receive rows.
  await openReport(page, 'Project Wise All Partner Summary');
  const partners = page.getByRole('table');
  await expect(partners.locator('tbody tr')).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Load more (100 of 130 rows shown)' })).toBeVisible();
  await expect(partners.locator('tfoot')).toContainText('1,33,321');
  // Only partner name, particular, mode and credited-to are searched: a date matches nothing here.
  await page.getByRole('searchbox', { name: 'Search' }).fill('31/12/2026');
  await expect(page.getByText('No records found', { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill('counter 12');
  // Counter 12 and Counter 120 … 128.
  await expect(partners.locator('tbody tr')).toHaveCount(10);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-partner-summary-search-${viewport.name}`);
  }
});

test('a next page that fails keeps the rows shown and says so; Load more tries again', async ({ page }) => {
  test.setTimeout(120_000);
  const { name } = await projectWithManyReceipts(page, `Flaky Network ${Date.now()}`);
  await page.goto(server.tenantUrl('/reports?report=paymentReceipts'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(100);

  // The next page fails (the network drops; the client retries twice), then the network is back.
  const nextPage = /\/api\/report\/payment-receipts\/\d+\?.*cursor=/;
  await page.route(nextPage, (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: /^Load more/ }).click();
  const failed = page.getByRole('alert').filter({ hasText: 'The next rows could not be loaded' });
  await expect(failed).toBeVisible({ timeout: 20_000 });
  await expect(table.locator('tbody tr')).toHaveCount(100);
  await page.unroute(nextPage);
  await page.getByRole('button', { name: /^Load more/ }).click();
  await expect(table.locator('tbody tr')).toHaveCount(130);
  await expect(page.getByRole('alert').filter({ hasText: 'The next rows could not be loaded' })).toHaveCount(0);
});
