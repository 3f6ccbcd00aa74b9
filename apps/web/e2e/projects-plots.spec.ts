import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

/** A project of the test's own with plots named Plot 1…Plot n, saved through the API as the signed-in user. */
async function projectThroughApi(page: Page, projectName: string, plotCount: number) {
  return page.evaluate(
    async ({ projectName, plotCount }) => {
      const headers = {
        Authorization: `Bearer ${localStorage.getItem('authToken')}`,
        'Content-Type': 'application/json',
      };
      const plots = Array.from({ length: plotCount }, (_, i) => ({ plotName: `Plot ${i + 1}`, totalPlotSize: 100 }));
      const body = JSON.stringify({ projectName, city: 'Pune', totalArea: 100 * plotCount, totalRate: 100, plots });
      const { projectId } = await (await fetch('/api/project', { method: 'POST', headers, body })).json();
      return (await fetch(`/api/project/${projectId}`, { headers })).json();
    },
    { projectName, plotCount },
  );
}

test('View Projects loads the plots of the cards on screen only, and the rest as they are scrolled to', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  const projects: { projectId: number; projectName: string }[] = [];
  for (let i = 1; i <= 6; i += 1) projects.push(await projectThroughApi(page, `Scroll ${i}`, 30));
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/project')) asked.push(path);
  });
  const plotsOf = (projectId: number) => `/api/project/${projectId}/plot-summaries`;

  await page.goto(server.tenantUrl('/view-projects'));
  await expect(page.getByRole('article').first().getByTestId('plot-line').first()).toBeVisible();
  expect(asked).toContain('/api/project/summaries');
  expect(asked).not.toContain('/api/project/all-details');
  // A phone shows a card or two: the last project's 30 plots are not asked for until its card is reached.
  const last = projects.at(-1) as { projectId: number; projectName: string };
  expect(asked).not.toContain(plotsOf(last.projectId));
  const lastCard = page.getByRole('article', { name: `${last.projectName} - Pune` });
  await lastCard.scrollIntoViewIfNeeded();
  await expect(lastCard.getByTestId('plot-line')).toHaveCount(30);
  await expect(lastCard.getByTestId('plot-line').first()).toHaveText('Plot 1 | Size: 100 sq.ft | Total Plots: -');
  expect(asked).toContain(plotsOf(last.projectId));
  // No project's plots were asked for twice.
  const plotCalls = asked.filter((path) => path.endsWith('/plot-summaries'));
  expect(new Set(plotCalls).size).toBe(plotCalls.length);
});

test("the server's refusal to save is shown with its reason", async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  const { projectId } = await projectThroughApi(page, 'Refusal Acres', 20);
  await page.goto(server.tenantUrl(`/project/${projectId}`));
  await expect(page.getByLabel('Project Name')).toHaveValue('Refusal Acres');
  await page.getByRole('button', { name: 'Remove plot Plot 20', exact: true }).click();
  await expect(page.getByLabel('Plot Name')).toHaveCount(19);
  // Someone sold Plot 20 while this form was open: the server answers 409.
  await page.route(`**/api/project/${projectId}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 409, json: { message: 'Plot 20 is sold and cannot be removed.' } })
      : route.fallback(),
  );
  await page.getByRole('button', { name: 'Save' }).click();
  const status = page.getByTestId('form-status');
  await expect(status).toContainText('Failed to save project.');
  await expect(status).toContainText('Plot 20 is sold and cannot be removed.');
  await expect(page.getByRole('button', { name: 'Save' })).toBeEnabled();
});

test('sold and registered plots are marked and cannot be removed', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  // A project of this test's own; sales have no screen yet, so its answer marks two plots sold.
  const project = await projectThroughApi(page, 'Sold Acres', 3);
  project.plots[0] = { ...project.plots[0], isSold: true };
  project.plots[1] = { ...project.plots[1], isSold: true, isRegistered: true };
  await page.route(`**/api/project/${project.projectId}`, (route) => route.fulfill({ json: project }));
  await page.goto(server.tenantUrl(`/project/${project.projectId}`));
  await expect(page.getByLabel('Project Name')).toHaveValue('Sold Acres');
  await expect(page.getByRole('button', { name: 'Remove plot Plot 1', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove plot Plot 2', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove plot Plot 3', exact: true })).toBeEnabled();
  await expect(page.getByTestId('plot-row').first().getByText('Sold')).toBeVisible();
  await expect(page.getByTestId('plot-row').nth(1).getByText('Registered')).toBeVisible();
});
