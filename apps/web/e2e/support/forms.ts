import type { Page } from '@playwright/test';

/** Opens the n-th Mantine select labelled `label` and clicks an option (strings match exactly). */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp, nth = 0): Promise<void> {
  await page
    .getByRole('combobox', { name: label, exact: typeof label === 'string' })
    .nth(nth)
    .click();
  await page.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
}

/** Types a dd/mm/yyyy date and closes the calendar so it covers nothing. */
export async function fillDate(page: Page, label: string, value: string): Promise<void> {
  // A required field's name ends in its asterisk ("Sale Date *").
  const input = page.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`));
  await input.fill(value);
  await input.press('Escape');
}

export interface MoneyRowValues {
  particular?: string;
  date?: string;
  mode?: string;
  modeDetail?: string;
  creditTo?: string;
  amount?: string;
  partner?: RegExp;
}

/** Fills one row of a purchase, development or receipt row table; fields left out stay as they are. */
export async function fillMoneyRow(page: Page, row: number, values: MoneyRowValues): Promise<void> {
  if (values.particular) await choose(page, `Particular row ${row}`, values.particular);
  if (values.date) await fillDate(page, `Date row ${row}`, values.date);
  if (values.mode) await choose(page, `Mode row ${row}`, values.mode);
  if (values.modeDetail) await page.getByLabel(`Mode Detail row ${row}`).fill(values.modeDetail);
  if (values.creditTo) await page.getByLabel(`Credit To row ${row}`).fill(values.creditTo);
  if (values.amount) await page.getByLabel(`Amount row ${row}`).fill(values.amount);
  if (values.partner) await choose(page, `Partner row ${row}`, values.partner);
}
