import type { TdsPendingRowDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { summaryKeys } from '@/lib/query-keys';

/** "TDS certificates pending" of a project (s.194-IA): under the reports' key, so any saved receipt refreshes it. */
export const tdsPendingQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: [...summaryKeys.reports, 'tds-pending', projectId] as const,
    queryFn: () => api.get<TdsPendingRowDto[]>(`/report/tds-pending?projectId=${projectId}`),
  });

export function useTdsPending(projectId: number | null) {
  return useQuery({ ...tdsPendingQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
