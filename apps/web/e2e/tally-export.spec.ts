import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { seriousViolations } from './support/axe';
import { loginAsUser } from './support/pages';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const OWNER = { email: 'owner@example.com', password: 'owner1234' };
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 650 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** dd/mm/yyyy of a day `days` before today. */
const dayText = (days: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
};

async function setRange(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Export to Tally' });
  await dialog.getByRole('textbox', { name: 'From', exact: true }).fill(dayText(360));
  await dialog.getByRole('textbox', { name: 'From', exact: true }).press('Tab');
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill(dayText(0));
  await dialog.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  return dialog;
}

test('a tenant admin maps Cash to a Tally ledger, then exports the year’s receipts and payments as Tally XML and Excel', async ({
  page,
}) => {
  await loginAsUser(page, server, OWNER.email, OWNER.password);
  await page.goto(server.tenantUrl('/settings'));
  const form = page.getByRole('form', { name: 'Tally ledgers' });
  // Settings loads the account, the tax rules and the ledgers before it draws the form.
  await expect(form).toBeVisible({ timeout: 20_000 });
  await expect(form.getByLabel('Cash', { exact: true })).toHaveValue('Cash');
  await form.getByLabel('Cash', { exact: true }).fill('Cash in Hand');
  await form.getByRole('button', { name: 'Save Ledgers' }).click();
  await expect(page.getByText('Tally ledgers saved.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const name of ['Export to Tally', 'Tally ledgers']) {
      const region = page.getByRole('region', { name });
      await region.scrollIntoViewIfNeeded();
      await region.screenshot({ path: `${SCREENSHOT_DIR}tally-settings-${name.split(' ')[1]}-${viewport.name}.png` });
    }
  }

  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto(server.tenantUrl('/reports'));
  await page.getByRole('button', { name: 'Tally import file' }).click();
  let dialog = await setRange(page);
  const xmlDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Tally XML' }).click();
  const xml = await xmlDownload;
  expect(xml.suggestedFilename()).toMatch(/^tally-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.xml$/);
  const text = readFileSync(await xml.path(), 'utf8');
  expect(text).toContain('<TALLYREQUEST>Import Data</TALLYREQUEST>');
  expect(text).toMatch(/<VOUCHER VCHTYPE="Receipt" ACTION="Create"/);
  expect(text).toContain('<LEDGERNAME>Cash in Hand</LEDGERNAME>');
  await expect(dialog.getByText(/^Downloaded tally-.*\.xml\.$/)).toBeVisible();
  const xlsxDownload = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download Excel' }).click();
  expect((await xlsxDownload).suggestedFilename()).toMatch(/\.xlsx$/);
  await snap(page, 'tally-export-desktop', { fullPage: false });

  await page.setViewportSize(VIEWPORTS[1]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Tally import file' }).click();
  dialog = await setRange(page);
  await dialog.getByRole('textbox', { name: 'To', exact: true }).fill('01/01/2000');
  await dialog.getByRole('textbox', { name: 'To', exact: true }).press('Tab');
  await dialog.getByRole('button', { name: 'Download Tally XML' }).click();
  await expect(dialog.getByText('From date may not be after To date')).toBeVisible();
  await snap(page, 'tally-export-phone', { fullPage: false });
});
