import type { DevelopmentDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import type { Voidable } from '@/components/voided';
import { contributionKeys } from '@/lib/query-keys';

/** A development row; with "Show voided", voided rows come too, with who voided them and why. */
export type ContributionRow = DevelopmentDto & Voidable;

/** The development rows of a project, or of one plot of it, a page at a time and searched on the server. */
export function useContributions(projectId: number | null, plotId: number | null, showVoided = false) {
  const key = contributionKeys.list(projectId ?? 0, plotId);
  return usePagedList<ContributionRow>({
    queryKey: showVoided ? [...key, 'voided'] : key,
    path: '/partnercontribution',
    query: { projectId: projectId ?? 0, plotId: plotId ?? undefined, voided: showVoided ? 'include' : undefined },
    enabled: projectId !== null,
  });
}
