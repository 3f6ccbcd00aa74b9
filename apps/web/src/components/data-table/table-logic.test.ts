import { describe, expect, it } from 'vitest';
import { compareCells, countText, filterRows, nextSort, sortRows, sumColumn } from './table-logic';
import type { DataColumn } from './types';

interface Row {
  name: string;
  amount: number | null;
  date: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', label: 'Name' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'date', label: 'Date', kind: 'date' },
];
const amount = columns[1] as DataColumn<Row>;
const row = (name: string, value: number | null, date = '2025-01-15'): Row => ({ name, amount: value, date });

describe('sumColumn', () => {
  it('adds rupee amounts exactly, through paise', () => {
    expect(sumColumn([row('a', 0.1), row('b', 0.2)], amount)).toBe(0.3);
    expect(sumColumn([row('a', 1604491.6), row('b', 160449160.17)], amount)).toBe(162053651.77);
  });

  it('skips empty cells', () => {
    expect(sumColumn([row('a', 10.5), row('b', null)], amount)).toBe(10.5);
    expect(sumColumn([], amount)).toBe(0);
  });
});

describe('filterRows', () => {
  const rows = [row('Plot 2', 125000, '2025-03-04'), row('Well', 1500.5, '2024-12-31')];

  it('finds an amount as the screen shows it, in rupees', () => {
    expect(filterRows(rows, columns, '1,25,000').map((r) => r.name)).toEqual(['Plot 2']);
  });

  it('finds a date as dd/mm/yyyy', () => {
    expect(filterRows(rows, columns, '31/12/2024').map((r) => r.name)).toEqual(['Well']);
  });

  it('ignores case and surrounding spaces, and an empty search keeps every row', () => {
    expect(filterRows(rows, columns, '  WELL ').map((r) => r.name)).toEqual(['Well']);
    expect(filterRows(rows, columns, '   ')).toHaveLength(2);
  });

  it('searches only the named columns when given', () => {
    expect(filterRows(rows, columns, 'well', ['amount'])).toEqual([]);
  });
});

describe('sorting', () => {
  it('compares text with its digits as numbers, and puts empty cells last', () => {
    expect(compareCells('Plot 2', 'Plot 10')).toBeLessThan(0);
    expect(compareCells(null, 'a')).toBe(1);
    expect(compareCells('', null)).toBe(0);
  });

  it('sorts a column both ways and keeps the order of equal cells', () => {
    const rows = [row('b', 20), row('a', 10), row('c', 20)];
    expect(sortRows(rows, columns, { key: 'amount', direction: 'asc' }).map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(sortRows(rows, columns, { key: 'amount', direction: 'desc' }).map((r) => r.name)).toEqual(['b', 'c', 'a']);
    expect(sortRows(rows, columns, null).map((r) => r.name)).toEqual(['b', 'a', 'c']);
  });

  it('turns a column ascending first, then descending', () => {
    expect(nextSort(null, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'name')).toEqual({ key: 'name', direction: 'desc' });
    expect(nextSort({ key: 'name', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
    expect(nextSort({ key: 'name', direction: 'asc' }, 'amount')).toEqual({ key: 'amount', direction: 'asc' });
  });
});

describe('countText', () => {
  it('counts a local list and its search', () => {
    expect(countText(1, 1)).toBe('1 record');
    expect(countText(3, 12)).toBe('3 of 12 records');
  });

  it('counts a paged list by the server', () => {
    const paging = {
      search: '',
      onSearchChange: () => {},
      isSearching: false,
      totalCount: 20000,
      unfilteredCount: 20000,
      hasMore: true,
      isLoadingMore: false,
      loadMore: () => {},
    };
    expect(countText(500, 500, paging)).toBe('500 of 20000 records loaded');
    expect(countText(20000, 20000, paging)).toBe('20000 records');
    expect(countText(3, 3, { ...paging, isSearching: true, totalCount: 3 })).toBe('3 of 20000 records');
    expect(countText(50, 50, { ...paging, isSearching: true, totalCount: 80 })).toBe(
      '50 of 80 matching records loaded (20000 records in all)',
    );
  });
});

describe('filterRows with a column format or search value', () => {
  interface MonthRow {
    month: string;
    expected: number;
  }
  const monthColumns: DataColumn<MonthRow>[] = [
    { key: 'month', label: 'Month', searchValue: (r) => (r.month === '2026-12' ? '2026-12 Dec 2026' : r.month) },
    { key: 'expected', label: 'Expected', kind: 'money', format: (v) => `${Math.round(v)} whole` },
  ];
  const rows: MonthRow[] = [
    { month: '2026-11', expected: 80000.4 },
    { month: '2026-12', expected: 1200 },
  ];

  it('matches what the search value says', () => {
    expect(filterRows(rows, monthColumns, 'dec')).toEqual([rows[1]]);
  });

  it('matches the formatted amount', () => {
    expect(filterRows(rows, monthColumns, '80000 whole')).toEqual([rows[0]]);
  });
});
