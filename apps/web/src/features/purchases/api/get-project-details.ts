import type { ProjectWithPlotsDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getProjectDetails(projectId: number): Promise<ProjectWithPlotsDto> {
  return api.get<ProjectWithPlotsDto>(`/project/${projectId}`);
}

/** Under `['projects']`, so saving a project refreshes it. */
export function getProjectDetailsQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ['projects', projectId, 'details'],
    queryFn: () => getProjectDetails(projectId),
    staleTime: 30_000,
  });
}

export function useProjectDetails(projectId: number | null) {
  return useQuery({ ...getProjectDetailsQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
