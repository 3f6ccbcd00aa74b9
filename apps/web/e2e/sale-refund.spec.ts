import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

/** A sale of `plotId` that has received `received` by cheque, credited to `partnerId`. */
async function paidSale(page: Page, projectId: number, plotId: number, partnerId: number, received: number) {
  await callApi(page, 'POST', '/sale', {
    projectId,
    plotId,
    saleDate: '2026-09-01',
    saleAmount: 400000,
    paymentType: 'Cash',
    buyerName: `Buyer ${plotId}`,
  });
  await callApi(page, 'POST', '/payment', {
    projectId,
    plotId,
    status: 'Completed',
    payments: [
      { particular: 'Advance', date: '2026-09-05', mode: 'Cheque', modeDetail: '100200', amount: received, partnerId },
    ],
  });
  const sales = await callApi<{ saleId: number; plotId: number }[]>(page, 'GET', `/sale/project/${projectId}`);
  return (sales.find((s) => s.plotId === plotId) as { saleId: number }).saleId;
}

const openAction = async (page: Page, plotName: string, action: string) => {
  const row = page.getByRole('row').filter({ hasText: new RegExp(`^${plotName}`) });
  await row.getByRole('button', { name: `Actions for the sale of ${plotName}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
};

test('a cash refund of ₹ 25,000 shows the s.269T warning before the cancellation is confirmed', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  const project = await buildProject(page, 'Refund Cash Nagar', ['K-1'], [{ name: 'Meera Joshi', share: 100 }]);
  const plot = project.plots[0] as { plotId: number };
  await paidSale(page, project.projectId, plot.plotId, project.partners['Meera Joshi'] as number, 30000);

  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  await openAction(page, 'K-1', 'Cancel sale');
  const dialog = page.getByRole('dialog', { name: 'Cancel the sale of plot K-1' });
  await dialog.getByLabel('Refund amount (₹)').fill('25000');
  await dialog.getByRole('combobox', { name: 'Refund mode' }).click();
  await page.getByRole('option', { name: 'Cash', exact: true }).click();
  await expect(dialog.getByTestId('cancel-cash-warning')).toContainText(
    'Section 269T: a refund in cash of ₹ 25,000.00 to one buyer',
  );
  await dialog.getByLabel('Reason').fill('Buyer withdrew');
  await dialog.getByRole('button', { name: 'Cancel sale' }).click();
  await expect(dialog.getByTestId('cancel-confirm')).toContainText('Refund ₹ 25,000.00 in cash');
  await expect(dialog.getByTestId('cancel-cash-warning')).toBeVisible();
  await snap(page, 'sale-refund-cash-warning-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText('Sale cancelled: plot K-1 is available again. Section 269T')).toBeVisible();
});

test('the Cancellation of a cancelled sale shows the refund, and its cheque is marked cleared with the keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  const project = await buildProject(
    page,
    'Refund Nagar',
    ['R-1', 'R-2'],
    [
      { name: 'Meera Joshi', share: 60 },
      { name: 'Ravi Patil', share: 40 },
    ],
  );
  const plot = project.plots.find((p) => p.plotName === 'R-1') as { plotId: number };
  const saleId = await paidSale(
    page,
    project.projectId,
    plot.plotId,
    project.partners['Meera Joshi'] as number,
    175000,
  );
  await callApi(page, 'POST', `/sale/${saleId}/cancel`, {
    date: '2026-11-10',
    reason: 'Buyer moved to Pune',
    refundAmount: 150000,
    refundMode: 'Cheque',
    modeDetail: 'CHQ 778899',
    retainedAmount: 25000,
  });

  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  // An active sale offers no Cancellation; the cancelled one does.
  await page
    .getByRole('row')
    .filter({ hasText: /^R-1/ })
    .getByRole('button', { name: 'Actions for the sale of R-1' })
    .click();
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Cancellation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancellation of the sale of plot R-1' });
  await expect(dialog.getByTestId('cancellation-received')).toHaveText('₹ 1,75,000.00');
  await expect(dialog.getByTestId('cancellation-refund')).toHaveText('₹ 1,50,000.00 · Cheque · CHQ 778899');
  await expect(dialog.getByTestId('cancellation-refund-status')).toHaveText('Pending');
  await expect(dialog.getByTestId('cancellation-retained')).toHaveText('₹ 25,000.00');
  await expect(dialog.getByTestId('cancellation-paid-by')).toHaveText('Meera Joshi: ₹ 1,50,000.00');
  await expect(dialog.getByTestId('cancellation-reason')).toHaveText('Buyer moved to Pune');
  await expect(dialog).toContainText('10/11/2026');
  await snap(page, 'sale-refund-cancellation-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}sale-refund-cancellation-phone.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1366, height: 650 });

  // A date before the cancellation is refused at the field.
  const date = dialog.getByLabel('Date the cheque was paid');
  await date.click();
  await date.fill('01/11/2026');
  await date.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Refund cheque cleared' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Not before the cancellation date 10/11/2026')).toBeVisible();

  // The day it was paid, then Enter: once, however often pressed.
  await date.click();
  await date.fill('20/11/2026');
  await date.press('Tab');
  let clears = 0;
  page.on('request', (r) => {
    if (r.url().endsWith(`/sale/${saleId}/refund/clear`)) clears += 1;
  });
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(dialog.getByTestId('cancellation-refund-status')).toContainText('Paid');
  await expect(dialog.getByTestId('cancellation-refund-status')).toContainText('on 20/11/2026');
  await expect(dialog.getByRole('button', { name: 'Refund cheque cleared' })).toHaveCount(0);
  expect(clears).toBe(1);
  await snap(page, 'sale-refund-cleared-desktop', { fullPage: false });

  // Cleared meanwhile on another screen: this one's press shows the server's refusal.
  const other = project.plots.find((p) => p.plotName === 'R-2') as { plotId: number };
  const otherSale = await paidSale(
    page,
    project.projectId,
    other.plotId,
    project.partners['Ravi Patil'] as number,
    50000,
  );
  await callApi(page, 'POST', `/sale/${otherSale}/cancel`, {
    date: '2026-11-12',
    reason: 'Loan refused',
    refundAmount: 50000,
    refundMode: 'Cheque',
    modeDetail: 'CHQ 5',
    retainedAmount: 0,
  });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await page.reload();
  await openAction(page, 'R-2', 'Cancellation');
  const second = page.getByRole('dialog', { name: 'Cancellation of the sale of plot R-2' });
  await expect(second.getByTestId('cancellation-refund-status')).toHaveText('Pending');
  await callApi(page, 'POST', `/sale/${otherSale}/refund/clear`, { date: '2026-11-13' });
  await second.getByRole('button', { name: 'Refund cheque cleared' }).click();
  await expect(second.getByRole('alert')).toContainText('This refund is already Completed.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SCREENSHOT_DIR}sale-refund-error-phone.png`, animations: 'disabled' });
});
