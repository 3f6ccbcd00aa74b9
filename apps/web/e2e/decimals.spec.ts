import { expect, type Page, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

/** Types key by key, as a person does (a decimal point typed alone used to wipe the number). */
async function typeInto(page: Page, label: string, text: string, nth = 0) {
  const input = page.getByLabel(label).nth(nth);
  await input.click();
  await input.pressSequentially(text);
  return input;
}

/** Reads a resource as the signed-in user. */
async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (path) => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
    return (await fetch(path, { headers })).json();
  }, url);
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('decimals typed into every project number field are shown, saved and read back', async ({ page }) => {
  await page.goto(server.tenantUrl('/project'));
  await page.getByLabel('Project Name').fill('Decimal Acres');
  await page.getByLabel('City').fill('Pune');

  await expect(await typeInto(page, 'Total Area (sq ft)', '1234567.89')).toHaveValue('12,34,567.89');
  await expect(await typeInto(page, 'Total Rate (per sq ft)', '12.5')).toHaveValue('12.5');
  await page.getByRole('switch', { name: 'Saleable area' }).check();
  await expect(await typeInto(page, 'Road Area (sq ft)', '1610.5')).toHaveValue('1,610.5');
  await expect(await typeInto(page, 'Mandir Area (sq ft)', '33.33')).toHaveValue('33.33');
  await expect(await typeInto(page, 'Amenities Area (sq ft)', '12.05')).toHaveValue('12.05');
  await expect(page.getByLabel('Saleable Area (sq ft)')).toHaveValue('12,32,912.01');

  await page.getByLabel('Plot Name').nth(0).fill('D-1');
  await expect(await typeInto(page, 'Plot Size (sq ft)', '1610.5', 0)).toHaveValue('1,610.5');
  await page.getByRole('button', { name: 'Add Plot' }).click();
  await page.getByLabel('Plot Name').nth(1).fill('D-2');
  await expect(await typeInto(page, 'Plot Size (sq ft)', '33.33', 1)).toHaveValue('33.33');
  await expect(page.getByTestId('plot-area-summary')).toHaveText(
    '2 plots · 1,643.83 of 12,32,912.01 saleable sq ft used',
  );

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();

  const projects = await apiGet<{ projectId: number; projectName: string }[]>(page, '/api/project');
  const saved = projects.find((p) => p.projectName === 'Decimal Acres');
  expect(saved).toBeDefined();
  const project = await apiGet<Record<string, unknown>>(page, `/api/project/${saved?.projectId}`);
  expect(project).toMatchObject({
    totalArea: 1234567.89,
    totalRate: 12.5,
    roadArea: 1610.5,
    mandirArea: 33.33,
    amenitiesArea: 12.05,
    plots: [expect.objectContaining({ totalPlotSize: 1610.5 }), expect.objectContaining({ totalPlotSize: 33.33 })],
  });

  // Reloaded into the edit form, the numbers read as they were typed.
  await page.goto(server.tenantUrl(`/project/${saved?.projectId}`));
  await expect(page.getByLabel('Total Area (sq ft)')).toHaveValue('12,34,567.89');
  await expect(page.getByLabel('Total Rate (per sq ft)')).toHaveValue('12.5');
  await expect(page.getByLabel('Road Area (sq ft)')).toHaveValue('1,610.5');
  await expect(page.getByLabel('Mandir Area (sq ft)')).toHaveValue('33.33');
  await expect(page.getByLabel('Plot Size (sq ft)').nth(0)).toHaveValue('1,610.5');
  await expect(page.getByLabel('Plot Size (sq ft)').nth(1)).toHaveValue('33.33');
  await expect(page.getByLabel('Total Amount')).toHaveValue('₹ 1,54,32,098.63');
});

test('a partner share typed as 33.33 is saved as 33.33', async ({ page }) => {
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/project', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${localStorage.getItem('authToken')}` },
      body: JSON.stringify({
        projectName: 'Share Fields',
        city: 'Pune',
        totalArea: 1000,
        totalRate: 100,
        plots: [{ plotName: 'F-1', totalPlotSize: 500 }],
      }),
    });
    return response.status;
  });
  expect(status).toBe(201);
  await page.goto(server.tenantUrl('/partner'));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Decimal Partner');
  await page.getByLabel('City').fill('Pune');
  await choose(page, 'Project', 'Share Fields - Pune');
  await expect(await typeInto(page, 'Share (%)', '33.33')).toHaveValue('33.33');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Partner saved successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Decimal Partner' })).toContainText('33.33%');

  await page.reload();
  await page.getByRole('button', { name: 'Edit Decimal Partner' }).click();
  await expect(page.getByLabel('Share (%)')).toHaveValue('33.33');
});

test('a lakh amount with paise typed into a row table is kept', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', /^Shivam Residency/);
  await expect(await typeInto(page, 'Amount row 1', '1234567.89')).toHaveValue('12,34,567.89');
  await expect(page.getByTestId('row-table-total').first()).toContainText('12,34,567.89');
});

test('grouping commas typed key by key are grouping, not a decimal point', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', /^Shivam Residency/);
  await expect(await typeInto(page, 'Amount row 1', '12,34,567.89')).toHaveValue('12,34,567.89');
  await expect(page.getByTestId('row-table-total').first()).toContainText('12,34,567.89');

  await page.goto(server.tenantUrl('/project'));
  await expect(await typeInto(page, 'Total Area (sq ft)', '12,345.5')).toHaveValue('12,345.5');
  await expect(await typeInto(page, 'Total Rate (per sq ft)', '1,234.75')).toHaveValue(/^1,?234\.75$/);
});

test('plots may not add up to more than the saleable area', async ({ page }) => {
  await page.goto(server.tenantUrl('/project'));
  await page.getByLabel('Project Name').fill('Saleable Fields');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Total Area (sq ft)').fill('10000');
  await page.getByLabel('Total Rate (per sq ft)').fill('100');
  await page.getByRole('switch', { name: 'Saleable area' }).check();
  await page.getByLabel('Road Area (sq ft)').fill('1500');
  await page.getByLabel('Mandir Area (sq ft)').fill('500');
  await page.getByLabel('Amenities Area (sq ft)').fill('1000');
  await page.getByLabel('Plot Name').nth(0).fill('S-1');
  await page.getByLabel('Plot Size (sq ft)').nth(0).fill('10000');

  await expect(
    page.getByRole('alert').filter({ hasText: 'Sum of plot sizes cannot exceed Saleable Area.' }),
  ).toBeVisible();
  await expect(page.getByTestId('plot-area-summary')).toHaveText('1 plot · 10,000 of 7,000 saleable sq ft used');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toHaveText('Sum of plot sizes cannot exceed Saleable Area.');

  await page.getByLabel('Plot Size (sq ft)').nth(0).fill('7000');
  await expect(page.getByText('Sum of plot sizes cannot exceed Saleable Area.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();
});

for (const viewport of [
  { name: 'desktop-1366', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`project form with decimals at ${viewport.width}×${viewport.height}`, { tag: '@screenshots' }, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(server.tenantUrl('/project'));
    await page.getByLabel('Project Name').fill('Decimal Acres');
    await page.getByLabel('City').fill('Pune');
    await typeInto(page, 'Total Area (sq ft)', '10000');
    await typeInto(page, 'Total Rate (per sq ft)', '12.5');
    await page.getByRole('switch', { name: 'Saleable area' }).check();
    await typeInto(page, 'Road Area (sq ft)', '1500');
    await page.getByLabel('Plot Name').nth(0).fill('D-1');
    await typeInto(page, 'Plot Size (sq ft)', '9000.5', 0);
    await expect(page.getByTestId('plot-area-summary')).toContainText('9,000.5 of 8,500 saleable sq ft used');
    await snap(page, `project-form-decimals-${viewport.name}`);
  });
}
