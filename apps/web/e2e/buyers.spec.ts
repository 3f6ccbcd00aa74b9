import { expect, type Page, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const PROJECT = 'Sai Nagar Phase 1';
const SIZES = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

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

test('creates a buyer with a co-buyer and nominee while selling, then opens the buyer page', async ({ page }) => {
  const plot = await startSale(page);
  await page.getByLabel('Buyer Name').fill('Meenal Kulkarni');
  await page.getByLabel('Buyer Mobile').fill('97300 12345');
  await page.getByRole('button', { name: 'Add co-buyers and nominee' }).click();
  await page.getByLabel("Father's / husband's name").fill('Shrikant Kulkarni');
  await page.getByRole('button', { name: 'Add co-buyer' }).click();
  await page.getByLabel('Co-buyer 1 name').fill('Shrikant Kulkarni');
  await page.getByLabel('Relation', { exact: true }).fill('Husband');
  await page.getByLabel('PAN', { exact: true }).fill('abcpk1234d');
  await page.getByLabel('Nominee name').fill('Ishaan Kulkarni');
  await page.getByLabel('Nominee relation').fill('Son');
  await page.getByLabel('Sale Amount').fill('900000');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `buyers-sale-form-new-buyer-${size.name}`);
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sale saved successfully!').first()).toBeVisible();

  await page.goto(server.tenantUrl('/buyers'));
  await expect(page.getByRole('heading', { name: 'Buyers', level: 1 })).toBeVisible();
  await page.getByPlaceholder(/Search/).fill('Meenal');
  await expect(page.getByRole('link', { name: 'Anil Wankhede' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Meenal Kulkarni' }).first().click();
  await expect(page.getByRole('heading', { name: 'Meenal Kulkarni', level: 1 })).toBeVisible();
  await expect(page.getByText('S/o, W/o or D/o Shrikant Kulkarni')).toBeVisible();
  // A user sees the co-buyer's PAN masked.
  await expect(page.getByText('Shrikant Kulkarni (Husband) PAN XXXXX1234X')).toBeVisible();
  await expect(page.getByText('Ishaan Kulkarni (Son)')).toBeVisible();
  await expect(page.getByText(`${PROJECT} · ${plot}`)).toBeVisible();
  await expect(page.getByText('₹ 9,00,000.00').first()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `buyers-page-${size.name}`);
  }
});

test('finds a buyer by mobile as it is typed and sells them another plot', async ({ page }) => {
  await startSale(page);
  // Swati Khobragade holds two demo plots; typed by her mobile, the picker offers her.
  await page.getByLabel('Buyer Name').fill('98220 583');
  const option = page.getByRole('option', { name: /Swati Khobragade/ });
  await expect(option).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `buyers-sale-form-picker-${size.name}`, { fullPage: false });
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByLabel('Buyer Name').press('ArrowDown');
  await page.getByLabel('Buyer Name').press('Enter');
  await expect(page.getByLabel('Buyer Name')).toHaveValue('Swati Khobragade');
  await expect(page.getByLabel('Buyer Mobile')).toHaveValue('+91 98220 58360');
  await page.getByLabel('Sale Amount').fill('750000');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sale saved successfully!').first()).toBeVisible();

  await page.goto(server.tenantUrl('/buyers'));
  await page.getByPlaceholder(/Search/).fill('Swati');
  await expect(page.getByRole('link', { name: 'Anil Wankhede' })).toHaveCount(0);
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await snap(page, `buyers-list-${size.name}`);
  }
  await page.setViewportSize(SIZES[0]);
  await page.getByRole('link', { name: 'Swati Khobragade' }).first().click();
  await expect(page.getByRole('heading', { name: 'Swati Khobragade', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: /: schedule and receipts$/ })).toHaveCount(3);
});
