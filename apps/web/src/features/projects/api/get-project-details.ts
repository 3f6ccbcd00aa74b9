import type { ProjectDetailsDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every project with its plots (spec: All Project Details). */
export function getProjectDetails(): Promise<ProjectDetailsDto[]> {
  return api.get<ProjectDetailsDto[]>('/project/all-details');
}

export function getProjectDetailsQueryOptions() {
  return queryOptions({ queryKey: ['projects', 'all-details'], queryFn: getProjectDetails });
}

export function useProjectDetails() {
  return useQuery(getProjectDetailsQueryOptions());
}
