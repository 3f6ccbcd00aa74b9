import type { ProjectDto } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import type { Archivable } from '@/components/archive-button';
import { projectsQueryOptions } from '@/components/selects/queries';

export type ProjectRow = ProjectDto & Archivable;

/**
 * The tenant's projects (GET /api/project), sharing the `projectKeys.list()` cache with every project picker; with
 * `showArchived`, the archived ones too (`?archived=include`).
 */
export function useProjects(showArchived = false) {
  return useQuery(projectsQueryOptions(showArchived));
}
