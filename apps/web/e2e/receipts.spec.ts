import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { choose, fillMoneyRow } from './support/forms';
import { clippedFigures, loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const PROJECT = 'Shivam Residency';

/**
 * Sells an unsold plot of the demo project on EMI through the sales API: ₹ 3,00,000 with ₹ 60,000 advance and
 * 12 months of ₹ 20,000. Returns the plot's name.
 */
async function sellPlotOnEmi(page: Page): Promise<string> {
  const projects = await callApi<{ projectId: number; projectName: string }[]>(page, 'GET', '/project');
  const project = projects.find((p) => p.projectName === PROJECT);
  if (!project) throw new Error(`${PROJECT} is not in the demo data`);
  const plots = await callApi<{ plotId: number; plotName: string; isSold: boolean }[]>(
    page,
    'GET',
    `/project/${project.projectId}/plots`,
  );
  const plot = plots.find((p) => !p.isSold);
  if (!plot) throw new Error(`${PROJECT} has no unsold plot left`);
  const today = new Date().toISOString().slice(0, 10);
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: plot.plotId,
    // Before the receipts below: no receipt line may be dated before its sale.
    saleDate: '2026-01-10',
    saleAmount: 300000,
    paymentType: 'EMI',
    advanceAmount: 60000,
    visarpawatiAmount: 0,
    emiDuration: 12,
    emiDate: today,
    buyerName: 'Sunita Pawar',
  });
  return plot.plotName;
}

async function openPlot(page: Page, plotName: string) {
  await page.goto(server.tenantUrl('/payment'));
  await expect(page.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', new RegExp(`^${plotName} `));
}

const card = (page: Page, name: string) => page.getByTestId(`card-${name}`);

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('receipts lower the pending balance only once they are Completed, and an overpayment is refused', async ({
  page,
}) => {
  const plotName = await sellPlotOnEmi(page);
  await openPlot(page, plotName);
  await expect(card(page, 'sale-amount')).toHaveText('₹ 3,00,000.00');
  await expect(card(page, 'payment-type')).toHaveText('EMI');
  await expect(card(page, 'monthly-amount')).toHaveText('₹ 20,000.00');
  await expect(card(page, 'received')).toHaveText('₹ 0.00');
  await expect(card(page, 'pending-balance')).toHaveText('₹ 3,00,000.00');
  await expect(page.getByText('No receipts recorded for this plot yet.')).toBeVisible();

  // Project, plot and status are needed first.
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: '05/03/2026',
    mode: 'Cash',
    amount: '60000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Please select Project, Plot and Status.')).toBeVisible();

  // A Completed receipt: the balance falls. ₹ 60,000 in cash is asked about first (s.269SS).
  await choose(page, 'Status', 'Completed');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: /s\.269SS/ })
    .getByRole('button', { name: 'Save anyway' })
    .click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await expect(card(page, 'received')).toHaveText('₹ 60,000.00');
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,40,000.00');
  await expect(page.getByRole('combobox', { name: 'Particular row 1' })).toHaveValue('');

  // A Pending cheque for an installment: the amount is the monthly amount and locked; the balance stays.
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Installment',
    date: '05/04/2026',
    mode: 'Cheque',
    modeDetail: 'HDFC 112233',
    creditTo: 'Company account',
    partner: /^Imran Shaikh/,
  });
  const amount = page.getByLabel('Amount row 1');
  await expect(amount).toHaveValue('20,000');
  await expect(amount).toHaveAttribute('readonly', '');
  await expect(page.getByTestId('row-table-total')).toHaveText('₹ 20,000.00');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,40,000.00');
  await expect(page.getByText('₹ 20,000.00 awaiting clearance')).toBeVisible();

  // The plot's receipts: the cheque is Pending, the advance Completed.
  const cheque = page.getByRole('row', { name: /HDFC 112233/ });
  await expect(cheque).toContainText('Pending');
  await expect(cheque).toContainText('Installment');
  await expect(page.getByRole('row', { name: /Advance/ })).toContainText('Completed');

  // Clearing the cheque asks first; going back changes nothing.
  await cheque.getByRole('button', { name: /cleared$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark receipt as cleared?' });
  await expect(dialog).toContainText('₹ 20,000.00');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,40,000.00');
  await cheque.getByRole('button', { name: /cleared$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Mark cleared' }).click();
  await expect(page.getByText('Receipt marked as cleared.')).toBeVisible();
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,20,000.00');
  await expect(card(page, 'received')).toHaveText('₹ 80,000.00');
  await expect(cheque).toContainText('Completed');
  await expect(cheque.getByRole('button', { name: /cleared$/ })).toHaveCount(0);

  // More than the balance is refused with the server's reason, and nothing changes.
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Booking',
    date: '06/04/2026',
    mode: 'UPI',
    amount: '250000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const refusal = page.getByRole('alert', { name: 'Error saving payment' });
  await expect(refusal).toContainText(
    'The receipt total ₹ 2,50,000.00 is more than the pending balance of ₹ 2,20,000.00: money received may not exceed the sale amount.',
  );
  await expect(card(page, 'pending-balance')).toHaveText('₹ 2,20,000.00');
  await expect(page.locator('tbody tr')).toHaveCount(2);
});

test('a crore Full Payment sale: the cards show it whole at every width, no Installment is offered, and a receipt shows its lines’ dates', async ({
  page,
}) => {
  const built = await buildProject(page, 'Crore Heights', ['Plot 2'], [{ name: 'Crore Partner', share: 100 }]);
  const plot = built.plots[0];
  if (!plot) throw new Error('no plot');
  const partnerId = built.partners['Crore Partner'];
  await callApi(page, 'POST', '/sale', {
    projectId: built.projectId,
    plotId: plot.plotId,
    saleDate: '2026-04-01',
    saleAmount: 12500000.5,
    paymentType: 'Cash',
    buyerName: 'Kavita Rao',
  });
  await callApi(page, 'POST', '/payment', {
    projectId: built.projectId,
    plotId: plot.plotId,
    status: 'Completed',
    payments: [
      { particular: 'Advance', date: '2026-04-05', mode: 'Cash', amount: 100000, partnerId },
      { particular: 'Booking', date: '2026-04-09', mode: 'Cash', amount: 50000, partnerId },
    ],
  });
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', /^Crore Heights/);
  await choose(page, 'Plot', /^Plot 2 /);
  await expect(card(page, 'sale-amount')).toHaveText('₹ 1,25,00,000.50');
  await expect(card(page, 'pending-balance')).toHaveText('₹ 1,23,50,000.50');
  for (const viewport of [...VIEWPORTS, { name: 'laptop', width: 1024, height: 768 }]) {
    await page.setViewportSize(viewport);
    await expect(card(page, 'sale-amount')).toBeVisible();
    await expect.poll(() => clippedFigures(page, '[data-testid^="card-"]'), viewport.name).toEqual([]);
    await snap(page, `payment-crore-${viewport.name}`, { fullPage: false });
  }

  // The receipt's two lines were received on different days: the list shows both ends.
  const receipt = page.getByRole('row').filter({ hasText: '₹ 1,50,000.00' });
  await expect(receipt).toContainText('05/04/2026 – 09/04/2026');

  // A Full Payment sale has no installments to receive.
  await page.getByRole('combobox', { name: 'Particular row 1', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Advance', exact: true })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Installment', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');
});

test('a bounced cheque is Cancelled and counts nowhere', async ({ page }) => {
  const plotName = await sellPlotOnEmi(page);
  await openPlot(page, plotName);
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: '05/03/2026',
    mode: 'Cheque',
    modeDetail: 'SBI 998877',
    amount: '60000',
    partner: /^Rajesh Deshmukh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  const cheque = page.getByRole('row', { name: /SBI 998877/ });
  await cheque.getByRole('button', { name: /bounced$/ }).click();
  // A new action starts: the last one's message no longer stands next to its answer.
  await expect(page.getByText('Payment saved successfully!')).toHaveCount(0);
  await page
    .getByRole('dialog', { name: 'Mark receipt as bounced?' })
    .getByRole('button', { name: 'Mark bounced' })
    .click();
  await expect(page.getByText('Receipt marked as cancelled.')).toBeVisible();
  await expect(cheque).toContainText('Cancelled');
  await expect(card(page, 'received')).toHaveText('₹ 0.00');
  await expect(card(page, 'pending-balance')).toHaveText('₹ 3,00,000.00');
  await expect(page.getByText('awaiting clearance')).toHaveCount(0);

  // The screen with its cards, lines and list has no serious or critical WCAG 2.1 A/AA violations.
  expect(await seriousViolations(page)).toEqual([]);
});

test('screenshots of Payment Receipt at desktop and phone width', { tag: '@screenshots' }, async ({ page }) => {
  const plotName = await sellPlotOnEmi(page);
  await openPlot(page, plotName);
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: '05/03/2026',
    mode: 'Cash',
    amount: '60000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page
    .getByRole('dialog', { name: /s\.269SS/ })
    .getByRole('button', { name: 'Save anyway' })
    .click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Installment',
    date: '05/04/2026',
    mode: 'Cheque',
    modeDetail: 'HDFC 112233',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, { particular: 'Installment', date: '05/05/2026', mode: 'UPI', partner: /^Imran Shaikh/ });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const burger = page.getByRole('button', { name: 'Open navigation' });
    await (viewport.name === 'phone' ? expect(burger).toBeVisible() : expect(burger).toBeHidden());
    await snap(page, `payment-receipt-${viewport.name}`);
  }
});
