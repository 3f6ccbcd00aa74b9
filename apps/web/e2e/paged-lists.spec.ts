import { expect as baseExpect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { callApi } from './support/sales-setup';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
// Hundreds of table rows render slowly on a busy test machine: wait generously for each page to appear.
const expect = baseExpect.configure({ timeout: 60_000 });
test.use({ locale: 'en-IN' });
test.setTimeout(300_000);

const ROWS = 1100;
/** The one row dated last: it sits on the third page of the list. */
const LATE_ROW = 'Zed Kulkarni late payment';

const rupees = (value: number) =>
  `₹ ${new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value)}`;

/** A project with 1,100 purchases over 30 shared dates (saved 500 at a time, as the API allows). */
async function projectWithManyPurchases(page: Page): Promise<{ projectId: number; total: number; late: number }> {
  const { projectId } = await callApi<{ projectId: number }>(page, 'POST', '/project', {
    projectName: `Paging Farm ${Date.now()}`,
    city: 'Nashik',
    totalArea: 50000,
    totalRate: 100,
    plots: [{ plotName: 'PF-1', totalPlotSize: 1000 }],
  });
  const { partnerId } = await callApi<{ partnerId: number }>(page, 'POST', '/partner', {
    partnerName: 'Paging Partner',
    city: 'Nashik',
    projects: [{ projectId, percentageShare: 10 }],
  });
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const isLate = i === 7;
    return {
      projectId,
      partnerId,
      particular: 'Kharedikhar',
      date: isLate ? '2026-12-31' : `2026-01-${String((i % 28) + 1).padStart(2, '0')}`,
      mode: 'Cash',
      modeDetail: 'Paid in cash',
      creditTo: isLate ? LATE_ROW : `Farmer ${String(i).padStart(4, '0')}`,
      modeDate: '',
      amount: 1000 + i + 0.25,
    };
  });
  for (let start = 0; start < ROWS; start += 500) {
    await callApi(page, 'POST', '/purchase', rows.slice(start, start + 500));
  }
  return { projectId, total: rows.reduce((sum, r) => sum + r.amount, 0), late: 1007.25 };
}

test('a purchase list of 1,100 rows loads pages as the user scrolls, totals in SQL and searches the server', async ({
  page,
}) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const { projectId, total, late } = await projectWithManyPurchases(page);

  await page.goto(server.tenantUrl(`/purchase-list?projectId=${projectId}`));
  const table = page.getByRole('table');
  await expect(page.getByText(`500 of ${ROWS} records loaded`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(500);
  // The total row is the server's sum over all 1,100 rows, not over the 500 on screen.
  await expect(page.locator('tfoot')).toContainText(rupees(total));

  // A search finds a row that is on a page not yet loaded, with the total of what matched.
  await page.getByPlaceholder('Search...').fill(LATE_ROW.toLowerCase());
  await expect(page.getByText(`1 of ${ROWS} records`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(LATE_ROW) })).toContainText('31/12/2026');
  await expect(page.locator('tfoot')).toContainText(rupees(late));
  for (const [name, size] of [
    ['desktop', { width: 1366, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(size);
    await snap(page, `paged-list-search-${name}`);
  }
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.getByPlaceholder('Search...').fill('');
  await expect(page.getByText(`500 of ${ROWS} records loaded`)).toBeVisible();

  // The next page comes with the Load more button, from the keyboard.
  const loadMore = page.getByRole('button', { name: /^Load more/ });
  await loadMore.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`1000 of ${ROWS} records loaded`)).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(1000);

  // Scrolling to the end of the loaded rows brings the last page.
  await table.locator('tbody tr').last().scrollIntoViewIfNeeded();
  await expect(page.getByText(`${ROWS} records`, { exact: true })).toBeVisible();
  await expect(table.locator('tbody tr')).toHaveCount(ROWS);
  await expect(loadMore).toHaveCount(0);
  await expect(table.locator('tbody tr').last()).toContainText(LATE_ROW);
  await expect(page.locator('tfoot')).toContainText(rupees(total));
});
