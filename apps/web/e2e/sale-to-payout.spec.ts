import { expect, type Page, test } from '@playwright/test';
import { choose, fillDate, fillMoneyRow } from './support/forms';
import { loginAsUser, statCard } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

/** dd/mm/yyyy of a day `months` from this month (the day of the month kept, or today's). */
function dmy(months = 0, day?: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + months, day ?? now.getDate());
  return `${String(date.getDate()).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
}

const card = (page: Page, name: string) => page.getByTestId(`card-${name}`);

async function saveReceipt(page: Page) {
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

/**
 * The whole life of a plot, as a clerk and the owner would live it: a project whose land cost ₹ 1,00,000 (paid by
 * Asha, 60 %; Bhaskar holds 40 %), one plot sold on EMI for ₹ 3,00,000, paid off in receipts, registered; the
 * profile shows the profit of ₹ 2,00,000 and Bhaskar is paid part of his due.
 */
test('a plot is sold on EMI, paid off, registered, shows its profit, and a partner is paid', async ({ page }) => {
  test.setTimeout(180_000);
  const suffix = String(Date.now()).slice(-6);
  const name = `Journey Acres ${suffix}`;
  const asha = `Asha Kulkarni ${suffix}`;
  const bhaskar = `Bhaskar Rao ${suffix}`;
  const project = await buildProject(
    page,
    name,
    ['J-1', 'J-2'],
    [
      { name: asha, share: 60 },
      { name: bhaskar, share: 40 },
    ],
  );
  await callApi(page, 'POST', '/purchase', [
    {
      projectId: project.projectId,
      partnerId: project.partners[asha],
      particular: 'Kharedikhar',
      date: '2026-02-01',
      mode: 'Cash',
      amount: 100000,
    },
  ]);

  // 1. Sell J-1 on EMI: ₹ 3,00,000 with ₹ 60,000 advance, 12 months of ₹ 20,000 from the 5th of next month.
  await page.goto(server.tenantUrl('/sale'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await choose(page, 'Plot', /^J-1 /);
  await page.getByLabel('Buyer Name').fill('Sunita Deshmukh');
  await page.getByLabel('Buyer Mobile').fill('+91 98220 11111');
  await page.getByLabel('Sale Amount').fill('300000');
  await page.getByText('EMI', { exact: true }).click();
  await page.getByLabel('Advance Amount').fill('60000');
  await page.getByLabel('EMI Duration (months)').fill('12');
  await expect(page.getByLabel('Monthly Amount')).toHaveValue('₹ 20,000.00');
  await fillDate(page, 'First EMI Date', dmy(1, 5));
  await expect(page.getByTestId('schedule-total')).toHaveText('₹ 2,40,000.00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toContainText('Sale saved successfully!');

  // 2. The schedule: twelve installments, none paid yet.
  await page.getByRole('link', { name: 'View Sales' }).click();
  const sale = page.getByRole('row').filter({ hasText: /^J-1(History)?Sunita/ });
  await expect(sale).toContainText('₹ 3,00,000.00');
  await sale.getByRole('button', { name: 'Schedule of plot J-1' }).click();
  const schedule = page.getByRole('dialog', { name: 'EMI schedule: J-1' });
  await expect(schedule.getByTestId('sale-schedule').locator('tbody tr')).toHaveCount(12);
  await expect(schedule.getByTestId('sale-schedule').locator('tbody tr').first()).toContainText('Due');
  await page.keyboard.press('Escape');

  // Asha collects the buyer's money for the company; Bhaskar receives nothing until he is paid out.
  const ashaOption = new RegExp(`^${asha}`);
  // 3. Two receipts: the advance (Completed) lowers the balance; an installment cheque (Pending) does not.
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await choose(page, 'Plot', /^J-1 /);
  await expect(card(page, 'pending-balance')).toHaveText('₹ 3,00,000.00');
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: dmy(),
    mode: 'Cash',
    amount: '60000',
    partner: ashaOption,
  });
  // ₹ 60,000 in cash: the screen asks first (s.269SS).
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: /s\.269SS/ })
    .getByRole('button', { name: 'Save anyway' })
    .click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,40,000.00');

  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Installment',
    date: dmy(),
    mode: 'Cheque',
    modeDetail: 'SBI 445566',
    creditTo: 'Company account',
    partner: ashaOption,
  });
  await expect(page.getByLabel('Amount row 1')).toHaveValue('20,000');
  await saveReceipt(page);
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,40,000.00');

  // 4. The cheque clears: the balance falls by the installment.
  const cheque = page.getByRole('row', { name: /SBI 445566/ });
  await cheque.getByRole('button', { name: /cleared$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cleared' }).click();
  await expect(page.getByText('Receipt marked as cleared.')).toBeVisible();
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,20,000.00');

  // 5. The rest is paid in one transfer: nothing is pending and the plot is fully paid.
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Booking',
    date: dmy(),
    mode: 'Bank Transfer',
    modeDetail: 'UTR 99001',
    amount: '220000',
    partner: ashaOption,
  });
  await saveReceipt(page);
  await expect(card(page, 'pending-balance')).toHaveText('₹ 0.00');
  await expect(card(page, 'received')).toHaveText('₹ 3,00,000.00');

  // 6. The fully paid plot is registered.
  await page.goto(server.tenantUrl('/registration-plot'));
  await choose(page, 'Select Project', new RegExp(`^${name}`));
  await choose(page, 'Select Plot (Fully Paid)', /^J-1 /);
  const details = page.getByRole('region', { name: 'Registration Details' });
  await details.getByLabel('Registration Office').fill('Sub-Registrar Office, Pune');
  await fillDate(page, 'Registration Date', dmy());
  await details.getByLabel('Document No').fill(`PUN/2026/${suffix}`);
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Registration saved successfully!')).toBeVisible();

  // 7. The profile: cost ₹ 1,00,000 (land), sold for ₹ 3,00,000, profit ₹ 2,00,000, margin 66.67 %; all received.
  await page.goto(server.tenantUrl('/project-profile'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await expect(statCard(page, 'Total Cost')).toContainText('₹ 1,00,000.00');
  await expect(statCard(page, 'Sale Amount')).toContainText('₹ 3,00,000.00');
  await expect(statCard(page, 'Net Profit')).toContainText('₹ 2,00,000.00');
  await expect(statCard(page, 'Profit Margin')).toContainText('66.67 %');
  // J-1 carries half the land (two plots of equal area): cost ₹ 50,000, profit ₹ 2,50,000.
  await choose(page, 'Plot (optional)', /^J-1 /);
  await expect(statCard(page, 'Total Cost')).toContainText('₹ 50,000.00');
  await expect(statCard(page, 'Net Profit')).toContainText('₹ 2,50,000.00');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `journey-project-profile-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // 8. Bhaskar's due: profit 2,00,000 × 40 % = 80,000 (no investment, nothing received); pay him ₹ 50,000.
  await page.goto(server.tenantUrl('/paymenttopartner'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  const bhaskarRow = page
    .getByRole('table')
    .first()
    .getByRole('row', { name: new RegExp(bhaskar) });
  await expect(bhaskarRow.getByRole('cell').nth(6)).toHaveText('₹ 80,000.00');
  await bhaskarRow.getByRole('button', { name: /Select Payment & Partner/ }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${bhaskar}` });
  await dialog.getByLabel('Amount (₹)').fill('50000');
  await choose(page, 'Mode', 'UPI');
  await dialog.getByLabel('Mode Detail').fill('UPI ref 7788');
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(page.getByText(`Payment to ${bhaskar} saved successfully!`)).toBeVisible();
  await expect(bhaskarRow.getByRole('cell').nth(5)).toHaveText('₹ 50,000.00');
  await expect(bhaskarRow.getByRole('cell').nth(6)).toHaveText('₹ 30,000.00');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `journey-payment-to-partner-${viewport.name}`);
  }
});
