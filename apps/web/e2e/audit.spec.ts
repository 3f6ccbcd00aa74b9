import { readFile } from 'node:fs/promises';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { masterLogin } from './support/admin-helpers';
import { OWNER } from './support/approvals';
import { choose, fillMoneyRow } from './support/forms';
import { chooseProject } from './support/money-rows';
import { loginAsUser } from './support/pages';
import { callApi } from './support/sales-setup';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const PROJECT = 'Shivam Residency';
/** The two widths: a 1366 × 650 laptop and a phone. */
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** Sells an unsold plot of the demo project in full through the API; its name. */
async function sellPlot(page: Page): Promise<string> {
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
    saleDate: '2026-01-10',
    saleAmount: 300000,
    paymentType: 'Cash',
    advanceAmount: 0,
    visarpawatiAmount: 0,
    buyerName: 'Sunita Pawar',
  });
  return plot.plotName;
}

/** A History drawer at both widths: opened afresh at each (a phone's list is cards, a new button). */
async function historyScreenshots(page: Page, name: string, openButton: () => Locator, expected: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await openButton().click();
    const drawer = page.getByRole('dialog', { name: /^History of / });
    await expect(drawer).toContainText(expected);
    await page.waitForTimeout(300);
    await snap(page, `audit-${name}-${size.name}`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1366, height: 650 });
}

async function screenshots(page: Page, name: string) {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(300);
    await snap(page, `audit-${name}-${size.name}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1366, height: 650 });
}

test('a receipt amount changed and a purchase voided show in their History and on the Audit page, which exports', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 650 });
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  // A user has no Audit page in the sidebar.
  await expect(page.getByRole('link', { name: 'Audit', exact: true })).toHaveCount(0);

  // A Pending cheque receipt, then its amount corrected with a reason.
  const plotName = await sellPlot(page);
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', new RegExp(`^${plotName} `));
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: '05/03/2026',
    mode: 'Cheque',
    modeDetail: 'HDFC 445566',
    creditTo: 'Company account',
    amount: '120000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();

  const cheque = page.getByRole('row', { name: /HDFC 445566/ });
  await expect(cheque).toContainText('₹ 1,20,000.00');
  await cheque.getByRole('button', { name: 'Lines' }).click();
  await page.getByRole('menuitem', { name: 'Edit amount of Advance of ₹ 1,20,000.00' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit amount' });
  await edit.getByRole('textbox', { name: 'Amount' }).fill('102000');
  await edit.getByRole('textbox', { name: 'Reason' }).fill('typo in cheque amount');
  await edit.getByRole('button', { name: 'Save amount' }).click();
  await expect(edit).toHaveCount(0);
  await expect(cheque).toContainText('₹ 1,02,000.00');

  await cheque.getByRole('button', { name: /^History of receipt/ }).click();
  const receiptHistory = page.getByRole('dialog', { name: /^History of receipt/ });
  await expect(receiptHistory).toContainText(
    'Demo User changed Amount from ₹ 1,20,000.00 to ₹ 1,02,000.00, Receipt total from ₹ 1,20,000.00 to ₹ 1,02,000.00: typo in cheque amount',
  );
  await expect(receiptHistory).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  // Escape closes it and gives the focus back to its button.
  await page.keyboard.press('Escape');
  await expect(receiptHistory).toHaveCount(0);
  await expect(cheque.getByRole('button', { name: /^History of receipt/ })).toBeFocused();
  await historyScreenshots(
    page,
    'receipt-history',
    () => page.getByRole('button', { name: /^History of receipt of ₹ 1,02,000.00/ }).first(),
    'typo in cheque amount',
  );

  // A purchase voided: it leaves the list, and Show voided shows it struck through with who and why.
  await page.goto(server.tenantUrl('/purchase-list'));
  await chooseProject(page);
  const records = page.getByText(/^\d+ records?$/);
  await expect(records).toBeVisible();
  const before = Number((await records.textContent())?.split(' ')[0]);
  const firstRow = page.locator('tbody tr').first();
  const particular = ((await firstRow.locator('td').nth(1).textContent()) ?? '').trim();
  const amount = ((await firstRow.locator('td').nth(8).textContent()) ?? '').trim();
  await firstRow.getByRole('button', { name: /^Void / }).click();
  const dialog = page.getByRole('dialog', { name: 'Void purchase entry?' });
  await expect(dialog).toContainText(particular);
  // The reason is required.
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expect(dialog.getByText('Please give a reason.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Reason' }).fill('entered twice');
  await dialog.getByRole('button', { name: 'Void' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`${before - 1} records`, { exact: true })).toBeVisible();

  await page.getByRole('switch', { name: 'Show voided' }).check();
  const voided = page.getByRole('row', { name: /Voided by Demo User/ });
  await expect(voided).toContainText('entered twice');
  await expect(voided).toContainText(amount);
  await expect(voided.locator('td').first()).toHaveCSS('text-decoration-line', 'line-through');
  await voided.getByRole('button', { name: /^History of / }).click();
  const purchaseHistory = page.getByRole('dialog', { name: /^History of / });
  await expect(purchaseHistory).toContainText('Demo User voided this record: entered twice');
  await purchaseHistory.getByRole('button', { name: 'Close history' }).click();
  await expect(purchaseHistory).toHaveCount(0);
  await historyScreenshots(
    page,
    'purchase-history',
    () => page.getByRole('button', { name: `History of ${particular} of ${amount}` }).first(),
    'entered twice',
  );
  await screenshots(page, 'purchases-voided');

  // The tenant admin's Audit page: filtered by that user, then exported.
  await page.evaluate(() => localStorage.clear());
  await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  await page.goto(server.tenantUrl('/dashboard'));
  await page.getByRole('link', { name: 'Audit', exact: true }).click();
  await expect(page).toHaveURL(server.tenantUrl('/audit'));
  await expect(page.getByRole('heading', { name: 'Audit', exact: true })).toBeVisible();
  await choose(page, 'User', 'Demo User');
  const table = page.getByRole('table');
  await expect(table).toContainText('changed Amount from ₹ 1,20,000.00 to ₹ 1,02,000.00');
  await expect(table).toContainText('entered twice');
  await expect(table.locator('tbody tr').filter({ hasText: 'Demo Owner' })).toHaveCount(0);
  await screenshots(page, 'page');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = await readFile((await file.path()) ?? '');
  // An .xlsx is a zip: PK.
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
});

test('a user is sent away from the Audit page', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.goto(server.tenantUrl('/audit'));
  await expect(page).toHaveURL(server.tenantUrl('/access-denied'));
});

test('screenshots of the lists with History, Void and Archive', { tag: '@screenshots' }, async ({ page }) => {
  test.setTimeout(180_000);
  await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  const tour: [string, string, (() => Promise<void>)?][] = [
    ['contributions', '/partnercontribution', () => chooseProject(page)],
    ['payouts', '/paymenttopartner', () => chooseProject(page)],
    ['partners', '/partner'],
    ['projects-admin', '/tenant-admin/projects'],
    ['view-projects', '/view-projects'],
  ];
  for (const [name, path, prepare] of tour) {
    await page.setViewportSize({ width: 1366, height: 650 });
    await page.goto(server.tenantUrl(path));
    await prepare?.();
    await page.waitForTimeout(1500);
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      await page.waitForTimeout(400);
      await snap(page, `audit-list-${name}-${size.name}`);
    }
  }
  // A plot with receipts: the Lines menu, History and the status buttons side by side.
  await page.setViewportSize({ width: 1366, height: 650 });
  const plotName = await sellPlot(page);
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  await choose(page, 'Plot', new RegExp(`^${plotName} `));
  await choose(page, 'Status', 'Pending');
  await fillMoneyRow(page, 1, {
    particular: 'Advance',
    date: '05/03/2026',
    mode: 'Cheque',
    modeDetail: 'HDFC 778899',
    amount: '50000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Payment saved successfully!')).toBeVisible();
  const row = page.getByRole('row', { name: /HDFC 778899/ });
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    await snap(page, `audit-list-receipts-${size.name}`);
  }
  await page.setViewportSize({ width: 1366, height: 650 });
  await row.getByRole('button', { name: 'Lines' }).click();
  await expect(page.getByRole('menuitem', { name: /^Edit amount of / })).toBeVisible();
  // The receipt's only line is not voided: the receipt is bounced instead.
  await expect(page.getByRole('menuitem', { name: /^Void / })).toHaveCount(0);
  await snap(page, 'audit-list-receipts-menu-desktop', { fullPage: false });
});
