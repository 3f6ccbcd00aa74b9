import { expect, type Page, test } from '@playwright/test';
import { masterLogin, tenantOrigin } from './support/admin-helpers';
import { choose } from './support/forms';
import { loginAsUser } from './support/pages';
import { SCREENSHOT_DIR, snap } from './support/screenshots';
import { DEMO_USER, setupTestServer } from './support/test-server';

const server = setupTestServer();
test.use({ locale: 'en-IN' });

const RECEIPT_FILE = /^RCT-\d\d-\d\d-\d{5}\.pdf$/;

/** Clicks `button` and answers the file name the browser saved, after checking it is a PDF. */
async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const stream = await file.createReadStream();
  const head = await new Promise<Buffer>((resolve) => stream.once('data', (chunk) => resolve(chunk as Buffer)));
  expect(head.subarray(0, 5).toString()).toBe('%PDF-');
  return file.suggestedFilename();
}

test('a clerk downloads a numbered receipt, a statement and an allotment letter as PDF', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAsUser(page, server, DEMO_USER.email, DEMO_USER.password);

  // The receipt list shows each Completed receipt's number, with its PDF.
  await page.goto(server.tenantUrl('/payment'));
  await choose(page, 'Project', /^Green Valley/);
  await choose(page, 'Plot', /^Plot 7 /);
  const completed = page.getByRole('row').filter({ hasText: 'Completed' }).first();
  await expect(completed).toContainText(/RCT\/\d\d-\d\d\/\d{5}/);
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 650 },
    { name: 'laptop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await snap(page, `documents-receipts-${viewport.name}`, { fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  const name = await download(page, () =>
    completed.getByRole('button', { name: /^Download the receipt RCT\// }).click(),
  );
  expect(name).toMatch(RECEIPT_FILE);

  // The buyer page: the statement as of a date, and the allotment letter of each sale.
  await page.goto(server.tenantUrl('/buyers'));
  await page.getByRole('link', { name: 'Kavita Raut' }).first().click();
  const statement = page.getByRole('region', { name: 'Statement of account' });
  await expect(statement).toBeVisible();
  const statementName = await download(page, () =>
    statement.getByRole('button', { name: 'Download the statement of account (PDF)' }).click(),
  );
  expect(statementName).toMatch(/^statement-\d+-\d{4}-\d\d-\d\d\.pdf$/);
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 650 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await snap(page, `documents-buyer-${viewport.name}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // The sale's row menu: the allotment letter.
  await page.goto(server.tenantUrl('/view-sales/1'));
  await page.getByRole('button', { name: 'Actions for the sale of Plot 7' }).click();
  await page.getByRole('menuitem', { name: 'Allotment letter (PDF)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Allotment letter: Plot 7' });
  await expect(dialog).toContainText('provisional allotment');
  await snap(page, 'documents-allotment-dialog-desktop', { fullPage: false });
  const letter = await download(page, () =>
    dialog.getByRole('button', { name: 'Download the allotment letter of Plot 7 (PDF)' }).click(),
  );
  expect(letter).toMatch(/^allotment-provisional-ALLOT-\d+\.pdf$/);
});

test('a tenant admin keeps the Company Profile in Settings', async ({ page }) => {
  await masterLogin(page, tenantOrigin(server, 'demo'), 'owner@example.com', 'owner1234');
  await page.goto(server.tenantUrl('/settings'));
  const form = page.getByRole('form', { name: 'Company profile' });
  await expect(form.getByLabel('Company name')).toHaveValue('Sai Developers & Land Promoters');
  await expect(form.getByRole('img', { name: "The company's logo" })).toBeVisible();
  await form.getByLabel('GSTIN').fill('27AAKFS4521M1Z');
  await form.getByRole('button', { name: 'Save Company Profile' }).click();
  await expect(form.getByText('Enter a valid GSTIN, e.g. 27ABCDE1234F1Z5')).toBeVisible();
  await form.getByLabel('GSTIN').fill('27AAKFS4521M1Z3');
  await form.getByLabel('RERA registration number').fill('P50500034522');
  await form.getByRole('button', { name: 'Save Company Profile' }).click();
  await expect(form.getByText('Company profile saved.')).toBeVisible();
  for (const viewport of [
    { name: 'desktop', width: 1366, height: 650 },
    { name: 'laptop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOT_DIR}documents-company-profile-${viewport.name}.png` });
  }
});
