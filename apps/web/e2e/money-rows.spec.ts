import { expect, type Page, type Request, test } from '@playwright/test';
import { fillDate, fillMoneyRow } from './support/forms';
import { chooseProject, PROJECT } from './support/money-rows';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

/** The rupees of a `₹ 12,34,567.89` text. */
function rupees(text: string): number {
  return Number(text.replace(/[₹,\s]/g, ''));
}

/** The purchase list's Amount footer (the total of the visible rows). */
async function listTotal(page: Page): Promise<number> {
  return rupees((await page.locator('tfoot td').nth(8).textContent()) ?? '');
}

async function listState(page: Page) {
  const count = await page.getByText(/^\d+ records?$/).textContent();
  return { records: Number(count?.split(' ')[0]), total: await listTotal(page) };
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('the row table refuses an incomplete row, keeps one blank row and lets the mode date follow the date', async ({
  page,
}) => {
  await page.goto(server.tenantUrl('/purchase'));
  await expect(page.getByRole('heading', { name: 'Plot Purchase From Farmer' })).toBeVisible();
  await chooseProject(page);
  const details = page.getByRole('region', { name: 'Project details' });
  await expect(details).toContainText(PROJECT);
  await expect(details).toContainText('Plots16');

  // Add Row is refused while the last row is incomplete; the empty required cells are marked.
  await page.getByRole('button', { name: 'Add Row' }).click();
  await expect(page.getByText('Please complete the current row before adding a new one.')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Particular row 2' })).toHaveCount(0);
  await expect(page.getByLabel('Amount row 1')).toHaveAttribute('aria-invalid', 'true');

  // The mode date follows the date while it is empty or still equal to it.
  await fillDate(page, 'Date row 1', '05/03/2026');
  await expect(page.getByLabel('Mode Date row 1')).toHaveValue('05/03/2026');
  await fillDate(page, 'Date row 1', '07/03/2026');
  await expect(page.getByLabel('Mode Date row 1')).toHaveValue('07/03/2026');
  await fillDate(page, 'Mode Date row 1', '20/03/2026');
  await fillDate(page, 'Date row 1', '08/03/2026');
  await expect(page.getByLabel('Mode Date row 1')).toHaveValue('20/03/2026');

  // A complete row can be followed by a new one (Enter in the last cell adds it too).
  await fillMoneyRow(page, 1, { particular: 'Visarpavti', mode: 'Cash', amount: '1000', partner: /^Imran Shaikh/ });
  await expect(page.getByText('Please complete the current row before adding a new one.')).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Partner row 1' }).press('Enter');
  await expect(page.getByRole('combobox', { name: 'Particular row 2' })).toBeFocused();
  await expect(page.getByTestId('row-table-total')).toHaveText('₹ 1,000.00');

  // Deleting rows: the last remaining row is replaced by a blank one.
  await page.getByRole('button', { name: 'Delete row 2' }).click();
  await page.getByRole('button', { name: 'Delete row 1' }).click();
  await expect(page.getByRole('combobox', { name: 'Particular row 1' })).toHaveValue('');
  await expect(page.getByLabel('Date row 1', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Amount row 1')).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Particular row 2' })).toHaveCount(0);
  await expect(page.getByTestId('row-table-total')).toHaveText('₹ 0.00');
});

test('two purchase rows are saved in one go and both appear on the purchase list with the total', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase-list'));
  await chooseProject(page);
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  const before = await listState(page);

  await page.goto(server.tenantUrl('/purchase'));
  await chooseProject(page);
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('All fields are required in each row')).toBeVisible();

  await fillMoneyRow(page, 1, {
    particular: 'Kharedikhar',
    date: '05/03/2026',
    mode: 'Cheque',
    modeDetail: 'SBI 004512',
    creditTo: 'Ramesh Patil',
    amount: '250000.50',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillMoneyRow(page, 2, {
    particular: 'Stamp+Advocate',
    date: '06/03/2026',
    mode: 'Online',
    creditTo: 'Adv. Kulkarni',
    amount: '12000',
    partner: /^Rajesh Deshmukh/,
  });
  await expect(page.getByTestId('row-table-total')).toHaveText('₹ 2,62,000.50');
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/purchase')) posts.push(request);
  });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Saved!', { exact: true })).toBeVisible();
  // Both rows went in one call, with an idempotency key for this submission.
  expect(posts).toHaveLength(1);
  expect(posts[0]?.postDataJSON()).toHaveLength(2);
  expect(posts[0]?.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  // The rows start again from one blank row.
  await expect(page.getByRole('combobox', { name: 'Particular row 1' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Particular row 2' })).toHaveCount(0);

  await page.getByRole('link', { name: 'View Purchases' }).click();
  await expect(page).toHaveURL(/\/purchase-list\?projectId=\d+$/);
  await expect(page.getByRole('heading', { name: 'View Plot Purchases' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Ramesh Patil/ })).toContainText('₹ 2,50,000.50');
  await expect(page.getByRole('row', { name: /Ramesh Patil/ })).toContainText('05/03/2026');
  await expect(page.getByRole('row', { name: /Adv\. Kulkarni/ })).toContainText('Rajesh Deshmukh');
  await expect(page.getByText(`${before.records + 2} records`)).toBeVisible();
  const after = await listState(page);
  expect(after.total).toBeCloseTo(before.total + 262000.5, 2);

  // Search narrows the rows and the footer total follows the visible rows.
  await page.getByPlaceholder('Search...').fill('ramesh patil');
  await expect(page.getByText(`1 of ${before.records + 2} records`)).toBeVisible();
  expect(await listTotal(page)).toBe(250000.5);
});

test('a batch with one incomplete row shows the message and stores nothing', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase-list'));
  await chooseProject(page);
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  const before = await listState(page);

  await page.goto(server.tenantUrl('/purchase'));
  await chooseProject(page);
  await fillMoneyRow(page, 1, {
    particular: 'Visarpavti',
    date: '01/04/2026',
    mode: 'Cash',
    amount: '5000',
    partner: /^Imran Shaikh/,
  });
  await page.getByRole('button', { name: 'Add Row' }).click();
  await fillMoneyRow(page, 2, { particular: 'Additional', amount: '700' });
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('All fields are required in each row')).toBeVisible();
  await expect(page.getByLabel('Date row 2', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Partner row 2' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Date row 1', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');

  // When the server refuses the batch, its reason is shown with the row it named.
  await fillMoneyRow(page, 2, { date: '02/04/2026', mode: 'Online', partner: /^Rajesh Deshmukh/ });
  await page.route('**/api/purchase', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({
        message: 'All fields are required in each row',
        fields: { '1.partnerId': 'All fields are required in each row' },
      }),
    }),
  );
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByTestId('form-status')).toContainText('Error saving purchases');
  await expect(page.getByTestId('form-status')).toContainText('All fields are required in each row (row 2)');
  await expect(page.getByRole('combobox', { name: 'Partner row 2' })).toHaveAttribute('aria-invalid', 'true');
  await page.unroute('**/api/purchase');

  // The unsaved rows are still there, so leaving asks first.
  await page.getByRole('link', { name: 'View Purchases' }).click();
  await page.getByRole('dialog', { name: 'Leave this page?' }).getByRole('button', { name: 'Leave' }).click();
  await expect(page.getByText(`${before.records} records`, { exact: true })).toBeVisible();
  expect((await listState(page)).total).toBe(before.total);
});

test('a purchase entry is voided with a reason, and shows struck through with Show voided', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase-list'));
  await chooseProject(page);
  await expect(page.getByText(/^\d+ records?$/)).toBeVisible();
  const before = await listState(page);
  const firstRow = page.locator('tbody tr').first();
  const particular = (await firstRow.locator('td').nth(1).textContent()) ?? '';

  await firstRow.getByRole('button', { name: /^Void / }).click();
  const dialog = page.getByRole('dialog', { name: 'Void purchase entry?' });
  await expect(dialog).toContainText(particular);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(`${before.records} records`, { exact: true })).toBeVisible();

  await firstRow.getByRole('button', { name: /^Void / }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('entered twice');
  await page.getByRole('dialog').getByRole('button', { name: 'Void' }).click();
  await expect(page.getByText('Purchase entry voided.')).toBeVisible();
  await expect(page.getByText(`${before.records - 1} records`, { exact: true })).toBeVisible();
  await page.getByRole('switch', { name: 'Show voided' }).check();
  await expect(page.getByRole('row', { name: /Voided by Demo User/ })).toContainText('entered twice');
});
