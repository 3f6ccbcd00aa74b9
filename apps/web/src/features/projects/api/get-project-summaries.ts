import type { PlotSummaryDto, ProjectSummaryDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Archivable } from '@/components/archive-button';
import { api } from '@/lib/api-client';
import { projectSummaryKeys } from '@/lib/query-keys';

/**
 * View Projects' list: every project with its plot counts, without the plots (the spec's `/project/all-details`
 * sends every plot of every project at once; it stays for spec clients).
 */
export function getProjectSummaries(showArchived = false): Promise<(ProjectSummaryDto & Archivable)[]> {
  return api.get<(ProjectSummaryDto & Archivable)[]>('/project/summaries', { query: archivedQuery(showArchived) });
}

/** `?archived=include` when archived records are asked for too. */
const archivedQuery = (showArchived: boolean) => (showArchived ? { archived: 'include' } : undefined);

export function getProjectSummariesQueryOptions(showArchived = false) {
  return queryOptions({
    queryKey: showArchived ? [...projectSummaryKeys.list(), 'archived'] : projectSummaryKeys.list(),
    queryFn: () => getProjectSummaries(showArchived),
  });
}

/** Every project with its plot counts; with `showArchived`, archived projects too (with when and why). */
export function useProjectSummaries(showArchived = false) {
  return useQuery(getProjectSummariesQueryOptions(showArchived));
}

/** One project's plot lines, fetched when its card is on screen. */
export function getProjectPlotSummaries(projectId: number, showArchived = false) {
  return api.get<(PlotSummaryDto & Archivable)[]>(`/project/${projectId}/plot-summaries`, {
    query: archivedQuery(showArchived),
  });
}

export function useProjectPlotSummaries(projectId: number, enabled: boolean, showArchived = false) {
  return useQuery({
    queryKey: showArchived ? [...projectSummaryKeys.plots(projectId), 'archived'] : projectSummaryKeys.plots(projectId),
    queryFn: () => getProjectPlotSummaries(projectId, showArchived),
    enabled,
  });
}
