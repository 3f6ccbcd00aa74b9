import { sumRupees } from '@plotbook/domain';
import type { RowColumn, RowValues } from './types';

export const COMPLETE_ROW_FIRST = 'Please complete the current row before adding a new one.';

export function isFilled(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

/** The required cells of a row that are still empty. */
export function missingKeys<R extends RowValues>(columns: readonly RowColumn<R>[], row: R): string[] {
  return columns.filter((c) => c.isRequired && !isFilled(row[c.key])).map((c) => c.key);
}

export function isRowComplete<R extends RowValues>(columns: readonly RowColumn<R>[], row: R): boolean {
  return missingKeys(columns, row).length === 0;
}

/** Sets one cell, and moves the cells that follow it while they were empty or equal to its old value. */
export function updateCell<R extends RowValues>(
  columns: readonly RowColumn<R>[],
  row: R,
  key: keyof R & string,
  value: string,
): R {
  const next: Record<string, string> = { ...row, [key]: value };
  for (const column of columns) {
    if (column.follows !== key) continue;
    const current = row[column.key] ?? '';
    if (current === '' || current === (row[key] ?? '')) next[column.key] = value;
  }
  return next as R;
}

/** Sum of a money column in rupees, added up in paise. */
export function sumMoney<R extends RowValues>(rows: readonly R[], key: keyof R & string): number {
  const amounts: number[] = [];
  for (const row of rows) {
    const value = Number(row[key]);
    if (isFilled(row[key]) && Number.isFinite(value)) amounts.push(value);
  }
  return sumRupees(amounts);
}

/**
 * The row index of a server validation error: the API names a bad cell `1.particular` (0-based, so row 2).
 * Returns the cell keys as `rowIndex.key` and the first row number (1-based) for the message.
 */
export function firstErrorRow(fields: Record<string, string> | undefined): number | null {
  for (const key of Object.keys(fields ?? {})) {
    const match = /^(\d+)\./.exec(key);
    if (match) return Number(match[1]) + 1;
  }
  return null;
}
