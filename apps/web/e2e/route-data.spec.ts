import { expect, type Page, type Request, test } from '@playwright/test';
import { loginAsUser } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();

/**
 * Holds the screen's code (`chunk`) back until the data request `api` has been seen, or for 5 s at most, and tells
 * whether the request was seen while the code was still held: a screen whose data waits for its component to
 * mount asks for nothing until its code has arrived.
 */
async function holdChunkUntilRequest(page: Page, chunk: RegExp, api: string) {
  let seen: (() => void) | undefined;
  const requested = new Promise<void>((resolve) => {
    seen = resolve;
  });
  page.on('request', (request: Request) => {
    if (new URL(request.url()).pathname === api) seen?.();
  });
  let seenWhileHeld: boolean | null = null;
  await page.route(chunk, async (route) => {
    seenWhileHeld = await Promise.race([
      requested.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000)),
    ]);
    await route.continue();
  });
  return () => seenWhileHeld;
}

test('View Projects asks for its projects while its code is still loading', async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  const seenWhileHeld = await holdChunkUntilRequest(
    page,
    /\/assets\/view-projects-[\w-]+\.js$/,
    '/api/project/summaries',
  );
  await page.goto(server.tenantUrl('/view-projects'));
  await expect(page.getByRole('heading', { name: 'Green Valley - Nagpur' })).toBeVisible();
  expect(seenWhileHeld()).toBe(true);
});

test('Edit Project asks for its project while its code is still loading, also when opened from a link', async ({
  page,
}) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await page.goto(server.tenantUrl('/view-projects'));
  await expect(page.getByRole('heading', { name: 'Green Valley - Nagpur' })).toBeVisible();
  const seenWhileHeld = await holdChunkUntilRequest(page, /\/assets\/project-[\w-]{8}\.js$/, '/api/project/1');
  await page.getByRole('link', { name: 'Edit Green Valley' }).click();
  await expect(page.getByLabel('Project Name')).toHaveValue('Green Valley');
  expect(seenWhileHeld()).toBe(true);
});

test('a signed-out visitor to a working screen is sent to login without a data request', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) asked.push(path);
  });
  await page.goto(server.tenantUrl('/dashboard'));
  await expect(page).toHaveURL(server.tenantUrl('/admin/login'));
  await page.goto(server.tenantUrl('/view-sales/1'));
  await expect(page).toHaveURL(server.tenantUrl('/admin/login'));
  // The login page asks only for the company's name and logo (`/api/site`), never for working data.
  expect(asked.filter((path) => path !== '/api/site')).toEqual([]);
});

test("on a phone the dashboard's charts, and the chart library, load when the user scrolls down to them", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const chartChunks: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/(dashboard-charts|chart-card)-[\w-]+\.js$/.test(new URL(request.url()).pathname))
      chartChunks.push(request.url());
  });
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByText('Recent Projects')).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading charts' })).toBeAttached();
  expect(chartChunks).toEqual([]);

  await page.getByTestId('dashboard-charts').scrollIntoViewIfNeeded();
  await expect(page.getByText('Plots by Status')).toBeVisible();
  await expect(page.getByText('Money Received per Month')).toBeVisible();
  expect(chartChunks.length).toBeGreaterThan(0);
});
