import type { DevelopmentDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { contributionKeys } from '@/lib/query-keys';

/** The development rows of a project, or of one plot of it, a page at a time and searched on the server. */
export function useContributions(projectId: number | null, plotId: number | null) {
  return usePagedList<DevelopmentDto>({
    queryKey: contributionKeys.list(projectId ?? 0, plotId),
    path: '/partnercontribution',
    query: { projectId: projectId ?? 0, plotId: plotId ?? undefined },
    enabled: projectId !== null,
  });
}
