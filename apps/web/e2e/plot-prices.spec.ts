import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { masterLogin } from './support/admin-helpers';
import { OWNER } from './support/approvals';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

/** Issue 21: a plot's list price, facing, corner and sector; the sale screen's address and list price; the price list. */
const server = setupTestServer();
test.use({ locale: 'en-IN' });

const SIZES = [
  { name: 'wide', width: 1366, height: 650 },
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('a link opens the sale screen with project, plot and buyer chosen and the amount from the list price', async ({
  page,
}) => {
  const { projectId } = await callApi<{ projectId: number }>(page, 'POST', '/project', {
    projectName: 'Price Lane',
    city: 'Nagpur',
    totalArea: 10000,
    totalRate: 100,
    plots: [
      { plotName: 'PL-1', totalPlotSize: 1000, listRate: 1500 },
      { plotName: 'PL-2', totalPlotSize: 1200, listRate: 1000, listPrice: 1234567.89, facing: 'NE', corner: true },
      { plotName: 'PL-3', totalPlotSize: 900 },
    ],
  });
  const { plots } = await callApi<{ plots: { plotId: number }[] }>(page, 'GET', `/project/${projectId}`);
  const { buyerId } = await callApi<{ buyerId: number }>(page, 'POST', '/buyer', {
    name: 'Meera Joshi',
    mobile: '98220 44444',
  });
  const [first, second, third] = plots.map((p) => p.plotId);

  await page.goto(server.tenantUrl(`/sale?projectId=${projectId}&plotId=${first}&buyerId=${buyerId}`));
  await expect(page.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(/^Price Lane/);
  await expect(page.getByRole('combobox', { name: 'Plot', exact: true })).toHaveValue(/PL-1/);
  await expect(page.getByLabel('Buyer Name')).toHaveValue('Meera Joshi');
  await expect(page.getByLabel('Buyer Mobile')).toHaveValue('+91 98220 44444');
  // 1,000 sq ft × ₹ 1,500 per sq ft.
  await expect(page.getByLabel('Sale Amount')).toHaveValue('15,00,000');
  await expect(page.getByText('Selling to an existing buyer.')).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `sale-prefilled-${size.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // Another plot: its list price wins over its rate; a plot without either leaves the amount blank.
  await choose(page, 'Plot', /^PL-2/);
  await expect(page.getByLabel('Sale Amount')).toHaveValue('12,34,567.89');
  await choose(page, 'Plot', /^PL-3/);
  await expect(page.getByLabel('Sale Amount')).toHaveValue('');

  // The amount is the user's to change: sell PL-1 for less than its list price.
  await choose(page, 'Plot', /^PL-1/);
  await expect(page.getByLabel('Sale Amount')).toHaveValue('15,00,000');
  await page.getByLabel('Sale Amount').fill('1450000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toContainText('PL-1 sold for ₹ 14,50,000.00 (full payment)');
  const sold = await callApi<{ saleAmount: number; isSold: boolean }>(page, 'GET', `/plot/${first}`);
  expect(sold).toMatchObject({ saleAmount: 1450000, isSold: true });
  const buyer = await callApi<{ sales: { plotName: string }[] }>(page, 'GET', `/buyer/${buyerId}`);
  expect(buyer.sales.map((s) => s.plotName)).toEqual(['PL-1']);

  // A made-up address chooses nothing and breaks nothing.
  await page.goto(server.tenantUrl(`/sale?projectId=abc&plotId=${third}&buyerId=0`));
  await expect(page.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue('');
  await expect(page.getByLabel('Buyer Name')).toHaveValue('');
  expect(second).toBeGreaterThan(0);
});

test('the project form takes sector, facing, corner, rate and price; All Project Details shows them; the price list downloads', async ({
  page,
}) => {
  await page.goto(server.tenantUrl('/project'));
  await page.getByLabel('Project Name').fill('Facing Fields');
  await page.getByLabel('City').fill('Wardha');
  await page.getByLabel('Total Area (sq ft)').fill('10000');
  await page.getByLabel('Total Rate (per sq ft)').fill('100');
  await page.getByLabel('Plot Name').first().fill('FF-1');
  await page.getByLabel('Plot Size (sq ft)').first().fill('1200.25');
  await page.getByLabel('Sector / Phase').first().fill('Phase 2');
  await choose(page, 'Facing', 'North-east');
  await page.getByLabel('Corner').first().check();
  await page.getByLabel('Rate per sq ft (₹)').first().fill('1500.55');
  // Rate × size is offered as the list price's hint.
  await expect(page.getByLabel('List Price (₹)').first()).toHaveAttribute('placeholder', '18,01,035.14');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `project-form-prices-${size.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();
  await page.goto(server.tenantUrl('/view-projects'));

  const card = page.getByRole('article', { name: 'Facing Fields - Wardha' });
  // A card's plots load once it is on screen.
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('plot-place')).toHaveText(
    'Phase 2 · North-east facing · Corner · List ₹ 18,01,035.14 (₹ 1,500.55/sq.ft)',
  );
  await expect(card.getByRole('link', { name: 'Plot board of Facing Fields' })).toHaveAttribute(
    'href',
    /\/board\/\d+$/,
  );
  await card.scrollIntoViewIfNeeded();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await card.screenshot({ path: `${SCREENSHOT_DIR}view-projects-prices-${size.name}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download the price list of Facing Fields' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^PriceList_\d+\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await file.path()) as string)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const row = (sheet.getRow(2).values as unknown[]).slice(1);
  expect(row).toEqual(['Phase 2', 'FF-1', undefined, 1200.25, 'North-east', 'Yes', 1500.55, 1801035.14, 'Available']);
});

test('the dashboard shows the holds ending soon and links to the board', async ({ page }) => {
  await page.goto(server.tenantUrl('/dashboard'));
  const holds = page.getByRole('region', { name: 'Holds ending soon' });
  await expect(holds).toBeVisible();
  // The card settles on the company's live holds (or says there are none), never on its error.
  await expect(holds.getByText(/No plot is on hold\.|Until \d\d\/\d\d\/\d{4}/).first()).toBeVisible();
  await expect(holds.getByText('The holds could not be loaded.')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Plot board of / }).first()).toHaveAttribute('href', /\/board\/\d+$/);
  await expect(page.getByRole('link', { name: 'Plot Board' }).first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `dashboard-holds-${size.name}`);
  }
});

test('on a 1366 px laptop a saved plot row: History, Archive and Remove do not run over its plot number', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  // The company admin, who sees Archive too.
  await masterLogin(page, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  const { projectId } = await buildProject(page, `Wide Rows ${Date.now() % 100000}`, ['Plot 1', 'Plot 2'], []);
  await page.goto(server.tenantUrl(`/project/${projectId}`));
  const row = page.getByTestId('plot-row').first();
  await expect(row.getByRole('button', { name: /Archive/ })).toBeVisible();
  const number = await row.getByLabel('Plot Number').boundingBox();
  const history = await row.getByRole('button', { name: /History/ }).boundingBox();
  if (!number || !history) throw new Error('no boxes');
  expect(number.x + number.width).toBeLessThanOrEqual(history.x);
});
