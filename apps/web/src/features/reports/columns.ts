import { REPORT_COLUMNS, type ReportKey } from '@plotbook/domain';
import type { DataColumn } from '@/components/data-table';
import { dayInIndia, formatMonth } from './format';

type Field = string | number | null | undefined;
const field = (row: unknown, key: string) => (row as Record<string, Field>)[key];

/**
 * A report's table columns from the contract's `REPORT_COLUMNS` (the export's columns, in the same order and with
 * the same headers), with the report's money format; `overrides` adds what a column needs beyond its kind.
 */
export function reportColumns<T>(
  key: ReportKey,
  money: ((rupees: number) => string) | undefined,
  overrides: Record<string, Partial<DataColumn<T>>> = {},
): DataColumn<T>[] {
  return REPORT_COLUMNS[key].map((c) => {
    const base: DataColumn<T> = { key: c.key, label: c.header };
    switch (c.kind) {
      case 'money':
        Object.assign(base, { kind: 'money', format: money });
        break;
      case 'date':
        base.kind = 'date';
        break;
      case 'dateTime':
        Object.assign(base, { kind: 'date', value: (row: T) => dayInIndia(field(row, c.key) as string | null) });
        break;
      case 'month':
        Object.assign(base, {
          render: (row: T) => formatMonth(field(row, c.key) as string),
          searchValue: (row: T) => `${field(row, c.key)} ${formatMonth(field(row, c.key) as string)}`,
        });
        break;
      case 'index':
        Object.assign(base, { kind: 'number', searchable: false, width: 64 });
        break;
      default:
        break;
    }
    return { ...base, ...overrides[c.key] };
  });
}

/** The keys of the money columns: what a total row sums. */
export const moneyKeys = (key: ReportKey) => REPORT_COLUMNS[key].filter((c) => c.kind === 'money').map((c) => c.key);
