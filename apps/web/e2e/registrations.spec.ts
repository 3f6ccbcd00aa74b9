import { expect, test } from '@playwright/test';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { buildProject, sellPlot } from './support/sales-setup';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('only a fully paid plot is offered; registering it lists it under Registered Plots', async ({ page }) => {
  const name = `Registry Gardens ${Date.now()}`;
  const project = await buildProject(page, name, ['R-1', 'R-2', 'R-3'], [{ name: 'Reg Partner', share: 100 }]);
  const partnerId = project.partners['Reg Partner'] as number;
  const [paid, partPaid] = project.plots;
  // R-1 is paid in full, R-2 only partly, R-3 is not sold.
  await sellPlot(page, {
    projectId: project.projectId,
    plotId: paid?.plotId ?? 0,
    saleAmount: 500000,
    received: 500000,
    partnerId,
  });
  await sellPlot(page, {
    projectId: project.projectId,
    plotId: partPaid?.plotId ?? 0,
    saleAmount: 300000,
    received: 100000,
    partnerId,
  });

  await page.goto(server.tenantUrl('/registration-plot'));
  await expect(page.getByRole('heading', { name: 'Registration Plot' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Select Plot (Fully Paid)' })).toHaveCount(0);
  await choose(page, 'Select Project', new RegExp(`^${name}`));

  // Only R-1 is offered.
  await page.getByRole('combobox', { name: 'Select Plot (Fully Paid)' }).click();
  await expect(page.getByRole('option')).toHaveText(['R-1 (1,000 sq.ft)']);
  await page.getByRole('option', { name: /^R-1/ }).click();

  const details = page.getByRole('region', { name: 'Registration Details' });
  await expect(details).toBeVisible();
  await details.getByLabel('Registration Office').fill('Sub-Registrar Office, Nagpur');
  // Required fields' labels end in an asterisk, so the label is matched loosely.
  const date = details.getByLabel('Registration Date');
  await date.fill('15/11/2026');
  await date.press('Escape');
  await details.getByLabel('Document No').fill('NGP/2026/0412');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `registration-plot-${viewport.name}`);
  }
  await page.setViewportSize(VIEWPORTS[0]);

  await details.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Registration saved successfully!')).toBeVisible();
  // After a save every selection and field is cleared.
  await expect(page.getByRole('combobox', { name: 'Select Project' })).toHaveValue('');
  await expect(details).toHaveCount(0);

  // R-1 is registered now, so nothing is left to offer in this project.
  await choose(page, 'Select Project', new RegExp(`^${name}`));
  await page.getByRole('combobox', { name: 'Select Plot (Fully Paid)' }).click();
  await expect(page.getByText('No fully paid plots waiting for registration')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'View Registrations' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/registrations'));
  await expect(page.getByRole('heading', { name: 'Registered Plots', level: 1 })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText([
    /^#/,
    /^Project/,
    /^Plot/,
    /^Registration Office/,
    /^Registration Date/,
    /^Document No/,
  ]);
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('R-1');
  await expect(row).toContainText('Sub-Registrar Office, Nagpur');
  await expect(row).toContainText('15/11/2026');
  await expect(row).toContainText('NGP/2026/0412');
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await snap(page, `registrations-${viewport.name}`);
  }
});

test('a plot that is not fully paid is refused by the server with a clear message', async ({ page }) => {
  const name = `Refusal Plots ${Date.now()}`;
  const project = await buildProject(page, name, ['Q-1'], [{ name: 'Q Partner', share: 100 }]);
  const plotId = project.plots[0]?.plotId ?? 0;
  await sellPlot(page, {
    projectId: project.projectId,
    plotId,
    saleAmount: 200000,
    received: 50000,
    partnerId: project.partners['Q Partner'] as number,
  });
  const status = await page.evaluate(async (plotId) => {
    const response = await fetch('/api/registration', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('authToken')}` },
      body: JSON.stringify({ plotId, registrationOffice: 'Office', registrationDate: '2026-11-01', documentNo: 'X-1' }),
    });
    return { code: response.status, body: await response.json() };
  }, plotId);
  expect(status).toEqual({ code: 409, body: { message: 'Q-1 is not fully paid yet, so it cannot be registered.' } });
});
