import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { partnerKeys } from './keys';

/** Partners show in their list, in each project's partner select (under `projectKeys.all`) and on the dashboard. */
export function invalidatePartners(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: partnerKeys.all }),
    queryClient.invalidateQueries({ queryKey: projectKeys.all }),
    queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
  ]);
}
