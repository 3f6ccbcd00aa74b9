import type { ProjectWithPlotsDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getProject(projectId: number): Promise<ProjectWithPlotsDto> {
  return api.get<ProjectWithPlotsDto>(`/project/${projectId}`);
}

export function getProjectQueryOptions(projectId: number) {
  return queryOptions({ queryKey: ['projects', projectId, 'detail'], queryFn: () => getProject(projectId) });
}

export function useProject(projectId: number | null) {
  return useQuery({ ...getProjectQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
