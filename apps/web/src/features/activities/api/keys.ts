import type { ActivityDto } from '@plotbook/domain';
import { projectKeys } from '@/lib/query-keys';

/** A project's activities sit under the project's key, so a project change or delete refreshes them too. */
export const activityKeys = {
  list: (projectId: number) => projectKeys.activities(projectId),
  names: (projectId: number, type: ActivityDto['activityType']) => ['activity-names', projectId, type] as const,
};
