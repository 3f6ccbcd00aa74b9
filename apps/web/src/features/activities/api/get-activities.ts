import type { ActivityDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getActivities(projectId: number): Promise<ActivityDto[]> {
  return api.get<ActivityDto[]>('/activity/list', { query: { projectId } });
}

/** Under `['projects', id]`, so a project change or delete refreshes it too. */
export function getActivitiesQueryOptions(projectId: number) {
  return queryOptions({
    queryKey: ['projects', projectId, 'activities'],
    queryFn: () => getActivities(projectId),
  });
}

export function useActivities(projectId: number | null) {
  return useQuery({ ...getActivitiesQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
