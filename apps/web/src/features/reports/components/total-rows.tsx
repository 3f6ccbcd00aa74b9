import { REPORT_TOTAL_ROWS, type ReportKey, totalLabelKey } from '@plotbook/domain';
import type { DataColumn, FooterRow } from '@/components/data-table';
import { Money } from '@/components/money';

/**
 * The bold rows under a server-paged report: its `REPORT_TOTAL_ROWS` (the rows its export writes too) filled from
 * the server's SQL totals of every matching row, never summed over the loaded page. Each figure is written as its
 * column's `format`.
 */
export function reportTotalsFooter<T>(
  report: ReportKey,
  columns: readonly DataColumn<T>[],
  totals: Readonly<Record<string, number>> | null | undefined,
) {
  const labelKey = totalLabelKey(report);
  return (): FooterRow[] =>
    REPORT_TOTAL_ROWS[report].map(({ label, values }) => {
      const row: FooterRow = { [labelKey]: label };
      for (const [column, key] of Object.entries(values)) {
        const value = totals?.[key] ?? 0;
        const format = columns.find((c) => c.key === column)?.format;
        row[column] = format ? format(value) : <Money value={value} />;
      }
      return row;
    });
}
