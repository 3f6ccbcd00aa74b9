import type { ReactNode } from 'react';
import { Money } from '../money';
import { sumColumn } from './table-logic';
import type { DataColumn, FooterRow } from './types';

/**
 * The usual footer: `label` in the first column and the sum of each named money column over the visible rows.
 * Use as `footer={totalFooter(columns, 'Total', ['amount'])}`.
 */
export function totalFooter<T>(columns: readonly DataColumn<T>[], label: ReactNode, sumKeys: readonly string[]) {
  return (visibleRows: T[]): FooterRow[] => {
    const row: FooterRow = {};
    const first = columns[0];
    if (first) row[first.key] = label;
    for (const key of sumKeys) {
      const column = columns.find((c) => c.key === key);
      if (!column) continue;
      const sum = sumColumn(visibleRows, column);
      row[key] = column.format ? column.format(sum) : <Money value={sum} />;
    }
    return [row];
  };
}

/**
 * The footer of a server-paged table: `label` in the first column and the server's SQL totals of the whole list
 * (never the sum of the loaded page), written as the column's `format` when it has one. Use as `footer={sqlTotalFooter(columns, 'Total', { amount: totalAmount })}`.
 */
export function sqlTotalFooter<T>(columns: readonly DataColumn<T>[], label: ReactNode, totals: Record<string, number>) {
  return (): FooterRow[] => {
    const row: FooterRow = {};
    const first = columns[0];
    if (first) row[first.key] = label;
    for (const [key, value] of Object.entries(totals)) {
      const format = columns.find((c) => c.key === key)?.format;
      row[key] = format ? format(value) : <Money value={value} />;
    }
    return [row];
  };
}
