import { formatDate, formatRupees, sumRupees } from '@plotbook/domain';
import type { DataColumn, DataTablePaging, SortState } from './types';

type Cell = string | number | null | undefined;

/** The raw value of a cell, used for sorting (and for searching unless the column says otherwise). */
export function cellValue<T>(column: DataColumn<T>, row: T): Cell {
  if (column.value) return column.value(row);
  return (row as Record<string, unknown>)[column.key] as Cell;
}

/** What a user may type to find a cell: the raw value plus what the screen shows (₹ amounts, dd/mm/yyyy). */
export function searchText<T>(column: DataColumn<T>, row: T): string {
  if (column.searchValue) return column.searchValue(row);
  const value = cellValue(column, row);
  if (value === null || value === undefined) return '';
  if (column.format && typeof value === 'number') return `${value} ${column.format(value)}`;
  if (column.kind === 'money' && typeof value === 'number') return `${value} ${formatRupees(value)}`;
  if (column.kind === 'date' && typeof value === 'string') return `${value} ${formatDate(value)}`;
  return String(value);
}

/** Case-insensitive search over every column (or only over `keys`). */
export function filterRows<T>(
  rows: readonly T[],
  columns: readonly DataColumn<T>[],
  query: string,
  keys?: readonly string[],
): T[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...rows];
  const searchable = columns.filter((c) => (keys ? keys.includes(c.key) : c.searchable !== false));
  return rows.filter((row) => searchable.some((c) => searchText(c, row).toLowerCase().includes(needle)));
}

const collator = new Intl.Collator('en-IN', { numeric: true, sensitivity: 'base' });

/** Numbers compare as numbers, text as text with digits compared numerically ("Plot 2" before "Plot 10"). */
export function compareCells(a: Cell, b: Cell): number {
  const isEmpty = (v: Cell) => v === null || v === undefined || v === '';
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

export function sortRows<T>(rows: readonly T[], columns: readonly DataColumn<T>[], sort: SortState | null): T[] {
  const column = sort ? columns.find((c) => c.key === sort.key) : undefined;
  if (!sort || !column) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  // Array.prototype.sort is stable: equal cells keep the server's order.
  return [...rows].sort((a, b) => sign * compareCells(cellValue(column, a), cellValue(column, b)));
}

/** Ascending on the first click, then descending, then ascending again. */
export function nextSort(current: SortState | null, key: string): SortState {
  if (current?.key === key && current.direction === 'asc') return { key, direction: 'desc' };
  return { key, direction: 'asc' };
}

/** Sums a money column in paise, so a long list of rupee amounts never drifts. */
export function sumColumn<T>(rows: readonly T[], column: DataColumn<T>): number {
  const amounts: number[] = [];
  for (const row of rows) {
    const value = cellValue(column, row);
    if (typeof value === 'number') amounts.push(value);
  }
  return sumRupees(amounts);
}

const records = (n: number) => `${n} ${n === 1 ? 'record' : 'records'}`;

/**
 * The line under a table. Local: `12 records`, or `3 of 12 records` while searching. Paged: the server's counts,
 * `500 of 20000 records loaded` until every page is here, and `3 of 20000 records` for a search's matches.
 */
export function countText(visible: number, loaded: number, paging?: DataTablePaging): string {
  if (!paging) return visible === loaded ? records(loaded) : `${visible} of ${loaded} records`;
  const { totalCount, unfilteredCount, isSearching } = paging;
  if (isSearching) {
    const all = unfilteredCount ?? totalCount;
    return loaded < totalCount
      ? `${loaded} of ${totalCount} matching records loaded (${records(all)} in all)`
      : `${totalCount} of ${records(all)}`;
  }
  return loaded < totalCount ? `${loaded} of ${totalCount} records loaded` : records(totalCount);
}
