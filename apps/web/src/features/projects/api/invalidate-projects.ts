import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';

/** A project change shows in every project list, plot select and the dashboard. */
export function invalidateProjects(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
