import { summaryKeys } from '@/lib/query-keys';

/** Every report query sits under `reportKeys.all`; one report's under its path and query. */
export const reportKeys = {
  all: summaryKeys.reports,
  report: (path: string, query: Record<string, string | number | undefined> = {}) =>
    [...reportKeys.all, path, query] as const,
};
