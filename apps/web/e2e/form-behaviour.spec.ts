import { expect, type Page, test } from '@playwright/test';
import { choose, fillMoneyRow } from './support/forms';
import { loginAsUser } from './support/pages';
import { snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const PROJECT = /^Shivam Residency/;
const projectSelect = (page: Page) => page.getByRole('combobox', { name: 'Project', exact: true });

/** A complete purchase row for the demo's Shivam Residency. */
const ROW = {
  particular: 'Visarpavti',
  date: '05/03/2026',
  mode: 'Cash',
  amount: '1000',
  partner: /^Imran Shaikh/,
};

/** Types a date and leaves the field with Tab, as a person does. */
async function typeDate(page: Page, label: string, text: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await input.press('Tab');
}

test.beforeEach(async ({ page }) => {
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);
  await expect(page).toHaveURL(server.tenantUrl('/dashboard'));
});

test('a project list that failed to load says so and loads again on Retry', async ({ page }) => {
  await page.route('**/api/project', (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 500, json: { message: 'Something went wrong.' } })
      : route.fallback(),
  );
  await page.goto(server.tenantUrl('/purchase'));
  const select = projectSelect(page);
  // Failed requests are tried three times before the field says so.
  await expect(select).toHaveAccessibleDescription(/The projects could not be loaded\./, { timeout: 15_000 });
  await select.click();
  await expect(page.getByRole('listbox')).toContainText('The projects could not be loaded.');
  await expect(page.getByText('No projects yet')).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.unroute('**/api/project');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(select).not.toHaveAccessibleDescription(/could not be loaded/);
  await choose(page, 'Project', PROJECT);
  await expect(select).toHaveValue(/^Shivam Residency/);
});

for (const path of ['/purchase', '/development', '/activity']) {
  test(`no dropdown opens by itself on ${path}, and typing then Enter picks the first match`, async ({ page }) => {
    const projectsLoaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/project');
    await page.goto(server.tenantUrl(path));
    const select = projectSelect(page);
    await expect(select).toBeFocused();
    // The list has loaded (its answer is in and the placeholder no longer says so) and still nothing is open.
    await projectsLoaded;
    await expect(select).not.toHaveAttribute('placeholder', 'Loading…');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await expect(select).toHaveAttribute('aria-expanded', 'false');

    await page.keyboard.type('shiv');
    // As a person does: the match is shown, then Enter takes it.
    await expect(page.getByRole('option', { name: /^Shivam Residency/ })).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(select).toHaveValue(/^Shivam Residency/);
  });
}

test("the date's clear button is not a Tab stop, and Enter after Tab keeps the date", async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', PROJECT);
  await typeDate(page, 'Date row 1', '05/03/2026');
  await expect(page.getByLabel('Date row 1', { exact: true })).toHaveValue('05/03/2026');
  await expect(page.getByRole('button', { name: 'Clear date' }).first()).toHaveAttribute('tabindex', '-1');
  // Tab from the date goes on to the next cell, not to the × inside the date field.
  await expect(page.getByRole('combobox', { name: 'Mode row 1' })).toBeFocused();
  await page.getByLabel('Date row 1', { exact: true }).focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(page.getByLabel('Date row 1', { exact: true })).toHaveValue('05/03/2026');
});

for (const impossible of ['31/02/2026', '2026-13-01']) {
  test(`an impossible date ${impossible} is an error at the field, not cleared silently`, async ({ page }) => {
    await page.goto(server.tenantUrl('/purchase'));
    await choose(page, 'Project', PROJECT);
    await typeDate(page, 'Date row 1', impossible);
    const date = page.getByLabel('Date row 1', { exact: true });
    await expect(date).toHaveValue(impossible);
    await expect(date).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(`${impossible} is not a date; use dd/mm/yyyy`)).toBeVisible();

    // A real date puts it right.
    await typeDate(page, 'Date row 1', '28/02/2026');
    await expect(page.getByText(`${impossible} is not a date; use dd/mm/yyyy`)).toHaveCount(0);
    await expect(date).toHaveValue('28/02/2026');
  });
}

test('a blank row at the end does not block Save All', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', PROJECT);
  await fillMoneyRow(page, 1, ROW);
  await page.getByRole('button', { name: 'Add Row' }).click();
  await expect(page.getByRole('combobox', { name: 'Particular row 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Save All' }).click();
  await expect(page.getByText('Saved!', { exact: true })).toBeVisible();
});

test('a mode date before its entry date asks before saving', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', PROJECT);
  await fillMoneyRow(page, 1, ROW);
  await typeDate(page, 'Mode Date row 1', '05/03/2025');
  await page.getByRole('button', { name: 'Save All' }).click();

  const dialog = page.getByRole('dialog', { name: 'Mode date before the entry date' });
  await expect(dialog).toContainText('Row 1: the mode date 05/03/2025 is before the date 05/03/2026. Save anyway?');
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Saved!', { exact: true })).toHaveCount(0);
  await expect(page.getByLabel('Mode Date row 1', { exact: true })).toHaveValue('05/03/2025');

  await page.getByRole('button', { name: 'Save All' }).click();
  await dialog.getByRole('button', { name: 'Save anyway' }).click();
  await expect(page.getByText('Saved!', { exact: true })).toBeVisible();
});

test('text inputs stop at the length the server accepts', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  const detail = page.getByLabel('Mode Detail row 1');
  await expect(detail).toHaveAttribute('maxlength', '200');
  await detail.click();
  await page.keyboard.insertText('x'.repeat(1400));
  await expect(detail).toHaveValue('x'.repeat(200));

  await page.goto(server.tenantUrl('/partner'));
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveAttribute('maxlength', '100');
  await expect(page.getByLabel('Phone')).toHaveAttribute('maxlength', '20');
});

test('a partner mobile written as +91 98220 11111 is saved as +919822011111 and shown grouped', async ({ page }) => {
  await page.goto(server.tenantUrl('/partner'));
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Mobile Partner');
  await page.getByLabel('City').fill('Pune');
  await page.getByLabel('Phone').fill('+91 98220 11111');
  await choose(page, 'Project', PROJECT);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Partner saved successfully!')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Mobile Partner' })).toContainText('+91 98220 11111');
  const stored = await page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('authToken')}` };
    const partners: { partnerName: string; phone: string | null }[] = await (
      await fetch('/api/partner', { headers })
    ).json();
    return partners.find((p) => p.partnerName === 'Mobile Partner')?.phone;
  });
  expect(stored).toBe('+919822011111');
});

test('a half-filled project form asks before it is left', async ({ page }) => {
  await page.goto(server.tenantUrl('/project'));
  await page.getByLabel('Project Name').click();
  await page.keyboard.type('Half Done');
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await nav.getByRole('link', { name: 'Partner', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave this page?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/project'));
  await expect(page.getByLabel('Project Name')).toHaveValue('Half Done');

  await nav.getByRole('link', { name: 'Partner', exact: true }).click();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await expect(page).toHaveURL(server.tenantUrl('/partner'));
});

test('a half-filled row table asks before the page is reloaded or closed', async ({ page }) => {
  await page.goto(server.tenantUrl('/purchase'));
  await choose(page, 'Project', PROJECT);
  await page.getByLabel('Amount row 1').click();
  await page.keyboard.type('500');
  const dialog = new Promise<string>((resolve) => {
    page.once('dialog', async (d) => {
      resolve(d.type());
      await d.accept();
    });
  });
  await page.close({ runBeforeUnload: true });
  expect(await dialog).toBe('beforeunload');
});

for (const viewport of [
  { name: 'desktop-1366', width: 1366, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]) {
  test(`row table with a date error at ${viewport.width}×${viewport.height}`, { tag: '@screenshots' }, async ({
    page,
  }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(server.tenantUrl('/purchase'));
    await choose(page, 'Project', PROJECT);
    await fillMoneyRow(page, 1, { particular: 'Visarpavti', mode: 'Cash', amount: '1234567.89' });
    await typeDate(page, 'Date row 1', '31/02/2026');
    await expect(page.getByText('31/02/2026 is not a date; use dd/mm/yyyy')).toBeVisible();
    // Tab opened the next cell's list; close it so it covers nothing.
    await page.keyboard.press('Escape');
    await snap(page, `row-table-date-error-${viewport.name}`);
  });
}
