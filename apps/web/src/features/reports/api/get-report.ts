import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

export type ReportQuery = Record<string, string | number | undefined>;

/**
 * Report answers are lists; spec 001 §7 also allows `{ data: [...] }` or a single object (one row). Anything else
 * is no rows.
 */
export function asRows<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    const inner = (data as { data?: unknown }).data;
    if (Array.isArray(inner)) return inner as T[];
    return [data as T];
  }
  return [];
}

export const reportQueryOptions = <T>(path: string, query: ReportQuery = {}) =>
  queryOptions({
    queryKey: reportKeys.report(path, query),
    queryFn: async ({ signal }) => asRows<T>(await api.get<unknown>(path, { query, signal })),
  });

/** One report's rows; nothing is fetched while `path` is null (e.g. no project chosen yet). */
export function useReport<T>(path: string | null, query: ReportQuery = {}) {
  return useQuery({ ...reportQueryOptions<T>(path ?? '', query), enabled: path !== null });
}
