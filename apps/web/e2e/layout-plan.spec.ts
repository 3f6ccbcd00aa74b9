import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { callApi } from './support/sales-setup';
import { SCREENSHOT_DIR } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });
// The machine is shared and slow at times: the first paint of a screen may take seconds.
test.setTimeout(120_000);
const SLOW = 30_000;

/** The Inkscape-style layout with 20 plots and a road, carrying a script, an onload, an onclick and an external image. */
const FIXTURE = fileURLToPath(new URL('../../server/test/fixtures/layout-plan.svg', import.meta.url));
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
/** BOARD_STATE_COLORS' borders: a plan shape is filled with its state's. */
const SOLD = '#1c7ed6';
const AVAILABLE = '#2f9e44';

/** A project whose plots are Plot 1–18 and Plot 21 (the plan draws 1–20), with Plot 3 sold; answers its id. */
async function buildProject(page: Page, name: string) {
  const plotNames = [...Array.from({ length: 18 }, (_, i) => `Plot ${i + 1}`), 'Plot 21'];
  const { projectId } = await callApi<{ projectId: number }>(page, 'POST', '/project', {
    projectName: name,
    city: 'Wardha',
    totalArea: 30000,
    totalRate: 95,
    plots: plotNames.map((plotName) => ({ plotName, totalPlotSize: 1000 })),
  });
  const project = await callApi<{ plots: { plotId: number; plotName: string }[] }>(
    page,
    'GET',
    `/project/${projectId}`,
  );
  const plot3 = project.plots.find((p) => p.plotName === 'Plot 3')?.plotId;
  await callApi(page, 'POST', '/sale', {
    projectId,
    plotId: plot3,
    saleDate: '2026-10-02',
    saleAmount: 950000,
    paymentType: 'Cash',
    buyerName: 'Sunita Wankhede',
  });
  return projectId;
}

const shape = (page: Page, plotName: string) => page.getByRole('button', { name: new RegExp(`^${plotName}: `) });

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
});

test('uploads an SVG plan: served cleaned, drawn with each plot coloured by its state, tappable, by keyboard too', async ({
  page,
}) => {
  const projectId = await buildProject(page, 'Plan Check');
  await page.goto(server.tenantUrl(`/project/${projectId}`));
  const section = page.getByRole('region', { name: 'Layout plan' });
  await expect(section.getByText('No layout plan yet.')).toBeVisible({ timeout: SLOW });
  await section.locator('input[type=file]').setInputFiles(FIXTURE);
  await expect(section.getByText('Layout plan uploaded: layout-plan.svg.')).toBeVisible({ timeout: SLOW });

  // Served cleaned, with the headers that keep it from running anything.
  const served = await page.evaluate(async (id) => {
    const response = await fetch(`/api/project/${id}/plan`, {
      headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
    });
    return {
      type: response.headers.get('content-type'),
      csp: response.headers.get('content-security-policy'),
      nosniff: response.headers.get('x-content-type-options'),
      body: await response.text(),
    };
  }, projectId);
  expect(served.type).toMatch(/^image\/svg\+xml/);
  expect(served.csp).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
  expect(served.nosniff).toBe('nosniff');
  expect(served.body).not.toMatch(/script|onload|onclick|evil\.example|<image/);

  // Drawn: Plot 1–18 named (19 and 20 name no plot of this project), Plot 21 listed as not on the plan.
  const plan = page.getByTestId('layout-plan');
  await expect(plan.locator('[data-plan-plot]')).toHaveCount(18, { timeout: SLOW });
  await expect(plan.locator('script, image, foreignObject, [onload], [onclick]')).toHaveCount(0);
  await expect(shape(page, 'Plot 3')).toHaveAttribute('data-state', 'sold');
  await expect(shape(page, 'Plot 3')).toHaveAttribute('fill', SOLD);
  await expect(shape(page, 'Plot 5')).toHaveAttribute('fill', AVAILABLE);
  await expect(plan.locator('#plot-19')).not.toHaveAttribute('data-plan-plot', /.*/);
  const missing = page.getByLabel('Plots not on the plan');
  await expect(missing.getByText('Not on the plan (1)')).toBeVisible();
  await expect(missing.getByRole('button', { name: 'Plot 21: Available' })).toBeVisible();

  await shape(page, 'Plot 3').click();
  await expect(section.getByRole('status').filter({ hasText: 'Plot 3: Sold' })).toBeVisible();
  await shape(page, 'Plot 5').focus();
  await page.keyboard.press('Enter');
  await expect(section.getByRole('status').filter({ hasText: 'Plot 5: Available' })).toBeVisible();

  // Zoom in and back to the whole plan.
  const svg = plan.locator('svg');
  const whole = await svg.getAttribute('viewBox');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(svg).not.toHaveAttribute('viewBox', whole as string);
  await page.getByRole('button', { name: 'Show the whole plan' }).click();
  await expect(svg).toHaveAttribute('viewBox', whole as string);

  for (const [name, width, height] of [
    ['desktop', 1366, 650],
    ['laptop', 1280, 800],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENSHOT_DIR}layout-plan-svg-${name}.png`, animations: 'disabled' });
  }
  // On a phone the plan fits the screen's width, and a plot is still tapped open.
  const box = await svg.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
  await shape(page, 'Plot 12').click();
  await expect(section.getByRole('status').filter({ hasText: 'Plot 12: Available' })).toBeVisible();
});

test('replaces the plan with an image, refuses a file that is not what it says, and removes it', async ({ page }) => {
  const projectId = await buildProject(page, 'Plan Image Check');
  await page.goto(server.tenantUrl(`/project/${projectId}`));
  const section = page.getByRole('region', { name: 'Layout plan' });
  await expect(section.getByText('No layout plan yet.')).toBeVisible({ timeout: SLOW });
  const input = section.locator('input[type=file]');
  await input.setInputFiles(FIXTURE);
  await expect(section.getByText('Layout plan uploaded: layout-plan.svg.')).toBeVisible({ timeout: SLOW });

  await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: readFileSync(FIXTURE) });
  await expect(section.getByRole('alert')).toHaveText(
    'The file is an SVG drawing but was sent as a PNG image. Upload it again.',
  );
  await input.setInputFiles({ name: 'layout.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(section.getByRole('alert')).toHaveText('Upload the plan as an SVG, PNG, JPEG or WebP file.');

  await input.setInputFiles({ name: 'survey-scan.png', mimeType: 'image/png', buffer: PNG });
  await expect(section.getByText('Layout plan replaced: survey-scan.png.')).toBeVisible();
  await expect(section.getByRole('img', { name: 'Layout plan' })).toBeVisible();
  await expect(section.getByText(/survey-scan\.png · Image · 0\.1 KB/)).toBeVisible();

  await section.getByRole('button', { name: 'Remove plan' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove plan' }).click();
  await expect(section.getByText('Layout plan removed.')).toBeVisible();
  await expect(section.getByText('No layout plan yet.')).toBeVisible({ timeout: SLOW });
  const status = await page.evaluate(
    async (id) =>
      (
        await fetch(`/api/project/${id}/plan`, {
          headers: { authorization: `Bearer ${localStorage.getItem('authToken')}` },
        })
      ).status,
    projectId,
  );
  expect(status).toBe(404);
});

test('the demo project Sai Nagar Phase 1 carries its layout plan', async ({ page }) => {
  const projects = await callApi<{ projectId: number; projectName: string }[]>(page, 'GET', '/project');
  const sai = projects.find((p) => p.projectName === 'Sai Nagar Phase 1');
  await page.goto(server.tenantUrl(`/project/${sai?.projectId}`));
  const section = page.getByRole('region', { name: 'Layout plan' });
  await expect(page.getByTestId('layout-plan').locator('[data-plan-plot]')).toHaveCount(20, { timeout: SLOW });
  await expect(section.getByText('Every plot is on the plan.')).toBeVisible();
  for (const [name, width, height] of [
    ['desktop', 1366, 650],
    ['phone', 390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: `${SCREENSHOT_DIR}layout-plan-demo-${name}.png`, animations: 'disabled' });
  }
});
