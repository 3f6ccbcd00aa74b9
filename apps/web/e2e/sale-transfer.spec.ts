import { expect, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
// Desktop as a 1366 × 650 laptop shows it; the phone part sets 390 wide.
test.use({ locale: 'en-IN', viewport: { width: 1366, height: 650 } });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

/**
 * A sale changes hands before registration: plot T-1, sold to Sunita for ₹ 5,00,000 with ₹ 50,000 received, is
 * transferred to Ravi with a fee of ₹ 25,000 from the Sales listing's row menu. The confirmation says what moves
 * and what is to be received; the listing then reads Transferred with Ravi and a pending of ₹ 4,75,000; each
 * buyer's page shows the transfer.
 */
test('a sale is transferred to another buyer from the Sales listing, with its balance and a fee', async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = String(Date.now()).slice(-6);
  const name = `Transfer Acres ${suffix}`;
  const partner = `Asha ${suffix}`;
  const project = await buildProject(page, name, ['T-1', 'T-2'], [{ name: partner, share: 100 }]);
  const sunita = await callApi<{ buyerId: number }>(page, 'POST', '/buyer', {
    name: `Sunita Deshmukh ${suffix}`,
    mobile: `98${suffix}11`,
  });
  const ravi = await callApi<{ buyerId: number }>(page, 'POST', '/buyer', {
    name: `Ravi Kulkarni ${suffix}`,
    mobile: `97${suffix}22`,
  });
  const plotId = project.plots[0]?.plotId as number;
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId,
    saleAmount: 500000,
    paymentType: 'Cash',
    buyerId: sunita.buyerId,
  });
  await callApi(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId,
    status: 'Completed',
    payments: [
      {
        particular: 'Advance',
        date: new Date().toISOString().slice(0, 10),
        mode: 'Cash',
        amount: 50000,
        partnerId: project.partners[partner],
      },
    ],
  });

  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  const row = page.getByRole('row').filter({ hasText: 'T-1' });
  await expect(row).toContainText(`Sunita Deshmukh ${suffix}`);
  await row.getByRole('button', { name: 'Actions for the sale of T-1' }).click();
  await page.getByRole('menuitem', { name: 'Transfer' }).click();

  const dialog = page.getByRole('dialog', { name: 'Transfer sale' });
  await expect(dialog).toContainText('₹ 4,50,000.00');
  // The buyer search opens with the dialog: type part of a name, pick the buyer.
  await dialog.getByRole('combobox', { name: 'New buyer' }).fill(`Ravi Kulkarni ${suffix}`);
  await page.getByRole('option', { name: new RegExp(`^Ravi Kulkarni ${suffix}`) }).click();
  await dialog.getByLabel('Transfer fee (₹)').fill('25000');
  // Review without a reason: the form says what is missing.
  await dialog.getByRole('button', { name: 'Review transfer' }).click();
  await expect(dialog).toContainText('Give a reason for this transfer');
  await dialog.getByLabel(/^Reason/).fill('Booking handed to her brother');
  await snap(page, 'sale-transfer-form-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Review transfer' }).click();
  await expect(dialog.getByRole('status')).toHaveText(
    `Plot T-1 and its balance of ₹ 4,50,000.00 move from Sunita Deshmukh ${suffix} to Ravi Kulkarni ${suffix}; transfer fee ₹ 25,000.00 to be received.`,
  );
  await snap(page, 'sale-transfer-confirm-desktop', { fullPage: false });
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(page.getByText(`now belongs to Ravi Kulkarni ${suffix}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(row).toContainText('Transferred');
  await expect(row).toContainText(`Ravi Kulkarni ${suffix}`);
  await expect(row).toContainText('₹ 4,75,000.00');
  await expect(row).toContainText('+ ₹ 25,000.00 fee');
  await snap(page, 'sale-transfer-listing-desktop');

  // Each buyer's record holds the hand-over (the buyer page draws it with BuyerTransfers).
  const toPage = await callApi<{ transfers: { toBuyerId: number; fromBuyerName: string }[] }>(
    page,
    'GET',
    `/buyer/${ravi.buyerId}`,
  );
  expect(toPage.transfers).toEqual([
    expect.objectContaining({ toBuyerId: ravi.buyerId, fromBuyerName: `Sunita Deshmukh ${suffix}` }),
  ]);
  const fromPage = await callApi<{ transfers: { toBuyerName: string }[] }>(page, 'GET', `/buyer/${sunita.buyerId}`);
  expect(fromPage.transfers).toEqual([expect.objectContaining({ toBuyerName: `Ravi Kulkarni ${suffix}` })]);

  // Each buyer's page shows the hand-over.
  await page.goto(server.tenantUrl(`/buyers/${ravi.buyerId}`));
  await expect(page.getByText(`Plot T-1 (${name}): Transferred from Sunita Deshmukh ${suffix} on`)).toBeVisible();
  await snap(page, 'sale-transfer-new-buyer-desktop');
  await page.goto(server.tenantUrl(`/buyers/${sunita.buyerId}`));
  await expect(page.getByText(`Plot T-1 (${name}): Transferred to Ravi Kulkarni ${suffix} on`)).toBeVisible();
  await snap(page, 'sale-transfer-old-buyer-desktop');

  // On a phone: the listing and the dialog.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  await expect(page.getByText('Transferred', { exact: true })).toBeVisible();
  await snap(page, 'sale-transfer-listing-phone');
  await page.getByRole('button', { name: 'Actions for the sale of T-1' }).click();
  await page.getByRole('menuitem', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer sale' })).toContainText('₹ 4,75,000.00');
  await snap(page, 'sale-transfer-form-phone', { fullPage: false });
  await page.goto(server.tenantUrl(`/buyers/${sunita.buyerId}`));
  await expect(page.getByText(`Transferred to Ravi Kulkarni ${suffix}`, { exact: false })).toBeVisible();
  await snap(page, 'sale-transfer-old-buyer-phone');
});
