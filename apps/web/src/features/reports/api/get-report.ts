import { queryOptions, useQuery } from '@tanstack/react-query';
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
