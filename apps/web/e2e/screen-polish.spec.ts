import { expect, type Page, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, callApi } from './support/sales-setup';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

const shareField = (page: Page) => page.getByLabel('Share (%)');

test('the partner form: the banner follows the fields, the hint counts the share, over 100 % is refused here', async ({
  page,
}) => {
  const name = `Share Check ${Date.now()}`;
  await buildProject(page, name, ['S-1'], [{ name: `Held ${Date.now()}`, share: 33.33 }]);
  await page.goto(server.tenantUrl('/partner'));
  // The screen's code and the partners load first (slow on a busy machine).
  await expect(page.locator('#partner-form-title')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Save' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'Partner name is required' });
  await expect(banner).toBeVisible();
  await page.getByLabel('Name').fill('Asha Kulkarni');
  await expect(page.getByText('Partner name is required')).toHaveCount(0);
  await page.getByLabel('City').fill('Pune');

  await choose(page, 'Project', new RegExp(`^${name}`));
  await expect(page.getByText('66.67% left')).toBeVisible();
  await shareField(page).fill('33.33');
  await expect(page.getByText('33.34% left')).toBeVisible();
  await shareField(page).fill('66.67');
  await expect(page.getByText('0% left')).toBeVisible();

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/partner') posts.push(r.url());
  });
  await shareField(page).fill('70');
  await expect(page.getByText('Only 66.67% is left in this project')).toBeVisible();
  // The error says what is left; a "0% left" hint beside it would contradict it.
  await expect(page.getByText('0% left')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText(`Shares in ${name} would add up to 103.33%; they may not exceed 100%. At most 66.67% is left.`),
  ).toBeVisible();
  expect(posts).toEqual([]);
});

test("Farmer Account's Export is there, disabled, before Show", async ({ page }) => {
  await page.goto(server.tenantUrl('/reports?report=farmerAccount'));
  await expect(page.getByRole('button', { name: 'Show' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Export' })).toBeDisabled();
  await expect(page.getByText('Choose a project and press Show.')).toBeVisible();
});

test('the Sales Report fits a 1366 px laptop: EMI Total and Monthly Amount without scrolling sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 650 });
  await page.goto(server.tenantUrl('/view-sales/1'));
  const table = page.getByRole('table');
  await expect(table.getByRole('button', { name: 'Schedule of plot Plot 8' })).toBeVisible();
  const overflow = await table.evaluate(
    (t) => (t.parentElement?.parentElement?.scrollWidth ?? 0) - (t.parentElement?.parentElement?.clientWidth ?? 0),
  );
  expect(overflow).toBeLessThanOrEqual(0);
  for (const header of [/^EMI Total/, /^Monthly Amount/]) {
    const box = await table.getByRole('columnheader', { name: header }).boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1366);
  }
});

test('typing in a dropdown filters its options, also over a chosen value', async ({ page }) => {
  await page.goto(server.tenantUrl('/activity'));
  const project = page.getByRole('combobox', { name: 'Project' });
  await choose(page, 'Project', /^Green Valley/);
  await project.click();
  await page.keyboard.type('Sai');
  await expect(page.getByRole('option', { name: /^Sai Nagar Phase 1/ })).toBeVisible();
  await expect(page.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('Escape');

  await page.getByRole('combobox', { name: 'Activity Type' }).click();
  const all = await page.getByRole('option').count();
  await page.keyboard.type('pl');
  await expect(page.getByRole('option').first()).toBeVisible();
  const shown = await page.getByRole('option').allTextContents();
  expect(shown.length).toBeLessThan(all);
  for (const option of shown) expect(option.toLowerCase()).toContain('pl');
});

test('two pending cheques of one amount have different names; dialog close buttons have one', async ({ page }) => {
  const partner = `Cheque Partner ${Date.now()}`;
  const projectName = `Cheques ${Date.now()}`;
  const project = await buildProject(page, projectName, ['C-1'], [{ name: partner, share: 100 }]);
  const plotId = project.plots[0]?.plotId as number;
  await callApi(page, 'POST', '/sale', {
    projectId: project.projectId,
    plotId,
    saleDate: '2026-01-02',
    saleAmount: 500000,
    paymentType: 'Cash',
    buyerName: 'Meera Joshi',
  });
  const cheque = (date: string, modeDetail: string) =>
    callApi(page, 'POST', '/payment', {
      projectId: project.projectId,
      plotId,
      status: 'Pending',
      payments: [
        {
          particular: 'Installment',
          date,
          mode: 'Cheque',
          modeDetail,
          creditTo: 'Company account',
          amount: 25000,
          partnerId: project.partners[partner],
        },
      ],
    });
  await cheque('2026-02-05', 'HDFC 111111');
  await cheque('2026-03-05', 'SBI 222222');
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', new RegExp(`^${projectName}`));
  await choose(page, 'Plot', /^C-1/);
  await expect(
    page.getByRole('button', { name: 'Mark receipt of ₹ 25,000.00 dated 05/02/2026, Cheque HDFC 111111 cleared' }),
  ).toBeVisible();
  await page
    .getByRole('button', { name: 'Mark receipt of ₹ 25,000.00 dated 05/03/2026, Cheque SBI 222222 bounced' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Mark receipt as bounced?' });
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(dialog).toHaveCount(0);
});
