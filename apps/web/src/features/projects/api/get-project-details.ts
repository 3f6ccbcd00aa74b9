import type { ProjectDetailsDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/query-keys';

/** Every project with its plots (spec: All Project Details). */
export function getProjectDetails(): Promise<ProjectDetailsDto[]> {
  return api.get<ProjectDetailsDto[]>('/project/all-details');
}

export function getProjectDetailsQueryOptions() {
  return queryOptions({ queryKey: projectKeys.allDetails(), queryFn: getProjectDetails });
}

export function useProjectDetails() {
  return useQuery(getProjectDetailsQueryOptions());
}
