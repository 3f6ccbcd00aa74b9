import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { gotoHydrated } from './support/pages';
import { DEMO_USER, setupTestServer } from './support/test-server';

// The public pages are prerendered at build time (apps/web/build/prerender.ts): they must show their content
// with JavaScript off, still work once the app has hydrated them, and never load the working area's code.
const server = setupTestServer();

/**
 * Every chunk Vite built for a screen of the working area, the admin areas or their shared heavy parts, and the
 * whole app's entry (index.html): the public pages have an entry and a build of their own (src/public.tsx).
 */
function workingAreaChunks(): Set<string> {
  const manifestPath = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const workingArea =
    /^(index\.html$|src\/(app\/routes\/(app|admin|tenant-admin)\/|components\/(layouts\/(app|admin)-layout|chart-card|date-field|data-table|row-table)))/;
  const files = Object.entries(manifest)
    .filter(([source]) => workingArea.test(source))
    .map(([, chunk]) => chunk.file.replace(/^assets\//, ''));
  expect(files.length).toBeGreaterThan(20);
  expect(files).toContain(manifest['index.html']?.file.replace(/^assets\//, ''));
  return new Set(files);
}

/** The JavaScript files the page asks for, collected from the moment it is opened. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith('.js')) scripts.push(url.pathname.replace(/^\/assets\//, ''));
  });
  return scripts;
}

/** Hydration mismatches and other errors the app reports to the console. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the company landing page shows its heading and the Login and Register links', async ({ page }) => {
    await page.goto(server.tenantUrl('/'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Every plot, payment and partner');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await expect(header.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    await expect(page).toHaveTitle('Plotbook');
  });

  test('the platform landing page shows the administrators’ Login and Get Started asks for a demo', async ({
    page,
  }) => {
    await page.goto(server.platformUrl('/'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Every plot, payment and partner');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/admin/login');
    await expect(header.getByRole('link', { name: 'Register' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Get Started' }).first()).toHaveAttribute('href', '/create-demo');
  });

  test('the company login page shows its heading and a styled form', async ({ page }) => {
    await page.goto(server.tenantUrl('/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Login' });
    await expect(submit).toBeVisible();
    // Without the app the form cannot be sent: the button says so, styled by the inlined CSS (Mantine's disabled
    // button, gray.2, not the browser's own grey).
    await expect(submit).toBeDisabled();
    // A browser with scripting off shows the page's <noscript> note (Playwright's switch does not render it).
    expect(await page.content()).toMatch(
      /<noscript>\s*<p[^>]*>\s*Plotbook needs JavaScript: turn it on in your browser/,
    );
    await expect(submit).toHaveCSS('background-color', 'rgb(233, 236, 239)');
    await expect(page.getByRole('note')).toHaveCount(0);
    await expect(page).toHaveTitle('Login · Plotbook');
  });

  test('the platform login page shows its heading, the form and the note about company addresses', async ({ page }) => {
    await page.goto(server.platformUrl('/login'));
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email Address')).toBeVisible();
    await expect(page.getByRole('note')).toContainText('This is the platform address.');
    await expect(page.getByRole('link', { name: 'Master Login' })).toHaveAttribute('href', '/admin/login');
  });
});

test('after the app hydrates the prerendered login, signing in opens the dashboard', async ({ page }) => {
  const errors = recordErrors(page);
  await page.goto(server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  // The password never went into an address (a submit before hydration would post, not get).
  expect(page.url()).not.toContain(DEMO_USER.password);
  expect(errors).toEqual([]);
});

test('the prerendered landing and login pages hydrate without errors and load no working-area chunk', async ({
  page,
}) => {
  const forbidden = workingAreaChunks();
  const errors = recordErrors(page);
  const scripts = recordScripts(page);
  for (const url of [server.tenantUrl('/'), server.platformUrl('/'), server.tenantUrl('/login')]) {
    await page.goto(url, { waitUntil: 'networkidle' });
  }
  // The login screen's own chunk came (hydration asks for it), so the list is of a page that finished loading.
  await expect.poll(() => scripts.some((name) => name.startsWith('login-'))).toBe(true);
  await page.waitForLoadState('networkidle');
  expect(scripts.filter((name) => forbidden.has(name))).toEqual([]);
  expect(errors).toEqual([]);
});

test('the landing page links to Login in the hydrated app', async ({ page }) => {
  await page.goto(server.tenantUrl('/'), { waitUntil: 'networkidle' });
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
});

test('typing into the login form fetches the working area’s entry ahead, and signing in still lands on the dashboard', async ({
  page,
}) => {
  const manifestPath = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const entry = `/${manifest['index.html']?.file}`;
  const entryRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === entry) entryRequests.push(request.resourceType());
  });
  await gotoHydrated(page, server.tenantUrl('/login'));
  await page.waitForLoadState('networkidle');
  // Only reading the page fetches nothing of the working area.
  expect(entryRequests).toEqual([]);
  const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === entry);
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await prefetched;
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
});

test('Back after signing in returns to the page before the login form, not to an empty login form', async ({
  page,
}) => {
  await gotoHydrated(page, server.tenantUrl('/'));
  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/login'));
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(server.tenantUrl('/'));
});

test('while the working area’s scripts load after signing in, the page says so instead of staying blank', async ({
  page,
}) => {
  await gotoHydrated(page, server.tenantUrl('/login'));
  // Hold the working area's entry back, as a slow network would.
  const manifestPath = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const entry = `/${manifest['index.html']?.file}`;
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByLabel('Email Address').fill(DEMO_USER.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_USER.password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
  await expect(page.getByRole('status')).toHaveText('Loading Plotbook…');
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Loading Plotbook…')).toHaveCount(0);
});
