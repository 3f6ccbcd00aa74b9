import { expect, type Page, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, callApi, projectWithManyReceipts, sellPlot } from './support/sales-setup';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

/**
 * The worked example of the API tests: Asha (60 %) paid ₹ 2,00,000 for the land, Bhaskar (40 %) ₹ 1,00,000 for
 * the road; a plot sold for ₹ 5,00,000 and ₹ 1,50,000 of it was handed to Asha. Profit = 5,00,000 − 3,00,000.
 */
async function workedExample(page: Page, suffix: string) {
  const asha = `Asha ${suffix}`;
  const bhaskar = `Bhaskar ${suffix}`;
  const name = `Partner Payout Farm ${suffix}`;
  const project = await buildProject(
    page,
    name,
    ['PP-1', 'PP-2'],
    [
      { name: asha, share: 60 },
      { name: bhaskar, share: 40 },
    ],
  );
  const ashaId = project.partners[asha] as number;
  const bhaskarId = project.partners[bhaskar] as number;
  await callApi(page, 'POST', '/purchase', [
    {
      projectId: project.projectId,
      partnerId: ashaId,
      particular: 'Kharedikhar',
      date: '2026-02-01',
      mode: 'Cash',
      amount: 200000,
    },
  ]);
  await callApi(page, 'POST', '/development', [
    {
      projectId: project.projectId,
      partnerId: bhaskarId,
      category: 'per_project',
      plotId: null,
      particular: 'Road Rate',
      date: '2026-04-01',
      mode: 'Cash',
      amount: 100000,
    },
  ]);
  await sellPlot(page, {
    projectId: project.projectId,
    plotId: project.plots[0]?.plotId ?? 0,
    saleAmount: 500000,
    received: 150000,
    partnerId: ashaId,
  });
  return { name, asha, bhaskar, projectId: project.projectId };
}

test('the partner summary shows each partner’s figures and a payout lowers what is due', async ({ page }) => {
  const example = await workedExample(page, String(Date.now()));
  await page.goto(server.tenantUrl('/paymenttopartner'));
  await expect(page.getByRole('heading', { name: 'Payment To Partner' })).toBeVisible();
  await choose(page, 'Project', new RegExp(`^${example.name}`));

  const table = page.getByRole('table').first();
  await expect(table.getByRole('columnheader')).toHaveText([
    /^Partner/,
    /^Share/,
    /^Investment/,
    /^Profit/,
    /^Total/,
    /^Received/,
    /^Due/,
    /^Action/,
  ]);
  const ashaRow = table.getByRole('row', { name: new RegExp(example.asha) });
  await expect(ashaRow.getByRole('cell')).toHaveText([
    example.asha,
    '60.00 %',
    '₹ 2,00,000.00',
    '₹ 1,20,000.00',
    '₹ 3,20,000.00',
    '₹ 1,50,000.00',
    '₹ 1,70,000.00',
    'Select Payment & Partner',
  ]);
  const bhaskarRow = table.getByRole('row', { name: new RegExp(example.bhaskar) });
  await expect(bhaskarRow.getByRole('cell').nth(6)).toHaveText('₹ 1,80,000.00');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `payment-to-partner-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  // Pay Bhaskar ₹ 30,000 of the ₹ 1,80,000 due to him.
  await bhaskarRow.getByRole('button', { name: /Select Payment & Partner/ }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${example.bhaskar}` });
  await expect(dialog.getByTestId('payout-due')).toHaveText('Due to this partner: ₹ 1,80,000.00');
  await expect(dialog.getByLabel('Amount (₹)')).toHaveValue('1,80,000');
  await dialog.getByLabel('Amount (₹)').fill('30000');
  await choose(page, 'Mode', 'Bank Transfer');
  await dialog.getByLabel('Mode Detail').fill('NEFT UTR 4411');
  await dialog.getByLabel('Note').fill('First share of profit');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `payment-to-partner-payout-${viewport.name}`, { fullPage: false });
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await dialog.getByRole('button', { name: 'Save Payment' }).click();
  await expect(page.getByText(`Payment to ${example.bhaskar} saved successfully!`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(bhaskarRow.getByRole('cell').nth(5)).toHaveText('₹ 30,000.00');
  await expect(bhaskarRow.getByRole('cell').nth(6)).toHaveText('₹ 1,50,000.00');
  const payouts = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /^Note/ }) });
  await expect(payouts.getByRole('row', { name: /NEFT UTR 4411/ })).toContainText('₹ 30,000.00');

  // See All Receipt shows the project's receipt lines; Hide Receipts hides them again.
  await page.getByRole('button', { name: 'See All Receipt' }).click();
  const receipts = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: /^Plot Name/ }) });
  const receipt = receipts.getByRole('row', { name: new RegExp(example.asha) });
  await expect(receipt).toContainText('Advance');
  await expect(receipt).toContainText('₹ 1,50,000.00');
  await expect(receipt).toContainText('PP-1');
  await expect(receipt).toContainText('Completed');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `payment-to-partner-receipts-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);
  await page.getByRole('button', { name: 'Hide Receipts' }).click();
  await expect(receipts).toHaveCount(0);
});

test('a project without partners or receipts says so', async ({ page }) => {
  const name = `Empty Partners ${Date.now()}`;
  await buildProject(page, name, ['E-1'], []);
  await page.goto(server.tenantUrl('/paymenttopartner'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await expect(page.getByText('No partners / data found for selected project')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Select Payment and partner' })).toBeDisabled();
  await page.getByRole('button', { name: 'See All Receipt' }).click();
  await expect(page.getByText('No receipts found.')).toBeVisible();
});

test('See All Receipt loads the receipts page by page with the Completed total of all and a server search', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { name } = await projectWithManyReceipts(page, `Receipt Pages ${Date.now()}`);
  await page.goto(server.tenantUrl('/paymenttopartner'));
  await choose(page, 'Project', new RegExp(`^${name}`));
  await page.getByRole('button', { name: 'See All Receipt' }).click();
  const card = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Receipts' }) });
  const receipts = card.getByRole('table');
  const search = card.getByRole('searchbox', { name: 'Search' });
  await expect(receipts.locator('tbody tr')).toHaveCount(100);
  await expect(page.getByRole('button', { name: 'Load more (100 of 130 receipts shown)' })).toBeVisible();
  // The server's Σ of every Completed line, not of the 100 on screen.
  await expect(receipts.locator('tfoot')).toContainText('₹ 1,33,321.00');
  await search.fill('31/12/2026');
  await expect(receipts.locator('tbody tr')).toHaveCount(1);
  await expect(receipts.locator('tfoot')).toContainText('₹ 4,321.00');
  await search.fill('');
  await expect(receipts.locator('tbody tr')).toHaveCount(100);
  // Scrolling to the end of the list brings the rest (a click here would race that load and miss the button).
  await page.getByRole('button', { name: /^Load more/ }).scrollIntoViewIfNeeded();
  await expect(receipts.locator('tbody tr')).toHaveCount(130);
  await expect(page.getByRole('button', { name: /^Load more/ })).toHaveCount(0);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `payment-to-partner-receipts-paged-${viewport.name}`, { fullPage: false });
  }
});
