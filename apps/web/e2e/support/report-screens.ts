import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

export async function openReport(page: Page, cardLabel: string): Promise<void> {
  const change = page.getByRole('button', { name: 'Change Report' });
  if (await change.isVisible()) await change.click();
  await page.getByRole('button', { name: new RegExp(`^${cardLabel}`) }).click();
  await expect(page.getByRole('heading', { level: 2, name: cardLabel, exact: true })).toBeVisible();
}

/** Clicks Export and returns the name the browser would save the file under. */
export async function exportName(page: Page): Promise<string> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  // A real workbook came back: an .xlsx is a zip file.
  const path = await download.path();
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
  return download.suggestedFilename();
}

/** The text of one column's body cells, top to bottom. */
export async function columnTexts(table: Locator, index: number): Promise<string[]> {
  return table
    .locator('tbody tr')
    .evaluateAll(
      (rows, i) => rows.map((row) => (row.children[i] as HTMLElement | undefined)?.innerText.trim() ?? ''),
      index,
    );
}
