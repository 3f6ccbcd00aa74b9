import type { ActivityDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { activityKeys } from './keys';

/** A project's activities, a page at a time, searched on the server. */
export function useActivities(projectId: number | null) {
  return usePagedList<ActivityDto>({
    queryKey: activityKeys.list(projectId ?? 0),
    path: '/activity/list',
    query: { projectId: projectId ?? 0 },
    enabled: projectId !== null,
  });
}
