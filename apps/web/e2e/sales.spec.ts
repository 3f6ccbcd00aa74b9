import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { choose, fillDate } from './support/forms';
import { loginAsUser } from './support/pages';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const PROJECT = 'Sai Nagar Phase 1';

/** dd/mm/yyyy of the given day of the month `months` away from this one. */
function dayOfMonth(day: number, months: number): string {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth() + months, day);
  return `${String(day).padStart(2, '0')}/${String(date.getMonth() + 1).padStart(2, '0')}/${date.getFullYear()}`;
}

/** Picks the first plot still offered for sale and answers its name. */
async function chooseUnsoldPlot(page: Page): Promise<string> {
  await page.getByRole('combobox', { name: 'Plot', exact: true }).click();
  const option = page.locator('[role="option"]:visible:not([data-combobox-disabled])').first();
  const label = (await option.textContent()) ?? '';
  await option.click();
  return label.replace(/ \(.*$/, '');
}

async function startSale(page: Page): Promise<string> {
  await page.goto(server.tenantUrl('/sale'));
  await expect(page.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  return chooseUnsoldPlot(page);
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('sells a plot on EMI with paise, previews a schedule that adds up, and lists it with its schedule', async ({
  page,
}) => {
  const plot = await startSale(page);
  await page.getByLabel('Buyer Name').fill('Sunita Deshmukh');
  await page.getByLabel('Buyer Mobile').fill('98220 11111');
  await expect(page.getByLabel('Sale Date')).toHaveValue(dayOfMonth(new Date().getDate(), 0));
  await page.getByLabel('Sale Amount').fill('1250000.50');
  await page.getByText('EMI', { exact: true }).click();

  await page.getByLabel('Advance Amount').fill('100000');
  await page.getByLabel('Visarpawati Amount').fill('50000.25');
  await expect(page.getByLabel('EMI Total')).toHaveValue('₹ 11,00,000.25');
  await page.getByLabel('EMI Duration (months)').fill('7');
  await expect(page.getByLabel('Monthly Amount')).toHaveValue('₹ 1,57,142.89');

  // An EMI date before the sale month is refused and cleared.
  await fillDate(page, 'First EMI Date', dayOfMonth(10, -1));
  await expect(page.getByText('EMI date cannot be before the plot sale month.')).toBeVisible();
  await expect(page.getByLabel('First EMI Date')).toHaveValue('');
  await fillDate(page, 'First EMI Date', dayOfMonth(10, 1));

  const preview = page.getByTestId('schedule-preview');
  await expect(preview.locator('tbody tr')).toHaveCount(7);
  await expect(preview.locator('tbody tr').first()).toContainText(dayOfMonth(10, 1));
  await expect(preview.locator('tbody tr').first()).toContainText('₹ 1,57,142.89');
  // The last installment takes the remainder: 11,00,000.25 − 6 × 1,57,142.89.
  await expect(preview.locator('tbody tr').last()).toContainText(dayOfMonth(10, 7));
  await expect(preview.locator('tbody tr').last()).toContainText('₹ 1,57,142.91');
  await expect(page.getByTestId('schedule-total')).toHaveText('₹ 11,00,000.25');
  await snap(page, 'sale-emi-desktop');

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toContainText('Sale saved successfully!');
  await expect(page.getByTestId('form-status')).toContainText(
    `Sale saved successfully! ${plot} sold for ₹ 12,50,000.50 on 7 monthly`,
  );

  // The sold plot is shown as sold and cannot be picked again.
  await page.getByRole('combobox', { name: 'Plot', exact: true }).click();
  const sold = page.getByRole('option', { name: new RegExp(`^${plot} \\(.*— sold$`) });
  await expect(sold).toBeVisible();
  await expect(sold).toHaveAttribute('data-combobox-disabled', 'true');
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'View Sales' }).click();
  await expect(page).toHaveURL(/\/view-sales\/\d+$/);
  await expect(page.getByRole('heading', { name: `Project: ${PROJECT} - Wardha` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: new RegExp(`^${plot}(History)?Sunita`) });
  await expect(row).toContainText('EMI');
  await expect(row).toContainText('7 months');
  await expect(row).toContainText('₹ 12,50,000.50');
  await expect(row).toContainText('₹ 1,57,142.89');
  // The total row adds up the upfront and EMI columns too (after Plot, Sale Rate, Received, Status, Payment Type: Advance / Visarpawati, then EMI Total).
  const total = page.locator('tfoot tr').first();
  await expect(total.locator('td').nth(5)).not.toBeEmpty();
  await expect(total.locator('td').nth(6)).not.toBeEmpty();
  // Received and Pending are in view on a laptop without scrolling sideways.
  const pendingHeader = page.getByRole('columnheader', { name: /Pending/ });
  const box = await pendingHeader.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(1280);
  await snap(page, 'view-sales-desktop');

  await row.getByRole('button', { name: `Schedule of plot ${plot}` }).click();
  const dialog = page.getByRole('dialog', { name: `EMI schedule: ${plot}` });
  const installments = dialog.getByTestId('sale-schedule').locator('tbody tr');
  await expect(installments).toHaveCount(7);
  await expect(installments.first()).toContainText('Due');
  await expect(installments.last()).toContainText('₹ 1,57,142.91');
  await snap(page, 'sale-schedule-desktop', { fullPage: false });

  await page.setViewportSize(VIEWPORTS[1]);
  await snap(page, 'sale-schedule-phone', { fullPage: false });
  await page.keyboard.press('Escape');
  await snap(page, 'view-sales-phone');
});

test('sells a plot for full payment, which then drops out of the plots offered', async ({ page }) => {
  const plot = await startSale(page);
  await page.getByLabel('Buyer Name').fill('Ravi Patil');
  await page.getByLabel('Sale Amount').fill('750000');
  await expect(page.getByTestId('schedule-preview')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toContainText('Sale saved successfully!');
  await expect(page.getByTestId('form-status')).toContainText('(full payment)');

  // The form is ready for the next sale of the same project; the sold plot is no longer offered.
  await expect(page.getByLabel('Buyer Name')).toHaveValue('');
  const next = await chooseUnsoldPlot(page);
  expect(next).not.toBe(plot);

  await page.goto(server.tenantUrl('/view-sales/0'));
  await expect(page.getByText('Choose a project to see its sales.')).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${PROJECT}`));
  const row = page.getByRole('row').filter({ hasText: new RegExp(`^${plot}(History)?Ravi`) });
  await expect(row).toContainText('Full Payment');
  await expect(row).toContainText('₹ 7,50,000.00');
  await row.getByRole('button', { name: `Schedule of plot ${plot}` }).click();
  await expect(page.getByRole('dialog')).toContainText('Full payment: this sale has no EMI schedule.');
});

test('Save with nothing filled moves to Project and says each problem once', async ({ page }) => {
  await page.goto(server.tenantUrl('/sale'));
  await expect(page.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please select a project.')).toHaveCount(1);
  await expect(page.getByTestId('form-status')).toContainText('highlighted fields');
  await expect(page.getByRole('combobox', { name: 'Project', exact: true })).toBeFocused();
});

test('EMI figures that cannot be are said at their field as typed, with no schedule of ₹ 0.00 months', async ({
  page,
}) => {
  await startSale(page);
  await page.getByLabel('Sale Amount').fill('500000');
  await page.getByText('EMI', { exact: true }).click();
  await page.getByLabel('Advance Amount').fill('400000');
  await page.getByLabel('Visarpawati Amount').fill('100001');
  await expect(page.getByText('Advance and visarpawati together cannot exceed the sale amount.')).toBeVisible();
  await page.getByLabel('EMI Duration (months)').fill('400');
  await page.getByLabel('EMI Duration (months)').blur();
  // Not silently capped at 360: the typed duration stays and is refused at the field.
  await expect(page.getByLabel('EMI Duration (months)')).toHaveValue('400');
  await expect(page.getByText('EMI duration must be between 1 and 360 months')).toBeVisible();
  await fillDate(page, 'First EMI Date', dayOfMonth(5, 1));
  await expect(page.getByTestId('schedule-preview')).toHaveCount(0);
  await expect(page.getByText('Correct the figures above to see the schedule.')).toBeVisible();
  await snap(page, 'sale-emi-impossible');

  await page.getByLabel('Visarpawati Amount').fill('100000');
  await page.getByLabel('EMI Duration (months)').fill('360');
  await expect(page.getByText('Advance and visarpawati together cannot exceed the sale amount.')).toHaveCount(0);
  await expect(page.getByText('EMI duration must be between 1 and 360 months')).toHaveCount(0);
});

test('shows the sale form on a phone with the schedule preview', async ({ page }) => {
  await page.setViewportSize(VIEWPORTS[1]);
  await startSale(page);
  await page.getByLabel('Buyer Name').fill('Asha More');
  await page.getByLabel('Sale Amount').fill('600000');
  await page.getByText('EMI', { exact: true }).click();
  await page.getByLabel('Advance Amount').fill('60000');
  await page.getByLabel('EMI Duration (months)').fill('12');
  await fillDate(page, 'First EMI Date', dayOfMonth(5, 1));
  await expect(page.getByTestId('schedule-total')).toHaveText('₹ 5,40,000.00');
  await snap(page, 'sale-emi-phone');
});

test('the sale screens have no serious or critical accessibility violations', async ({ page }) => {
  test.setTimeout(120_000);
  const plot = await startSale(page);
  await page.getByLabel('Buyer Name').fill('Meera Joshi');
  await page.getByLabel('Sale Amount').fill('500000');
  await page.getByText('EMI', { exact: true }).click();
  await page.getByLabel('EMI Duration (months)').fill('3');
  await fillDate(page, 'First EMI Date', dayOfMonth(1, 1));
  await expect(page.getByTestId('schedule-preview')).toBeVisible();
  expect(await seriousViolations(page), 'sale form').toEqual([]);

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toContainText('Sale saved successfully!');
  await page.getByRole('link', { name: 'View Sales' }).click();
  await page.getByRole('button', { name: `Schedule of plot ${plot}`, exact: true }).click();
  await expect(page.getByTestId('sale-schedule')).toBeVisible();
  expect(await seriousViolations(page), 'sales listing with a schedule').toEqual([]);
});
