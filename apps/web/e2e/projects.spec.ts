import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { snap, VIEWPORTS } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
const plotName = (page: Page, row: number) => page.getByLabel('Plot Name').nth(row);
const plotSize = (page: Page, row: number) => page.getByLabel('Plot Size (sq ft)').nth(row);
const plotNumber = (page: Page, row: number) => page.getByLabel('Plot Number').nth(row);

test('create a project with plots, see it listed, edit it and delete it', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));

  await page.getByRole('link', { name: 'Add Project' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/project'));
  await expect(page.getByRole('heading', { name: 'Create Project' })).toBeVisible();
  await expect(page.getByLabel('Project Name')).toBeFocused();

  // Nothing filled in: the spec's message.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fill all required fields.')).toBeVisible();
  // The empty first plot row is named: on a long project the row to fix may be far from the message.
  await expect(page.getByTestId('form-status')).toContainText('Check plot row 1.');

  await page.getByLabel('Project Name').fill('Lake View');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Total Area (sq ft)').fill('10000');
  await page.getByLabel('Total Rate (per sq ft)').fill('250.5');
  await expect(page.getByLabel('Total Amount')).toHaveValue('₹ 25,05,000.00');

  await plotName(page, 0).fill('A-1');
  await plotSize(page, 0).fill('4000');
  await plotNumber(page, 0).fill('1');

  // Removing the only plot row is refused.
  await page.getByRole('button', { name: 'Remove plot A-1' }).click();
  await expect(page.getByText('At least one plot is required.')).toBeVisible();
  await expect(plotName(page, 0)).toHaveValue('A-1');

  await page.getByRole('button', { name: 'Add Plot' }).click();
  await expect(plotName(page, 1)).toBeFocused();
  await plotName(page, 1).fill('A-2');
  // Typing a size that overflows the total area shows the message at once.
  await plotSize(page, 1).pressSequentially('7000');
  await expect(page.getByText('Sum of plot sizes cannot exceed Total Area.')).toBeVisible();
  await expect(page.getByTestId('plot-area-summary')).toHaveText('2 plots · 11,000 of 10,000 sq ft used');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-status')).toHaveText('Sum of plot sizes cannot exceed Total Area.');
  await plotSize(page, 1).fill('5000');
  await expect(page.getByText('Sum of plot sizes cannot exceed Total Area.')).toHaveCount(0);

  await page.getByRole('switch', { name: 'Saleable area' }).check();
  await page.getByLabel('Road Area (sq ft)').fill('500');
  await page.getByLabel('Mandir Area (sq ft)').fill('200');
  await page.getByLabel('Amenities Area (sq ft)').fill('300');
  await expect(page.getByLabel('Saleable Area (sq ft)')).toHaveValue('9,000');

  // The creation carries the form's Idempotency-Key: a retried request creates the project once.
  const created = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/project'));
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await created).headers()['idempotency-key']).toMatch(/^[\w-]{16,}$/);
  await expect(page.getByText('Project saved successfully!')).toBeVisible();
  await expect(page.getByLabel('Project Name')).toHaveValue('');
  await expect(page.getByLabel('Plot Name')).toHaveCount(1);

  // All Project Details lists it with its plots.
  await page.getByRole('link', { name: 'View Projects' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/view-projects'));
  const card = page.getByRole('article', { name: 'Lake View - Pune' });
  await expect(card.getByRole('heading', { name: 'Lake View - Pune' })).toBeVisible();
  await expect(card.getByTestId('plot-line')).toHaveText([
    'A-1 | Size: 4,000 sq.ft | Total Plots: 1',
    'A-2 | Size: 5,000 sq.ft | Total Plots: -',
  ]);
  await expect(card.getByText('₹ 25,05,000.00')).toBeVisible();

  // The dashboard's Recent Projects shows it first.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Dashboard', exact: true })
    .click();
  await expect(page.getByText('Lake View', { exact: true })).toBeVisible();
  await expect(page.getByText('Pune · 2 plots')).toBeVisible();

  // Edit: rename a plot and add one.
  await page.goto(server.tenantUrl('/view-projects'));
  await page.getByRole('link', { name: 'Edit Lake View' }).click();
  await expect(page).toHaveURL(/\/project\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit Project' })).toBeVisible();
  await expect(page.getByLabel('Project Name')).toHaveValue('Lake View');
  await expect(page.getByLabel('Saleable Area (sq ft)')).toHaveValue('9,000');
  await expect(plotName(page, 1)).toHaveValue('A-2');
  await plotName(page, 1).fill('A-2 Corner');
  // The plots may not exceed the 9,000 sq ft saleable area: make room for A-3.
  await plotSize(page, 1).fill('4000');
  await page.getByRole('button', { name: 'Add Plot' }).click();
  await plotName(page, 2).fill('A-3');
  await plotSize(page, 2).fill('1000');
  await plotSize(page, 2).press('Enter');
  await expect(page.getByText('Project saved successfully!')).toBeVisible();
  // The form now holds the saved plots (the new one with its id): saving again changes nothing.
  await expect(plotName(page, 2)).toHaveValue('A-3');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Project saved successfully!')).toBeVisible();

  await page.getByRole('link', { name: 'View Projects' }).click();
  await expect(card.getByTestId('plot-line')).toHaveText([
    'A-1 | Size: 4,000 sq.ft | Total Plots: 1',
    'A-2 Corner | Size: 4,000 sq.ft | Total Plots: -',
    'A-3 | Size: 1,000 sq.ft | Total Plots: -',
  ]);

  // A project with entries recorded is kept, with the server's reason.
  const greenValley = page.getByRole('article', { name: 'Green Valley - Nagpur' });
  await greenValley.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete project' }).click();
  await expect(greenValley.getByText('Could not delete Green Valley.')).toBeVisible();
  await expect(greenValley.getByText(/Green Valley has .+ recorded and cannot be deleted\./)).toBeVisible();

  // A project without entries goes after a confirmation.
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Delete Lake View with its plots')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete project' }).click();
  await expect(page.getByText('Lake View deleted.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: 'Green Valley - Nagpur' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lake View - Pune' })).toHaveCount(0);
});

test('a failed load of the projects says so and offers Try again', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  // A 4xx answer is not retried by itself, so the error shows at once.
  await page.route('**/api/project/summaries', (route) =>
    route.fulfill({ status: 400, json: { message: 'The list is not available right now.' } }),
  );
  await page.goto(server.tenantUrl('/view-projects'));
  const alert = page.getByRole('alert').filter({ hasText: 'Could not load projects' });
  await expect(alert).toContainText('The list is not available right now.');
  await page.unroute('**/api/project/summaries');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(alert).toHaveCount(0);
  await expect(page.getByText('Loading projects...').or(page.getByRole('heading', { level: 2 }).first())).toBeVisible();
});

for (const viewport of VIEWPORTS) {
  test(`project screens at ${viewport.width}×${viewport.height}`, { tag: '@screenshots' }, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    // The charts load once scrolled near (below the first screen on a phone).
    await page.getByTestId('dashboard-charts').scrollIntoViewIfNeeded();
    await expect(page.getByText('Plots by Status')).toBeVisible();
    await expect(page.getByTestId('plots-by-status')).toContainText('Available');
    await expect(page.getByText('Money Received per Month')).toBeVisible();
    await snap(page, `dashboard-charts-${viewport.name}`);

    // The same dashboard with money received, to check the bar chart's axis and labels.
    const real = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
      return (await fetch('/api/dashboard', { headers })).json();
    });
    const amounts = [0, 125000, 340000.5, 90000, 0, 1250000, 480000, 75000, 2200000, 615000, 990000, 150000];
    const sample = {
      ...real,
      plotsByStatus: { available: 41, sold: 12, registered: 7 },
      receivedByMonth: real.receivedByMonth.map((m: { month: string }, i: number) => ({ ...m, amount: amounts[i] })),
    };
    await page.route('**/api/dashboard', (route) => route.fulfill({ json: sample }));
    await page.reload();
    await page.getByTestId('dashboard-charts').scrollIntoViewIfNeeded();
    await expect(page.locator('.recharts-bar-rectangle').nth(1)).toBeVisible();
    await page.locator('.recharts-bar-rectangle').nth(8).hover();
    await expect(page.getByText('₹ 22,00,000.00')).toBeVisible();
    await expect(page.getByText('Aug 26').last()).toBeVisible();
    await page.mouse.move(0, 0);
    await snap(page, `dashboard-charts-sample-${viewport.name}`);
    await page.unroute('**/api/dashboard');

    // Sold plots are marked and cannot be removed (two plots are shown sold, the third unsold).
    const project = await page.evaluate(async () => {
      const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
      return (await fetch('/api/project/1', { headers })).json();
    });
    project.plots[0] = { ...project.plots[0], isSold: true };
    project.plots[1] = { ...project.plots[1], isSold: true, isRegistered: true };
    // The demo sells some of its plots now: the third is shown unsold whatever the demo holds.
    project.plots[2] = { ...project.plots[2], isSold: false, isRegistered: false };
    await page.route('**/api/project/1', (route) => route.fulfill({ json: project }));
    await page.goto(server.tenantUrl('/project/1'));
    await expect(page.getByLabel('Project Name')).toHaveValue('Green Valley');
    await expect(page.getByRole('button', { name: 'Remove plot Plot 1', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove plot Plot 2', exact: true })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Remove plot Plot 3', exact: true })).toBeEnabled();
    await expect(page.getByTestId('plot-row').first().getByText('Sold')).toBeVisible();
    await expect(page.getByTestId('plot-row').nth(1).getByText('Registered')).toBeVisible();
    await snap(page, `project-edit-${viewport.name}`);
    await page.unroute('**/api/project/1');

    await page.goto(server.tenantUrl('/project'));
    await page.getByLabel('Project Name').fill('Sunrise Enclave');
    await page.getByLabel('City').fill('Nashik');
    await page.getByLabel('Total Area (sq ft)').fill('5000');
    await page.getByLabel('Total Rate (per sq ft)').fill('300');
    await plotName(page, 0).fill('S-1');
    await plotSize(page, 0).fill('3000');
    await page.getByRole('button', { name: 'Add Plot' }).click();
    await plotName(page, 1).fill('S-2');
    await plotSize(page, 1).fill('2500');
    await page.getByRole('switch', { name: 'Saleable area' }).check();
    await expect(page.getByText('Sum of plot sizes cannot exceed Total Area.')).toBeVisible();
    await snap(page, `project-create-${viewport.name}`);

    await page.goto(server.tenantUrl('/view-projects'));
    await expect(page.getByRole('heading', { name: 'Green Valley - Nagpur' })).toBeVisible();
    await snap(page, `view-projects-${viewport.name}`);
  });
}
