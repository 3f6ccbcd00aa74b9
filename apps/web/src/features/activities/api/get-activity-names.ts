import type { ActivityDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

export type ActivityType = ActivityDto['activityType'];

export function getActivityNames(projectId: number, type: ActivityType): Promise<string[]> {
  return api.get<string[]>('/activity/names', { query: { projectId, type } });
}

export function getActivityNamesQueryOptions(projectId: number, type: ActivityType) {
  return queryOptions({
    queryKey: activityKeys.names(projectId, type),
    queryFn: () => getActivityNames(projectId, type),
    staleTime: 5 * 60_000,
  });
}

export function useActivityNames(projectId: number | null, type: ActivityType | null) {
  return useQuery({
    ...getActivityNamesQueryOptions(projectId ?? 0, type ?? 'PLOT_PURCHASE'),
    enabled: projectId !== null && type !== null,
  });
}
