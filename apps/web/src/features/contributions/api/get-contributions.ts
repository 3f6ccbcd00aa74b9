import type { DevelopmentDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The development rows of a project, or of one plot of it. */
export function getContributions(projectId: number, plotId: number | null): Promise<DevelopmentDto[]> {
  return api.get<DevelopmentDto[]>('/partnercontribution', { query: { projectId, plotId: plotId ?? undefined } });
}

export function getContributionsQueryOptions(projectId: number, plotId: number | null) {
  return queryOptions({
    queryKey: ['contributions', projectId, plotId ?? 'all'],
    queryFn: () => getContributions(projectId, plotId),
  });
}

export function useContributions(projectId: number | null, plotId: number | null) {
  return useQuery({ ...getContributionsQueryOptions(projectId ?? 0, plotId), enabled: projectId !== null });
}
