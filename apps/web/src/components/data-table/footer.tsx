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
      if (column) row[key] = <Money value={sumColumn(visibleRows, column)} />;
    }
    return [row];
  };
}
