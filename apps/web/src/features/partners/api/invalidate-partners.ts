import type { QueryClient } from '@tanstack/react-query';
import { getPartnersQueryOptions } from './get-partners';

/** Partners show in their list, in each project's partner select (under `['projects']`) and on the dashboard. */
export function invalidatePartners(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: getPartnersQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
