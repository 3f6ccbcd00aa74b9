import type { QueryClient } from '@tanstack/react-query';

/** A project change shows in every project list, plot select and the dashboard. */
export function invalidateProjects(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['projects'] }),
    queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
  ]);
}
