import { REPORT_PAGE_LIMIT } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePagedList } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { asRows } from './as-rows';
import { reportKeys } from './keys';

export type ReportQuery = Record<string, string | number | undefined>;

export const reportQueryOptions = <T>(path: string, query: ReportQuery = {}) =>
  queryOptions({
    queryKey: reportKeys.report(path, query),
    queryFn: async ({ signal }) => asRows<T>(await api.get<unknown>(path, { query, signal })),
  });

/** One report's rows; nothing is fetched while `path` is null (e.g. no project chosen yet). */
export function useReport<T>(path: string | null, query: ReportQuery = {}) {
  return useQuery({ ...reportQueryOptions<T>(path ?? '', query), enabled: path !== null });
}

/**
 * A report that pages on the server (Payment Receipts, the partner reports): its rows a page at a time as the
 * user scrolls or asks for more, the search run by the server, and the total row (`totals`) from the server's
 * SQL over every matching row. Nothing is fetched while `path` is null.
 */
export function useReportPages<T, Totals>(path: string | null) {
  return usePagedList<T, Totals>({
    queryKey: reportKeys.report(path ?? ''),
    path: path ?? '',
    enabled: path !== null,
    pageSize: REPORT_PAGE_LIMIT,
  });
}
