import { type Browser, expect, type Page, test } from '@playwright/test';
import { masterLogin } from './support/admin-helpers';
import { OWNER } from './support/approvals';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

/**
 * Issue 21's Chromium flow on a 390 px phone: a salesperson holds a plot on the board; another user cannot sell it;
 * the holder sells it from the board with the buyer filled in; the other user's open board turns the tile sold
 * without a reload (polling with ETag, every 2 s); the buyer's page shows the sale.
 */
const server = setupTestServer();
test.use({ locale: 'en-IN', viewport: { width: 390, height: 844 } });

test('on a 1366 px laptop a tile shows its whole facing and corner, not cut off', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const { projectId } = await callApi<{ projectId: number }>(page, 'POST', '/project', {
    projectName: `Corner Acres ${Date.now() % 100000}`,
    city: 'Wardha',
    totalArea: 10000,
    totalRate: 100,
    plots: [{ plotName: 'Plot 12', totalPlotSize: 1434, facing: 'NE', corner: true }],
  });
  await page.goto(server.tenantUrl(`/board/${projectId}`));
  const facing = tile(page, 'Plot 12').getByText('NE · Cnr', { exact: true });
  await expect(facing).toBeVisible();
  const cut = await facing.evaluate((el) => el.scrollWidth > el.clientWidth);
  expect(cut).toBe(false);
});

const HOLDER = { name: 'Kiran Shinde', email: 'kiran.shinde@example.com', password: 'kiran-holds-1' };
const PROJECT = `Board Acres ${Date.now() % 100000}`;
const BUYER = { name: 'Sunita Deshmukh', mobile: '98220 11111' };
/** Today as `YYYY-MM-DD` (the sale date). */
const today = () => new Date().toISOString().slice(0, 10);

/** A phone-sized page of its own (own storage, so its own session). */
async function phone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-IN' });
  return context.newPage();
}

/** A plot's tile on the board: a button whose name starts with the plot's name. */
const tile = (page: Page, plotName: string) => page.getByRole('button', { name: new RegExp(`^${plotName},`) });

/** The API's answer to a sale of the plot, sent from the signed-in page as the sale screen sends it. */
async function trySale(page: Page, sale: { projectId: number; plotId: number }) {
  return page.evaluate(
    async (body) => {
      const response = await fetch('/api/sale', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
        body: JSON.stringify(body),
      });
      return { status: response.status, message: ((await response.json()) as { message?: string }).message ?? '' };
    },
    {
      ...sale,
      saleDate: today(),
      saleAmount: 900000,
      paymentType: 'Cash',
      buyerName: 'Someone Else',
      buyerMobile: '98220 99999',
    },
  );
}

test('hold on the board, a second user cannot sell, the holder sells, the other board turns sold live', async ({
  browser,
}) => {
  test.setTimeout(180_000);

  // The company's admin adds the holder (a plain user) and a project of three plots.
  const owner = await phone(browser);
  await masterLogin(owner, server.tenantUrl('').replace(/\/$/, ''), OWNER.email, OWNER.password);
  await callApi(owner, 'POST', '/tenant-admin/users', {
    name: HOLDER.name,
    email: HOLDER.email,
    password: HOLDER.password,
    mobileNumber: '9811122233',
    city: 'Nagpur',
    role: 'USER',
  });
  const project = await buildProject(owner, PROJECT, ['B-1', 'B-2', 'B-3'], []);
  const plot = project.plots.find((p) => p.plotName === 'B-2');
  if (!plot) throw new Error('B-2 was not created');
  await owner.context().close();

  // The holder opens the board from the project picker and holds B-2 for a new buyer.
  const holder = await phone(browser);
  await loginAsUser(holder, server, HOLDER.email, HOLDER.password);
  await holder.goto(server.tenantUrl('/board/0'));
  await expect(holder.getByText('Choose a project to see its plots.')).toBeVisible();
  await choose(holder, 'Project', new RegExp(`^${PROJECT}`));
  await expect(holder).toHaveURL(server.tenantUrl(`/board/${project.projectId}`));
  await expect(tile(holder, 'B-2')).toHaveAttribute('data-state', 'available');
  await expect(holder.getByTestId('legend-available')).toHaveText('3 · 3,000 sq ft');
  // Thumb-sized tiles on a phone.
  const box = await tile(holder, 'B-2').boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  expect(box?.width).toBeGreaterThanOrEqual(44);

  await tile(holder, 'B-2').click();
  const panel = holder.getByRole('dialog');
  await expect(panel.getByTestId('plot-panel-state')).toHaveText('Available');
  const form = panel.getByRole('form', { name: 'Hold B-2' });
  await form.getByLabel('Buyer Name').fill(BUYER.name);
  await form.getByLabel('Buyer Mobile').fill(BUYER.mobile);
  await form.getByLabel('Hold for (days)').fill('3');
  await form.getByLabel('Note').fill('Visiting with family on Sunday');
  await snap(holder, 'plot-board-hold-phone', { fullPage: false });
  await form.getByRole('button', { name: 'Hold plot' }).click();
  const hold = panel.getByTestId('plot-hold');
  await expect(hold).toContainText(`On hold for ${BUYER.name} (+91 98220 11111)`);
  await expect(hold).toContainText(`held by ${HOLDER.name}`);
  await expect(hold).toContainText('Visiting with family on Sunday');
  await expect(tile(holder, 'B-2')).toHaveAttribute('data-state', 'held');
  await holder.keyboard.press('Escape');

  // Another user sees the hold on their own board and cannot sell the plot: no Sell there, and the server refuses.
  const other = await phone(browser);
  await loginAsUser(other, server, DEMO_USER.email, DEMO_USER.password);
  await other.goto(server.tenantUrl(`/board/${project.projectId}`));
  await expect(tile(other, 'B-2')).toHaveAttribute('data-state', 'held');
  await expect(tile(other, 'B-2')).toHaveAccessibleName(
    new RegExp(`held for ${BUYER.name} until \\d{2}/\\d{2}/\\d{4}`),
  );
  await tile(other, 'B-2').click();
  const otherPanel = other.getByRole('dialog');
  await expect(otherPanel.getByTestId('plot-hold')).toContainText(
    `Only ${HOLDER.name} or a company admin can sell it or release the hold`,
  );
  await expect(otherPanel.getByRole('link', { name: /^Sell/ })).toHaveCount(0);
  await expect(otherPanel.getByRole('button', { name: 'Release hold' })).toHaveCount(0);
  const refused = await trySale(other, { projectId: project.projectId, plotId: plot.plotId });
  expect(refused.status).toBe(409);
  expect(refused.message).toContain(HOLDER.name);
  expect(refused.message).toMatch(/\d{2}\/\d{2}\/\d{4}/);
  await other.keyboard.press('Escape');
  await snap(other, 'plot-board-held-other-phone', { fullPage: false });

  // The holder sells it from the board: the sale screen opens with the project, the plot and the buyer chosen.
  await tile(holder, 'B-2').click();
  await panel.getByRole('link', { name: `Sell to ${BUYER.name}` }).click();
  await expect(holder).toHaveURL(
    new RegExp(`/sale\\?projectId=${project.projectId}&plotId=${plot.plotId}&buyerId=\\d+$`),
  );
  await expect(holder.getByRole('heading', { name: 'Plot Sale Summary', level: 1 })).toBeVisible();
  await expect(holder.getByRole('combobox', { name: 'Project', exact: true })).toHaveValue(new RegExp(`^${PROJECT}`));
  await expect(holder.getByRole('combobox', { name: 'Plot', exact: true })).toHaveValue(/^B-2\b/);
  await expect(holder.getByLabel('Buyer Name')).toHaveValue(BUYER.name);
  await holder.getByLabel('Sale Amount').fill('950000');
  await holder.getByRole('button', { name: 'Save' }).click();
  await expect(holder.getByTestId('form-status')).toContainText('Sale saved successfully!');

  // The other user's board, open all along and never reloaded, shows B-2 sold within a few polls.
  await expect(tile(other, 'B-2')).toHaveAttribute('data-state', 'sold', { timeout: 10_000 });
  await expect(tile(other, 'B-2')).toContainText(BUYER.name);
  await expect(other.getByTestId('legend-sold')).toHaveText('1 · 1,000 sq ft');
  await expect(other.getByTestId('legend-held')).toHaveText('0 · 0 sq ft');
  await expect(other.getByTestId('board-status')).toContainText(/updated \d{2}:\d{2}:\d{2}/);
  await snap(other, 'plot-board-sold-live-phone', { fullPage: false });

  // The holder goes from the board to the buyer's page, which shows the sale.
  await holder.goto(server.tenantUrl(`/board/${project.projectId}`));
  await tile(holder, 'B-2').click();
  await expect(panel.getByTestId('plot-panel-state')).toHaveText('Sold');
  await panel.getByRole('link', { name: 'Receipts and schedule' }).click();
  await expect(holder).toHaveURL(/\/buyers\/\d+$/);
  await expect(holder.getByRole('heading', { name: BUYER.name, level: 1 })).toBeVisible();
  await expect(holder.getByRole('button', { name: `${PROJECT} B-2: schedule and receipts` })).toBeVisible();

  await holder.context().close();
  await other.context().close();
});

test('filters and search narrow the board, and the legend counts what they keep', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const name = `Filter Acres ${Date.now() % 100000}`;
  const project = await buildProject(page, name, ['F-1', 'F-2', 'F-3', 'F-4'], []);
  const [first] = project.plots;
  if (!first) throw new Error('no plots');
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId: first.plotId,
    saleDate: today(),
    saleAmount: 500000,
    paymentType: 'Cash',
    buyerName: 'Ravi Patil',
    buyerMobile: '98220 33333',
  });
  await page.goto(server.tenantUrl(`/board/${project.projectId}`));
  await expect(page.getByTestId('legend-sold')).toHaveText('1 · 1,000 sq ft');
  await expect(page.getByTestId('legend-available')).toHaveText('3 · 3,000 sq ft');

  // Search by buyer, then by plot.
  await page.getByLabel('Search plot or buyer').fill('ravi');
  await expect(page.locator('[data-plot-id]')).toHaveCount(1);
  await expect(tile(page, 'F-1')).toHaveAttribute('data-state', 'sold');
  await page.getByLabel('Search plot or buyer').fill('plot f-3');
  await expect(page.locator('[data-plot-id]')).toHaveCount(1);
  await expect(tile(page, 'F-3')).toBeVisible();
  await page.getByLabel('Search plot or buyer').fill('nobody at all');
  await expect(page.getByText('No plot matches the filters.')).toBeVisible();
  await page.getByTestId('board-no-match').getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.locator('[data-plot-id]')).toHaveCount(4);

  // A state pressed in the legend shows only that state; pressed again, all.
  await page.getByRole('button', { name: /^Sold: 1 plot,/ }).click();
  await expect(page.locator('[data-plot-id]')).toHaveCount(1);
  await page.getByRole('button', { name: /^Sold: 1 plot,/ }).click();
  await expect(page.locator('[data-plot-id]')).toHaveCount(4);

  // The size range (phone: under Filters).
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Size from (sq ft)').fill('1001');
  await expect(page.getByText('No plot matches the filters.')).toBeVisible();
  await expect(page.getByTestId('legend-available')).toHaveText('0 · 0 sq ft');
});
