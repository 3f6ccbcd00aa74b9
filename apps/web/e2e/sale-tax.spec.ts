import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { choose, fillMoneyRow } from './support/forms';
import { loginAsUser } from './support/pages';
import { callApi } from './support/sales-setup';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const OWNER = { email: 'owner@example.com', password: 'owner1234' };
const PROJECT = 'Shivam Residency';
/** The tax screens are looked at on a laptop and on a phone. */
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const today = () => {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
    text: `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`,
  };
};

/**
 * Sells an unsold plot of the demo project (₹ 10,00,000, its agreement for sale registered the same day, unless
 * told otherwise); answers the plot's name and the project's id.
 */
async function sellPlot(page: Page, sale: { saleAmount?: number; agreementDate?: string | null } = {}) {
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
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: plot.plotId,
    saleDate: '2026-10-02',
    saleAmount: sale.saleAmount ?? 1000000,
    paymentType: 'Cash',
    buyerName: 'Kavita Bhonsle',
    agreementDate: sale.agreementDate === undefined ? '2026-10-02' : sale.agreementDate,
  });
  return { plotName: plot.plotName, projectId: project.projectId };
}

test('a cash receipt of ₹ 25,000 warns before saving (s.269SS), asks, and is saved with the warning', async ({
  page,
}) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const { plotName } = await sellPlot(page);
  const day = today();
  const warning = `Section 269SS: cash of ₹ 25,000.00 from one buyer on ${day.text}`;

  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(server.tenantUrl('/payment'));
    await expect(page.getByRole('heading', { name: 'Payment Receipt' })).toBeVisible();
    await choose(page, 'Project', new RegExp(`^${PROJECT}`));
    await choose(page, 'Plot', new RegExp(`^${plotName} `));
    await choose(page, 'Status', 'Completed');
    await fillMoneyRow(page, 1, {
      particular: 'Advance',
      date: day.text,
      mode: 'Cash',
      amount: '25000',
      partner: /^Imran Shaikh/,
    });
    const before = page.getByRole('status').filter({ hasText: 'Before you save' });
    await expect(before).toContainText(warning);
    await expect(before).toContainText('penalty equal to the amount');
    // The warning in view with the lines it is about (snap would scroll back to the top).
    await page.getByLabel('Amount row 1').scrollIntoViewIfNeeded();
    await before.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await page.screenshot({
      path: `${SCREENSHOT_DIR}sale-tax-receipt-warning-${viewport.name}.png`,
      animations: 'disabled',
    });
    if (viewport.name === 'phone') break;
    // Save asks first; going back saves nothing.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: /s\.269SS/ });
    await expect(dialog).toContainText(warning);
    await dialog.getByRole('button', { name: 'Go back' }).click();
    await expect(page.getByText('No receipts recorded for this plot yet.')).toBeVisible();
    // Confirmed, it is saved, and the server's own warning stays on the screen.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .getByRole('dialog', { name: /s\.269SS/ })
      .getByRole('button', { name: 'Save anyway' })
      .click();
    await expect(page.getByText('Payment saved successfully!')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Saved with warnings' })).toContainText(warning);
    await expect(page.getByTestId('card-received')).toHaveText('₹ 25,000.00');
  }
});

test('the tenant admin sets the tax and cash rules, and Reports lists the TDS certificates pending', async ({
  page,
}) => {
  await loginAsUser(page, server, OWNER.email, OWNER.password);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto(server.tenantUrl('/settings'));
    const rules = page.getByRole('form', { name: 'Tax and cash rules' });
    await expect(rules).toBeVisible();
    await expect(rules.getByLabel('TDS rate')).toHaveValue('1 %');
    await expect(rules.getByRole('radio', { name: 'Saved with a warning' })).toBeChecked();
    await rules.scrollIntoViewIfNeeded();
    await snap(page, `sale-tax-settings-${viewport.name}`);
    if (viewport.name === 'desktop') expect(await seriousViolations(page), 'settings').toEqual([]);

    await page.goto(server.tenantUrl('/reports'));
    await page.getByRole('link', { name: 'TDS certificates pending' }).click();
    await expect(page.getByRole('heading', { name: 'TDS Certificates Pending', level: 1 })).toBeVisible();
    await choose(page, 'Project', /^Green Valley/);
    await expect(page).toHaveURL(/\/tds-pending\?projectId=\d+/);
    // A table on a laptop, cards on a phone: the sale still owing its certificate, and not the one that gave it.
    const list = page.getByRole('main');
    await expect(list).toContainText('Sunita Jaiswal');
    await expect(list).toContainText('Plot 23');
    await expect(list).toContainText('₹ 55,000.00');
    await expect(list).not.toContainText('Plot 22');
    await snap(page, `sale-tax-tds-pending-${viewport.name}`);
    if (viewport.name === 'desktop') expect(await seriousViolations(page), 'TDS pending').toEqual([]);
  }

  // A sale above ₹ 50 lakh shows its TDS on the receipt screen: Plot 22's certificate has come.
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', /^Green Valley/);
  await choose(page, 'Plot', /^Plot 22 /);
  await expect(page.getByRole('region', { name: 'Sale Amount' })).toContainText(
    'TDS (194-IA) ₹ 62,000.00 of ₹ 62,000.00 received',
  );
  await expect(page.getByTestId('card-pending-balance')).toHaveText('₹ 0.00');

  // The rule set to refuse, then back to warn.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(server.tenantUrl('/settings'));
  const rules = page.getByRole('form', { name: 'Tax and cash rules' });
  await rules.getByRole('radio', { name: 'Refused' }).check();
  await rules.getByRole('button', { name: 'Save Rules' }).click();
  await expect(page.getByText('Tax and cash rules saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('form', { name: 'Tax and cash rules' }).getByRole('radio', { name: 'Refused' }),
  ).toBeChecked();
  await page
    .getByRole('form', { name: 'Tax and cash rules' })
    .getByRole('radio', { name: 'Saved with a warning' })
    .check();
  await page.getByRole('form', { name: 'Tax and cash rules' }).getByRole('button', { name: 'Save Rules' }).click();
  await expect(page.getByText('Tax and cash rules saved.')).toBeVisible();
});

test('money before the agreement for sale: the receipt screen warns (RERA s.13) and the sales listing flags the sale', async ({
  page,
}) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const { plotName, projectId } = await sellPlot(page, { saleAmount: 100000, agreementDate: null });
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', new RegExp(`^${plotName} `));
  await choose(page, 'Status', 'Completed');
  await fillMoneyRow(page, 1, {
    particular: 'Booking',
    date: today().text,
    mode: 'UPI',
    modeDetail: 'UPI 991122',
    amount: '15000',
    partner: /^Imran Shaikh/,
  });
  const before = page.getByRole('status').filter({ hasText: 'Before you save' });
  await expect(before).toContainText('RERA section 13: ₹ 15,000.00 received before the agreement for sale');
  // Not cash: no question, saved with the server's warning.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Saved with warnings' })).toContainText('RERA section 13');

  await page.goto(server.tenantUrl(`/view-sales/${projectId}`));
  const badge = page.getByRole('row', { name: new RegExp(`${plotName}\\b`) }).getByText('RERA', { exact: true });
  await expect(badge).toBeVisible();
});
