import type { PlotDto, ProjectDto, ProjectPartnerDto, ProjectWithPlotsDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/query-keys';

/**
 * The project data every screen picks from or shows. Mutations that change projects, plots or partners
 * invalidate `projectKeys.all` (everything below it refreshes).
 */
export const projectsQueryOptions = (includeArchived = false) =>
  queryOptions({
    queryKey: [...projectKeys.list(), ...(includeArchived ? ['archived'] : [])],
    queryFn: () => api.get<ProjectDto[]>('/project', includeArchived ? { query: { archived: 'include' } } : undefined),
    staleTime: 30_000,
  });

/**
 * Every project, the archived ones too (`?archived=include`, each with `archivedAt`): for the screens that read
 * money already recorded (reports, lists), where an archived project's history must stay reachable.
 */
export const allProjectsQueryOptions = () => projectsQueryOptions(true);

export const projectPlotsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.plots(projectId),
    queryFn: () => api.get<PlotDto[]>(`/project/${projectId}/plots`),
    staleTime: 30_000,
  });

/** A project's partners; with `includeArchived` (the reports), the archived ones too, each with `archivedAt`. */
export const projectPartnersQueryOptions = (projectId: number, includeArchived = false) =>
  queryOptions({
    queryKey: [...projectKeys.partners(projectId), ...(includeArchived ? ['archived'] : [])],
    queryFn: () =>
      api.get<ProjectPartnerDto[]>(
        `/project/${projectId}/partners`,
        includeArchived ? { query: { archived: 'include' } } : undefined,
      ),
    staleTime: 30_000,
  });

/** One project with its plots (`/project/:id`): the project page, its edit form and the purchase screen's card. */
export const getProjectQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: projectKeys.detail(projectId),
    queryFn: () => api.get<ProjectWithPlotsDto>(`/project/${projectId}`),
    staleTime: 30_000,
  });

export function useProject(projectId: number | null) {
  return useQuery({ ...getProjectQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
