import type { ReactNode } from 'react';
import { DateText } from '../date-text';
import { Money } from '../money';
import { cellValue } from './table-logic';
import type { DataColumn } from './types';

export function alignOf<T>(column: DataColumn<T>): 'left' | 'center' | 'right' {
  return column.align ?? (column.kind === 'money' || column.kind === 'number' ? 'right' : 'left');
}

/** A cell as the user sees it: the column's own render, else ₹ for money, dd/mm/yyyy for dates, '-' for empty. */
export function renderCell<T>(column: DataColumn<T>, row: T): ReactNode {
  if (column.render) return column.render(row);
  const value = cellValue(column, row);
  if (column.format && (column.kind === 'money' || column.kind === 'number')) {
    return (
      <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {column.format(typeof value === 'number' ? value : Number(value ?? 0))}
      </span>
    );
  }
  if (column.kind === 'money') return <Money value={typeof value === 'number' ? value : Number(value ?? 0)} />;
  if (column.kind === 'date') return <DateText value={value === null || value === undefined ? null : String(value)} />;
  return value === null || value === undefined || value === '' ? '-' : String(value);
}
