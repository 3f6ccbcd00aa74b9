import type { ProjectProfileDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/lib/query-keys';

/** A project's profile, or one plot's (with the plot's allocated cost). */
export function getProjectProfile(projectId: number, plotId: number | null): Promise<ProjectProfileDto> {
  return api.get<ProjectProfileDto>('/project-profile', { query: { projectId, plotId: plotId ?? undefined } });
}

export function getProjectProfileQueryOptions(projectId: number, plotId: number | null) {
  return queryOptions({
    queryKey: profileKeys.one(projectId, plotId),
    queryFn: () => getProjectProfile(projectId, plotId),
    // Sales, receipts and costs recorded on other screens change it: fetch afresh each time it is opened.
    staleTime: 0,
  });
}

export function useProjectProfile(projectId: number | null, plotId: number | null) {
  return useQuery({ ...getProjectProfileQueryOptions(projectId ?? 0, plotId), enabled: projectId !== null });
}
