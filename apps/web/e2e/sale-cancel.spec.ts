import { expect, test } from '@playwright/test';
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

test('cancels a sale with a partial refund by cheque, then the plot is sold again from received 0', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  const project = await buildProject(page, 'Cancel Nagar', ['A-14', 'A-15'], [{ name: 'Meera Joshi', share: 100 }]);
  const plot = project.plots.find((p) => p.plotName === 'A-14') as { plotId: number };
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: plot.plotId,
    saleDate: '2026-09-01',
    saleAmount: 400000,
    paymentType: 'Cash',
    buyerName: 'Anil Kale',
  });
  await callApi(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId: plot.plotId,
    status: 'Completed',
    payments: [
      {
        particular: 'Advance',
        date: '2026-09-05',
        mode: 'Cheque',
        modeDetail: '100200',
        amount: 175000,
        partnerId: project.partners['Meera Joshi'],
      },
    ],
  });

  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  const row = page.getByRole('row').filter({ hasText: /^A-14/ });
  await expect(row).toContainText('₹ 1,75,000.00');
  // Cancel sale is an entry of the row's actions menu.
  await row.getByRole('button', { name: 'Actions for the sale of A-14' }).click();
  await page.getByRole('menuitem', { name: 'Cancel sale' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the sale of plot A-14' });
  await expect(dialog.getByTestId('cancel-received')).toContainText('₹ 1,75,000.00');
  // Prefilled as a full refund; a refund of 1,50,000 leaves 25,000 kept, and the check says they add up.
  const refund = dialog.getByLabel('Refund amount (₹)');
  await refund.fill('150000');
  await expect(dialog.getByLabel('Retained (cancellation charge) (₹)')).toHaveValue('25,000');
  await expect(dialog.getByTestId('cancel-check')).toContainText('adds up to what was received');
  await dialog.getByLabel('Mode detail').fill('CHQ 778899');
  await dialog.getByLabel('Reason').fill('Buyer moved to Pune');
  await dialog.getByRole('button', { name: 'Cancel sale' }).click();
  await expect(dialog.getByTestId('cancel-confirm')).toContainText(
    'Refund ₹ 1,50,000.00 by cheque; keep ₹ 25,000.00 as cancellation charge; plot A-14 becomes available',
  );
  await snap(page, 'sale-cancel-confirm-desktop', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await dialog.getByTestId('cancel-confirm').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}sale-cancel-confirm-phone.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 1366, height: 650 });
  await dialog.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText('Sale cancelled: plot A-14 is available again.')).toBeVisible();
  await expect(row).toContainText('Cancelled');

  // The plot is free: sold again, the new sale starts at received 0; the old one stays listed, Cancelled.
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: plot.plotId,
    saleDate: '2026-11-01',
    saleAmount: 420000,
    paymentType: 'Cash',
    buyerName: 'Kavita Rao',
  });
  await page.reload();
  const rows = page.getByRole('row').filter({ hasText: /^A-14/ });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'Kavita Rao' })).toContainText('₹ 4,20,000.00');
  await expect(rows.filter({ hasText: 'Kavita Rao' })).toContainText('₹ 0.00');
  await expect(rows.filter({ hasText: 'Anil Kale' })).toContainText('Cancelled');
  await snap(page, 'sale-cancel-listing-desktop');
  await page.setViewportSize({ width: 390, height: 844 });
  await snap(page, 'sale-cancel-listing-phone');

  // Project Profile: the ₹ 25,000 kept is income, on its own line.
  const profile = await callApi<{ forfeited: number; amountReceived: number }>(
    page,
    'GET',
    `/project-profile?projectId=${project.projectId}`,
  );
  expect(profile).toMatchObject({ forfeited: 25000, amountReceived: 175000 });
});
