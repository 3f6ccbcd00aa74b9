import { expect, type Page, test } from '@playwright/test';
import { choose, fillMoneyRow } from './support/forms';
import { clippedFigures, loginAsUser, statCard } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN', viewport: { width: 1366, height: 650 } });

const DESKTOP = { width: 1366, height: 650 };
const PHONE = { width: 390, height: 844 };

/** Today as the API takes it and as the screens show it. */
function today() {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    text: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
  };
}

/** The receipt screen on one plot of the project. */
async function openReceipts(page: Page, project: string, plot: string) {
  await page.goto(server.tenantUrl('/payment'));
  await expect(page.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${project}`));
  await choose(page, 'Plot', new RegExp(`^${plot} `));
}

/** The row of the listing of a plot's sale to a buyer (a resold plot has two rows). */
function saleRow(page: Page, plot: string, buyer: string) {
  return page.getByRole('row').filter({ hasText: plot }).filter({ hasText: buyer });
}

/**
 * The whole life of a sale, as a clerk does it on the screens: a buyer with a co-buyer is created while selling
 * plot A-14; the sale is corrected; a cash receipt of ₹ 25,000 warns (s.269SS) before it is saved; the sale is
 * cancelled with a partial refund by cheque and the plot is sold again; another sale (₹ 1,25,00,000, so TDS) is
 * transferred; both buyers' pages show what happened; a receipt is reversed; Project Profile, Reports and the TDS
 * certificates pending agree.
 */
test('a sale’s whole life: sell with a co-buyer, correct, cash warning, cancel and resell, transfer, reverse', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const suffix = String(Date.now()).slice(-5);
  const day = today();
  const PROJECT = `Shree Ganesh Nagar ${suffix}`;
  const PARTNER = `Sandeep Deshpande ${suffix}`;
  const FIRST = `Dnyaneshwar Balasaheb Deshmukh-Patil ${suffix}`;
  const CO_BUYER = `Savitribai Dnyaneshwar Deshmukh-Patil`;
  const SECOND = `Christopher Fernandes D'Souza ${suffix}`;
  const SELLER = `Venkatesh Subramaniam Iyer ${suffix}`;
  const TAKER = `Rukminibai Pandurang Gaikwad ${suffix}`;

  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const project = await buildProject(page, PROJECT, ['A-14', 'A-15', 'A-16'], [{ name: PARTNER, share: 100 }]);
  const partnerId = project.partners[PARTNER] as number;

  // 1. Sell A-14, creating the buyer with a co-buyer on the sale screen.
  await page.goto(server.tenantUrl('/sale'));
  await expect(page.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', /^A-14/);
  await page.getByLabel('Buyer Name').fill(FIRST);
  await page.getByLabel('Buyer Mobile').fill(`+91 98220 ${suffix}`);
  await page.getByRole('button', { name: 'Add co-buyers and nominee' }).click();
  await page.getByLabel("Father's / husband's name").fill('Balasaheb Ramchandra Deshmukh-Patil');
  await page.getByRole('button', { name: 'Add co-buyer' }).click();
  await page.getByLabel('Co-buyer 1 name').fill(CO_BUYER);
  await page.getByLabel('Relation', { exact: true }).fill('Wife');
  await page.getByLabel('PAN', { exact: true }).fill('aqdpd4821k');
  await page.getByLabel('Sale Amount').fill('1850000');
  await snap(page, 'sale-life-sale-form-desktop');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sale saved successfully!').first()).toBeVisible();

  // 2. Correct it from the listing, by keyboard: menu, Edit sale, new amount, reason, save.
  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  const first = saleRow(page, 'A-14', FIRST);
  await expect(first).toContainText('₹ 18,50,000.00');
  await expect(first).toContainText('Active');
  const firstMenu = first.getByRole('button', { name: 'Actions for the sale of A-14' });
  await firstMenu.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Edit sale' })).toBeFocused();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Edit sale of Plot A-14' });
  await expect(edit).toBeVisible();
  await edit.getByLabel('Sale Amount').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('1925000');
  await expect(edit).toContainText('Sale amount: ₹ 18,50,000.00 → ₹ 19,25,000.00');
  await edit.getByLabel('Reason for the correction').focus();
  await page.keyboard.type('Corner plot: rate agreed at ₹ 1,925 per sq ft');
  await snap(page, 'sale-life-edit-desktop', { fullPage: false });
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(edit.getByRole('button', { name: 'Save correction' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(edit).toHaveCount(0);
  await expect(first).toContainText('₹ 19,25,000.00');
  await expect(firstMenu).toBeFocused();

  // 3. A cash receipt of ₹ 25,000: the s.269SS warning shows before saving, then a cheque of ₹ 1,75,000.
  await openReceipts(page, PROJECT, 'A-14');
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: day.text,
    mode: 'Cash',
    amount: '25000',
    partner: new RegExp(`^${PARTNER}`),
  });
  const before = page.getByRole('status').filter({ hasText: 'Before you save' });
  await expect(before).toContainText(`Section 269SS: cash of ₹ 25,000.00 from one buyer on ${day.text}`);
  await before.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
  await page.screenshot({ path: `${SCREENSHOT_DIR}sale-life-cash-warning-desktop.png`, animations: 'disabled' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: /s\.269SS/ })
    .getByRole('button', { name: 'Save anyway' })
    .click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await expect(page.getByTestId('card-received')).toHaveText('₹ 25,000.00');
  await callApi(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId: project.plots.find((p) => p.plotName === 'A-14')?.plotId,
    status: 'Completed',
    payments: [
      { particular: 'Installment', date: day.iso, mode: 'Cheque', modeDetail: '004512', amount: 175000, partnerId },
    ],
  });

  // 4. Cancel A-14 with a partial refund by cheque; on a phone.
  await page.setViewportSize(PHONE);
  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  await page.getByRole('button', { name: 'Actions for the sale of A-14' }).click();
  await page.getByRole('menuitem', { name: 'Cancel sale' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel the sale of plot A-14' });
  await expect(cancel.getByTestId('cancel-received')).toContainText('₹ 2,00,000.00');
  await cancel.getByLabel('Refund amount (₹)').fill('150000');
  await expect(cancel.getByLabel('Retained (cancellation charge) (₹)')).toHaveValue('50,000');
  await choose(page, 'Refund mode', 'Cheque');
  await cancel.getByLabel('Mode detail').fill('SBI CHQ 778899');
  await cancel.getByLabel('Reason').fill('Buyer transferred to Pune; booking cancelled on request');
  await cancel.getByRole('button', { name: 'Cancel sale' }).click();
  await expect(cancel.getByTestId('cancel-confirm')).toContainText(
    'Refund ₹ 1,50,000.00 by cheque; keep ₹ 50,000.00 as cancellation charge; plot A-14 becomes available',
  );
  await cancel.getByTestId('cancel-confirm').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOT_DIR}sale-life-cancel-phone.png`, animations: 'disabled' });
  await cancel.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText('Sale cancelled: plot A-14 is available again.')).toBeVisible();
  await page.setViewportSize(DESKTOP);

  // 5. Resell A-14 on the sale screen to a new buyer.
  await page.goto(server.tenantUrl('/sale'));
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', /^A-14/);
  await page.getByLabel('Buyer Name').fill(SECOND);
  await page.getByLabel('Buyer Mobile').fill(`+91 70200 ${suffix}`);
  await page.getByLabel('Sale Amount').fill('2100000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sale saved successfully!').first()).toBeVisible();
  await page.goto(server.tenantUrl(`/view-sales/${project.projectId}`));
  await expect(saleRow(page, 'A-14', FIRST)).toContainText('Cancelled');
  await expect(saleRow(page, 'A-14', SECOND)).toContainText('₹ 21,00,000.00');
  await expect(saleRow(page, 'A-14', SECOND)).toContainText('Active');

  // 6. Transfer A-15 (₹ 1,25,00,000, ₹ 12,50,000 received) to another buyer with a fee of ₹ 50,000.
  const seller = await callApi<{ buyerId: number }>(page, 'POST', '/buyer', {
    name: SELLER,
    mobile: `+91 94220 ${suffix}`,
  });
  const taker = await callApi<{ buyerId: number }>(page, 'POST', '/buyer', {
    name: TAKER,
    mobile: `+91 88300 ${suffix}`,
  });
  const a15 = project.plots.find((p) => p.plotName === 'A-15')?.plotId;
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: a15,
    saleDate: day.iso,
    agreementDate: day.iso,
    saleAmount: 12500000,
    paymentType: 'Cash',
    buyerId: seller.buyerId,
  });
  await callApi(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId: a15,
    status: 'Completed',
    payments: [
      { particular: 'Advance', date: day.iso, mode: 'RTGS', modeDetail: 'UTR HDFC0001234', amount: 1250000, partnerId },
    ],
  });
  await callApi(page, 'POST', '/payment', {
    projectId: project.projectId,
    plotId: a15,
    status: 'Completed',
    payments: [
      { particular: 'Installment', date: day.iso, mode: 'UPI', modeDetail: 'UPI 4455', amount: 300000, partnerId },
    ],
  });
  await page.reload();
  const a15Row = saleRow(page, 'A-15', SELLER);
  await expect(a15Row).toContainText('₹ 1,25,00,000.00');
  await a15Row.getByRole('button', { name: 'Actions for the sale of A-15' }).click();
  await page.getByRole('menuitem', { name: 'Transfer' }).click();
  const transfer = page.getByRole('dialog', { name: 'Transfer sale' });
  await transfer.getByRole('combobox', { name: 'New buyer' }).fill(TAKER.slice(0, 12));
  await page.getByRole('option', { name: new RegExp(`^${TAKER}`) }).click();
  await transfer.getByLabel('Transfer fee (₹)').fill('50000');
  await transfer.getByLabel(/^Reason/).fill('Booking handed over to her sister-in-law before registration');
  await transfer.getByRole('button', { name: 'Review transfer' }).click();
  await expect(transfer.getByRole('status')).toHaveText(
    `Plot A-15 and its balance of ₹ 1,09,50,000.00 move from ${SELLER} to ${TAKER}; transfer fee ₹ 50,000.00 to be received.`,
  );
  await snap(page, 'sale-life-transfer-desktop', { fullPage: false });
  await transfer.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(transfer).toBeHidden();
  const taken = saleRow(page, 'A-15', TAKER);
  await expect(taken).toContainText('Transferred');
  await expect(taken).toContainText('₹ 1,10,00,000.00');
  // The total is of the sales in force (the transferred one too), not the cancelled one.
  const total = page.getByRole('row').filter({ hasText: /^Total/ });
  await expect(total).toContainText('₹ 1,46,00,000.00');
  await expect(total).toContainText('₹ 15,50,000.00');
  await expect(total).toContainText('₹ 1,31,00,000.00');
  // Each status reads whole, never cut to "TRA…".
  for (const status of ['Cancelled', 'Active', 'Transferred']) {
    const badge = page.getByRole('table').getByText(status, { exact: true }).first();
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth), status).toBe(true);
  }
  // ... and each row's actions are in view on the 1366 px laptop, without scrolling the table sideways.
  for (const button of await page.getByRole('button', { name: /^Actions for the sale of/ }).all()) {
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await snap(page, 'sale-life-listing-desktop');
  await page.setViewportSize(PHONE);
  await snap(page, 'sale-life-listing-phone');
  await page.setViewportSize(DESKTOP);

  // 7. Both buyers' pages: the first buyer's cancelled sale and the transfer on the seller's and taker's.
  await first.getByRole('link', { name: FIRST }).click();
  await expect(page.getByRole('heading', { name: FIRST, level: 1 })).toBeVisible();
  await expect(page.getByText(`${CO_BUYER} (Wife) PAN XXXXX4821X`)).toBeVisible();
  await expect(page.getByText(`${PROJECT} · A-14`)).toBeVisible();
  const cancelled = page.getByRole('button', { name: `${PROJECT} A-14: schedule and receipts` });
  await expect(cancelled).toContainText('Cancelled');
  await expect(cancelled).toContainText('Received ₹ 2,00,000.00');
  await expect(cancelled).toContainText('Refund due ₹ 1,50,000.00');
  await expect(cancelled).toContainText('Kept ₹ 50,000.00');
  await expect(page.getByText('On cancellations: ₹ 1,50,000.00 refund due')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Record a receipt' })).toHaveCount(0);
  await snap(page, 'sale-life-first-buyer-desktop');
  await page.setViewportSize(PHONE);
  await snap(page, 'sale-life-first-buyer-phone');
  await page.setViewportSize(DESKTOP);
  await page.goto(server.tenantUrl(`/buyers/${seller.buyerId}`));
  await expect(page.getByText(`Plot A-15 (${PROJECT}): Transferred to ${TAKER} on`)).toBeVisible();
  await expect(page.getByText('No sale names this buyer now: their plots were transferred')).toBeVisible();
  await snap(page, 'sale-life-seller-desktop');
  await page.goto(server.tenantUrl(`/buyers/${taker.buyerId}`));
  await expect(page.getByText(`Plot A-15 (${PROJECT}): Transferred from ${SELLER} on`)).toBeVisible();
  await snap(page, 'sale-life-taker-desktop');
  await page.setViewportSize(PHONE);
  await snap(page, 'sale-life-taker-phone');
  await page.setViewportSize(DESKTOP);

  // 8. Reverse the UPI receipt of A-15 (entered on the wrong plot).
  await openReceipts(page, PROJECT, 'A-15');
  await expect(page.getByTestId('card-received')).toHaveText('₹ 15,50,000.00');
  const upi = page.getByRole('row', { name: /UPI 4455/ });
  await upi.getByRole('button', { name: /^Reverse receipt of/ }).click();
  const reverse = page.getByRole('dialog', { name: 'Reverse this receipt?' });
  await expect(reverse).toContainText('₹ 3,00,000.00 will no longer count as received');
  await reverse.getByLabel('Reason for the reversal').fill('UPI belonged to plot A-16; entered on the wrong plot');
  await reverse.getByRole('button', { name: 'Reverse receipt' }).click();
  await expect(page.getByText('Receipt reversed.')).toBeVisible();
  await expect(page.getByTestId('card-received')).toHaveText('₹ 12,50,000.00');
  await expect(upi).toContainText('Reversed');
  await snap(page, 'sale-life-reversed-desktop');
  await page.setViewportSize(PHONE);
  await snap(page, 'sale-life-reversed-phone');
  await page.setViewportSize(DESKTOP);

  // 9. Project Profile, Reports and the TDS certificates pending.
  await page.goto(server.tenantUrl('/project-profile'));
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  // Income: ₹ 1,46,00,000 sold + ₹ 50,000 transfer fee + ₹ 50,000 kept on the cancellation; received ₹ 2,00,000
  // on the cancelled sale (its refund cheque not yet paid) + ₹ 12,50,000; pending what the active sales still owe.
  await expect(statCard(page, 'Sale Amount')).toContainText('₹ 1,46,00,000.00');
  await expect(statCard(page, 'Net Profit')).toContainText('₹ 1,47,00,000.00');
  await expect(statCard(page, 'Net Profit')).toContainText(
    'Sale amount + transfer fees + forfeited on cancellations ₹ 50,000.00 − total cost',
  );
  const analysis = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Profit Analysis' }) });
  await expect(analysis).toContainText('Forfeited on cancellations₹ 50,000.00');
  await expect(analysis).toContainText('Amount received₹ 14,50,000.00');
  await expect(analysis).toContainText('Pending balance₹ 1,34,00,000.00');
  expect(await clippedFigures(page, 'main p')).toEqual([]);
  await snap(page, 'sale-life-profile-desktop');
  await page.setViewportSize(PHONE);
  await snap(page, 'sale-life-profile-phone');
  await page.setViewportSize(DESKTOP);
  await page.goto(server.tenantUrl('/reports'));
  await snap(page, 'sale-life-reports-desktop');
  await page.getByRole('link', { name: 'TDS certificates pending' }).click();
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  const tds = page.getByRole('row').filter({ hasText: 'A-15' });
  await expect(tds).toContainText(TAKER);
  await expect(tds).toContainText('₹ 1,25,000.00');
  await snap(page, 'sale-life-tds-desktop');
});
