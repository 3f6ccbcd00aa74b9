import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { columnTexts, exportName, openReport } from './support/report-screens';
import { buildProject, callApi, sellPlot } from './support/sales-setup';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN', acceptDownloads: true });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

interface Example {
  name: string;
  projectId: number;
  asha: string;
  bhaskar: string;
}

/**
 * A project with three plots and two partners: Asha (60 %) paid ₹ 2,00,000 for the land and
 * Bhaskar (40 %) ₹ 1,00,000 for the road. R-1 sold for ₹ 5,00,000 (Cash) with ₹ 1,50,000 received through Asha;
 * R-2 sold on EMI for ₹ 3,00,000: ₹ 60,000 advance received, ₹ 2,40,000 in three installments of ₹ 80,000 from
 * November 2026.
 */
async function buildExample(page: Page): Promise<Example> {
  const suffix = String(Date.now());
  const asha = `Asha ${suffix}`;
  const bhaskar = `Bhaskar ${suffix}`;
  const name = `Report Farm ${suffix}`;
  const project = await buildProject(
    page,
    name,
    ['R-1', 'R-2', 'R-10'],
    [
      { name: asha, share: 60 },
      { name: bhaskar, share: 40 },
    ],
  );
  const { projectId } = project;
  const ashaId = project.partners[asha] as number;
  const bhaskarId = project.partners[bhaskar] as number;
  const plot = (plotName: string) => project.plots.find((p) => p.plotName === plotName)?.plotId ?? 0;
  await callApi(page, 'POST', '/purchase', [
    { projectId, partnerId: ashaId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 200000 },
  ]);
  await callApi(page, 'POST', '/development', [
    {
      projectId,
      partnerId: bhaskarId,
      category: 'per_project',
      plotId: null,
      particular: 'Road Rate',
      date: '2026-04-01',
      mode: 'Cash',
      amount: 100000,
    },
  ]);
  await sellPlot(page, { projectId, plotId: plot('R-1'), saleAmount: 500000, received: 150000, partnerId: ashaId });
  await callApi(page, 'POST', '/sale', {
    projectId,
    plotId: plot('R-2'),
    saleDate: '2026-10-02',
    saleAmount: 300000,
    paymentType: 'EMI',
    advanceAmount: 60000,
    visarpawatiAmount: 0,
    emiDuration: 3,
    emiDate: '2026-11-05',
    buyerName: 'Sunita Rao',
  });
  await callApi(page, 'POST', '/payment', {
    projectId,
    plotId: plot('R-2'),
    status: 'Completed',
    payments: [{ particular: 'Advance', date: '2026-10-03', mode: 'UPI', amount: 60000, partnerId: bhaskarId }],
  });
  return { name, projectId, asha, bhaskar };
}

test('the dashboard opens each report: search, sort, totals, export, and the EMI modal', async ({ page }) => {
  test.setTimeout(120_000);
  const example = await buildExample(page);
  const projectOption = new RegExp(`^${example.name}`);

  await page.goto(server.tenantUrl('/reports'));
  await expect(page.getByRole('heading', { level: 1, name: 'Report Dashboard' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Please select a report from the list above.')).toBeVisible();
  for (const label of [
    'Project Details Summary',
    'Plot Details Summary',
    'Payment Receipts Summary',
    'Farmer Account Summary',
    'Payment Received Month Wise',
    'Payment Expected Month Wise',
    'Project Wise All Partner Summary',
    'Partner Payment Details',
  ]) {
    await expect(page.getByRole('button', { name: new RegExp(`^${label}`) })).toBeVisible();
  }
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-dashboard-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // 2. Plot Details Summary: sort (numeric-aware, ascending then descending), search, total, export.
  await openReport(page, 'Plot Details Summary');
  await expect(page).toHaveURL(/report=plotWise/);
  await choose(page, 'Project', projectOption);
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    /^Plot Name/,
    /^Investment/,
    /^Profit/,
    /^Amount Received/,
    /^Pending Balance/,
    /^Total/,
    /^Created Date/,
    /^Transfer Fees/,
    /^Forfeited on cancellations/,
  ]);
  await expect(table.locator('tbody tr')).toHaveCount(3);
  const plotHeader = table.getByRole('columnheader', { name: /^Plot Name/ });
  await plotHeader.getByRole('button').click();
  await expect(plotHeader).toHaveAttribute('aria-sort', 'ascending');
  expect(await columnTexts(table, 0)).toEqual(['R-1', 'R-2', 'R-10']);
  await plotHeader.getByRole('button').click();
  await expect(plotHeader).toHaveAttribute('aria-sort', 'descending');
  expect(await columnTexts(table, 0)).toEqual(['R-10', 'R-2', 'R-1']);
  const footer = table.locator('tfoot tr');
  await expect(footer.getByRole('cell').first()).toHaveText('Total');
  // Amount received over the project: 1,50,000 + 60,000, rounded numbers without ₹ (spec 001 §9).
  await expect(footer.getByRole('cell').nth(3)).toHaveText('2,10,000');
  await expect(footer.getByRole('cell').first()).toHaveCSS('font-weight', '700');
  await page.getByRole('searchbox', { name: 'Search' }).fill('r-10');
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search' }).fill('');
  expect(await exportName(page)).toBe(`PlotReport_${example.projectId}.xlsx`);
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Plot Details Summary' })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(3);
  expect(await seriousViolations(page), 'accessibility of a report').toEqual([]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-plot-wise-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // 1. Project Wise Summary: every project, ₹ whole rupees; search narrows to ours.
  await openReport(page, 'Project Details Summary');
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(example.name);
  const projectRow = page.getByRole('table').locator('tbody tr');
  await expect(projectRow).toHaveCount(1);
  // Investment 3,00,000 (land + road); received 2,10,000.
  await expect(projectRow.getByRole('cell').nth(1)).toHaveText('₹ 3,00,000');
  await expect(projectRow.getByRole('cell').nth(3)).toHaveText('₹ 2,10,000');
  expect(await exportName(page)).toBe('ProjectReport.xlsx');

  // 3. Payment Receipts: the project stays chosen from the report before.
  await openReport(page, 'Payment Receipts Summary');
  const receipts = page.getByRole('table');
  await expect(receipts.locator('tbody tr')).toHaveCount(2);
  await expect(receipts.getByRole('row', { name: /R-2/ })).toContainText('UPI');
  // Received (Completed) first, then Pending and Cancelled / Bounced apart: never all three added.
  const receiptTotals = receipts.locator('tfoot tr');
  await expect(receiptTotals).toHaveCount(3);
  await expect(receiptTotals.nth(0)).toContainText('Received (Completed)');
  await expect(receiptTotals.nth(0)).toContainText('₹ 2,10,000');
  await expect(receiptTotals.nth(1)).toContainText('Pending');
  await expect(receiptTotals.nth(2)).toContainText('Cancelled / Bounced');
  const amountHeader = receipts.getByRole('columnheader', { name: /^Amount/ });
  await amountHeader.getByRole('button').click();
  expect(await columnTexts(receipts, 9)).toEqual(['₹ 60,000', '₹ 1,50,000']);
  expect(await exportName(page)).toBe(`PaymentReceipts_${example.projectId}.xlsx`);

  // 4. Farmer Account Summary: Show loads the land payments; Grand Total with two decimals.
  await openReport(page, 'Farmer Account Summary');
  await page.getByRole('button', { name: 'Show' }).click();
  const farmer = page.getByRole('table');
  await expect(farmer.getByRole('row', { name: /Kharedikhar/ })).toContainText('₹ 2,00,000.00');
  await expect(farmer.locator('tfoot tr')).toContainText('Grand Total');
  expect(await exportName(page)).toBe('FarmerAccount.xlsx');

  // 5. Payment Details - Month Wise.
  await openReport(page, 'Payment Received Month Wise');
  const months = page.getByRole('table');
  await expect(months.getByRole('row', { name: /Oct 2026/ })).toBeVisible();
  await expect(months.locator('tfoot tr').getByRole('cell').first()).toHaveText('Total');
  expect(await exportName(page)).toBe(`PaymentMonthWise_${example.projectId}.xlsx`);

  // 6. Payment Expected - Month Wise: three months of ₹ 80,000 from R-2; a plot opens Plot EMI Details, whose
  // installment (number, due date, paid, state) is loaded for that month when the modal opens.
  await openReport(page, 'Payment Expected Month Wise');
  const expected = page.getByRole('table');
  await expect(page.getByPlaceholder('Search by month or plot')).toBeVisible();
  await expect(expected.locator('tbody tr')).toHaveCount(3);
  await expect(expected.locator('tfoot tr')).toContainText('2,40,000');
  await page.getByPlaceholder('Search by month or plot').fill('Dec');
  await expect(expected.locator('tbody tr')).toHaveCount(1);
  const monthDetails = page.waitForResponse((res) =>
    res.url().endsWith(`/api/report/payment-expected-month-wise/${example.projectId}/2026-12`),
  );
  await expected.getByRole('button', { name: 'R-2' }).click();
  expect((await monthDetails).status()).toBe(200);
  const modal = page.getByRole('dialog', { name: 'Plot EMI Details' });
  await expect(modal).toContainText('Dec 2026');
  await expect(modal).toContainText('R-2');
  await expect(modal).toContainText('₹ 80,000.00');
  // Only the advance was received: installment 2 (due 5 Dec 2026) has nothing paid.
  await expect(modal).toContainText('2, due 05/12/2026');
  await expect(modal).toContainText('₹ 0.00');
  const today = new Date().toISOString().slice(0, 10);
  await expect(modal).toContainText(today > '2026-12-05' ? 'Overdue' : 'Due');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-emi-modal-${viewport.name}`, { fullPage: false });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await modal.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(modal).toHaveCount(0);
  expect(await exportName(page)).toBe('PaymentExpectedMonthWise.xlsx');

  // 7. Project Wise Partner Summary: Pay and Receive rows of both partners; search by partner.
  await openReport(page, 'Project Wise All Partner Summary');
  const partners = page.getByRole('table');
  await expect(partners.locator('tbody tr')).toHaveCount(4);
  await page.getByRole('searchbox', { name: 'Search' }).fill(example.asha);
  await expect(partners.locator('tbody tr')).toHaveCount(2);
  expect(await exportName(page)).toBe('PartnerSummary.xlsx');

  // 8. Partner Payment Details: Pay red, Receive green.
  await openReport(page, 'Partner Payment Details');
  await choose(page, 'Partner', new RegExp(`^${example.asha}`));
  const details = page.getByRole('table');
  const pay = details.getByRole('row', { name: /Kharedikhar/ });
  const receive = details.getByRole('row', { name: /Advance/ });
  await expect(pay).toHaveAttribute('data-tone', 'red');
  await expect(receive).toHaveAttribute('data-tone', 'green');
  await expect(pay.getByRole('cell').first()).toHaveText('1');
  await expect(details.locator('tfoot')).toContainText('Total Pay');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `reports-partner-details-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
  expect(await exportName(page)).toBe('PartnerPaymentDetails.xlsx');

  // Reset Selection goes back to the overview; Back returns to the report.
  await page.getByRole('button', { name: 'Reset Selection' }).click();
  await expect(page.getByText('Please select a report from the list above.')).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: 'Partner Payment Details' })).toBeVisible();
});
