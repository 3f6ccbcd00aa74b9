import type { PlotSummaryDto, ProjectSummaryDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectSummaryKeys } from '@/lib/query-keys';

/**
 * View Projects' list: every project with its plot counts, without the plots (the spec's `/project/all-details`
 * sends every plot of every project at once; it stays for spec clients).
 */
export function getProjectSummaries(): Promise<ProjectSummaryDto[]> {
  return api.get<ProjectSummaryDto[]>('/project/summaries');
}

export function getProjectSummariesQueryOptions() {
  return queryOptions({ queryKey: projectSummaryKeys.list(), queryFn: getProjectSummaries });
}

export function useProjectSummaries() {
  return useQuery(getProjectSummariesQueryOptions());
}

/** One project's plot lines, fetched when its card is on screen. */
export function getProjectPlotSummaries(projectId: number): Promise<PlotSummaryDto[]> {
  return api.get<PlotSummaryDto[]>(`/project/${projectId}/plot-summaries`);
}

export function useProjectPlotSummaries(projectId: number, enabled: boolean) {
  return useQuery({
    queryKey: projectSummaryKeys.plots(projectId),
    queryFn: () => getProjectPlotSummaries(projectId),
    enabled,
  });
}
