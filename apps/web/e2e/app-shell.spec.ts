import { expect, type Page, test } from '@playwright/test';
import { masterLogin, tenantOrigin } from './support/admin-helpers';
import { loginAsUser } from './support/pages';
import { SCREENSHOT_DIR } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

/** The working area's frame: the sidebar, whatever a screen does, and what it says while data loads or fails. */
const server = setupTestServer();
const OWNER = { email: 'owner@example.com', password: 'owner1234' };
const LAPTOP = { width: 1366, height: 650 };

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const navItem = (page: Page, name: string) => sidebar(page).getByRole('link', { name, exact: true });

async function signInAsOwner(page: Page) {
  await masterLogin(page, tenantOrigin(server, 'demo'), OWNER.email, OWNER.password);
  await expect(page).toHaveURL(server.tenantUrl('/tenant-admin/dashboard'));
  await page.goto(server.tenantUrl('/dashboard'));
}

/** Every item of the menu is on the screen without scrolling, and none is cut short. */
async function expectWholeMenuOnScreen(page: Page) {
  for (const name of ['Dashboard', 'Plot Purchase From Farmer', 'Partner Contribution', 'Payment To Partner']) {
    await expect(navItem(page, name)).toBeInViewport({ ratio: 1 });
  }
  await expect(navItem(page, 'Reports')).toBeInViewport({ ratio: 1 });
  await expect(sidebar(page).getByRole('button', { name: 'Logout' })).toBeInViewport({ ratio: 1 });
  const cut = await sidebar(page)
    .locator('.mantine-NavLink-body')
    .evaluateAll((bodies) => bodies.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent));
  expect(cut).toEqual([]);
}

test.describe('the sidebar', () => {
  test.use({ viewport: LAPTOP });

  test('a user sees every item, Reports last, on a 1366 × 650 screen', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    await expectWholeMenuOnScreen(page);
    await expect(sidebar(page).getByRole('link', { name: 'Report Dashboard' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('button', { name: 'More menu items below' })).toHaveCount(0);

    // The label is the spec's; the screen keeps its title.
    await navItem(page, 'Reports').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report Dashboard' })).toBeVisible();
    await expect(page).toHaveTitle('Report Dashboard · Plotbook');
    await expect(navItem(page, 'Reports')).toHaveAttribute('aria-current', 'page');
  });

  test('a tenant admin sees Admin area and every item down to Reports on a 1366 × 650 screen', async ({ page }) => {
    await signInAsOwner(page);
    await expect(navItem(page, 'Admin area')).toBeInViewport({ ratio: 1 });
    await expectWholeMenuOnScreen(page);
  });

  test('on a shorter screen the menu shows that it scrolls, and More brings the last items up', async ({ page }) => {
    await signInAsOwner(page);
    await page.setViewportSize({ width: 1366, height: 480 });
    await expect(navItem(page, 'Reports')).not.toBeInViewport();
    const more = sidebar(page).getByRole('button', { name: 'More menu items below' });
    await expect(more).toBeVisible();
    await more.click();
    await expect(navItem(page, 'Reports')).toBeInViewport();
    await expect(more).toHaveCount(0);
    await navItem(page, 'Reports').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report Dashboard' })).toBeVisible();
  });

  test('the screens opened from Plot Registration and Plot Sale Summary keep their item marked', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await page.goto(server.tenantUrl('/registrations'));
    await expect(page.getByRole('heading', { level: 1, name: 'Registered Plots' })).toBeVisible();
    await expect(navItem(page, 'Plot Registration')).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);

    await page.goto(server.tenantUrl('/view-sales/1'));
    await expect(page.getByRole('heading', { level: 1, name: 'Sales Report' })).toBeVisible();
    await expect(navItem(page, 'Plot Sale Summary')).toHaveAttribute('aria-current', 'page');
    await expect(sidebar(page).locator('[aria-current="page"]')).toHaveCount(1);
  });
});

test.describe('the server out of reach', () => {
  test.use({ viewport: LAPTOP });

  test('a screen whose code cannot be fetched keeps the sidebar, says so, and opens on Retry', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    const chunk = '**/assets/payment-to-partner-*.js';
    await page.route(chunk, (route) => route.abort('internetdisconnected'));

    await navItem(page, 'Payment To Partner').click();
    const failure = page.getByRole('alert').filter({ hasText: 'Could not reach the server' });
    await expect(failure).toBeVisible();
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(navItem(page, 'Reports')).toBeVisible();

    await page.unroute(chunk);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Payment To Partner' })).toBeVisible();
    await expect(failure).toHaveCount(0);
    await expect(navItem(page, 'Payment To Partner')).toHaveAttribute('aria-current', 'page');
  });

  test('a request the network lost says so in place of its figures, and Retry loads them', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    await page.route('**/api/dashboard', (route) => route.abort('internetdisconnected'));
    await page.reload();

    // Three tries (about 3 s) before the screen gives up.
    const failure = page.getByRole('alert').filter({ hasText: 'Could not reach the server' });
    await expect(failure).toBeVisible({ timeout: 15_000 });
    await expect(navItem(page, 'Reports')).toBeVisible();
    await expect(page.getByText('No recent projects')).toHaveCount(0);

    await page.unroute('**/api/dashboard');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Active Projects', { exact: true })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});

test.describe('loading, empty and failed', () => {
  test('a project list still loading says Loading, not No projects yet', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/project', async (route) => {
      if (route.request().method() === 'GET') await held;
      await route.fallback();
    });

    await page.goto(server.tenantUrl('/purchase'));
    const select = page.getByRole('combobox', { name: 'Project', exact: true });
    await expect(select).toHaveAttribute('placeholder', 'Loading…');
    await select.click();
    await expect(page.getByRole('listbox')).toContainText('Loading…');
    await expect(page.getByText('No projects yet')).toHaveCount(0);

    release();
    await expect(page.getByRole('option', { name: /^Green Valley/ })).toBeVisible();
    await expect(page.getByText('No projects yet')).toHaveCount(0);
  });

  test('a dashboard that failed shows the error and no "No recent projects" under it', async ({ page }) => {
    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
    await page.route('**/api/dashboard', (route) =>
      route.fulfill({ status: 500, json: { message: 'Something went wrong. Please try again.' } }),
    );
    await page.reload();

    const failure = page.getByRole('alert').filter({ hasText: 'Could not load the dashboard' });
    await expect(failure).toContainText('Something went wrong. Please try again.', { timeout: 15_000 });
    await expect(page.getByText('No recent projects')).toHaveCount(0);
    await expect(page.getByText('Not available: the dashboard could not be loaded.')).toBeVisible();

    await page.unroute('**/api/dashboard');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('Shivam Residency', { exact: true })).toBeVisible();
  });
});

for (const viewport of [LAPTOP, { width: 390, height: 844 }]) {
  const size = `${viewport.width}x${viewport.height}`;
  test(`screenshots of the frame at ${size}`, { tag: '@screenshots' }, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const isPhone = viewport.width < 600;
    const openMenu = async () => {
      if (isPhone) await page.getByRole('button', { name: 'Open navigation' }).click();
      await expect(navItem(page, 'Reports')).toBeVisible();
    };
    const shot = (name: string) => page.screenshot({ path: `${SCREENSHOT_DIR}shell-${name}-${size}.png` });

    await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
    await page.goto(server.tenantUrl('/registrations'));
    await expect(page.getByRole('heading', { level: 1, name: 'Registered Plots' })).toBeVisible();
    await openMenu();
    await shot('sidebar-user');

    // The server out of reach for a screen's code.
    await page.goto(server.tenantUrl('/dashboard'));
    await page.route('**/assets/payment-to-partner-*.js', (route) => route.abort('internetdisconnected'));
    await openMenu();
    await navItem(page, 'Payment To Partner').click();
    await expect(page.getByText('Could not reach the server')).toBeVisible();
    if (isPhone) await expect(sidebar(page)).not.toBeInViewport();
    await shot('unreachable-screen');
    await page.unrouteAll();

    // A request the network lost.
    await page.route('**/api/dashboard', (route) => route.abort('internetdisconnected'));
    await page.goto(server.tenantUrl('/dashboard'));
    await expect(page.getByText('Could not reach the server')).toBeVisible({ timeout: 15_000 });
    await shot('unreachable-dashboard');
    await page.unrouteAll();

    // A project list still loading.
    await page.route('**/api/project', () => undefined);
    await page.goto(server.tenantUrl('/purchase'));
    await page.getByRole('combobox', { name: 'Project', exact: true }).click();
    await expect(page.getByRole('listbox')).toContainText('Loading…');
    await shot('loading-projects');
    await page.unrouteAll();

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await signInAsOwner(page);
    await openMenu();
    await shot('sidebar-tenant-admin');
  });
}
