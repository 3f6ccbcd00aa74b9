import { useQuery } from '@tanstack/react-query';
import { projectsQueryOptions } from '@/components/selects/queries';

/** The tenant's projects (GET /api/project), sharing the `projectKeys.list()` cache with every project picker. */
export function useProjects() {
  return useQuery(projectsQueryOptions());
}
