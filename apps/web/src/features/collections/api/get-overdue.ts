import type { AgeingTotals, OverdueRow } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { usePagedList } from '@/components/data-table/use-paged-list';
import { api } from '@/lib/api-client';

export type OverdueTotals = AgeingTotals & {
  projects: (AgeingTotals & { projectId: number; projectName: string })[];
};

/** Everything Collections shows: a receipt or a reminder changes it, so both invalidate this key. */
export const collectionKeys = {
  all: ['collections'] as const,
  overdue: (projectId: number | null, asOf: string | null) =>
    [...collectionKeys.all, 'overdue', projectId ?? 'all', asOf ?? 'today'] as const,
  summary: () => [...collectionKeys.all, 'summary'] as const,
};

export interface OverdueFilter {
  projectId: number | null;
  /** `YYYY-MM-DD`, or null for today in India. */
  asOf: string | null;
}

/** The overdue installments a page at a time (searched on the server), with the ageing totals of all of them. */
export function useOverdue({ projectId, asOf }: OverdueFilter) {
  return usePagedList<OverdueRow, OverdueTotals>({
    queryKey: collectionKeys.overdue(projectId, asOf),
    path: '/collections/overdue',
    query: { projectId: projectId ?? undefined, asOf: asOf ?? undefined },
    pageSize: 100,
  });
}

interface OverdueSummary {
  totals: OverdueTotals;
}

/** The dashboard card's figures: the totals of today's overdue installments (one row asked for, the totals of all). */
export const overdueSummaryQueryOptions = () =>
  queryOptions({
    queryKey: collectionKeys.summary(),
    queryFn: () => api.get<OverdueSummary>('/collections/overdue', { query: { limit: 1 } }),
  });

export const useOverdueSummary = () => useQuery(overdueSummaryQueryOptions());
