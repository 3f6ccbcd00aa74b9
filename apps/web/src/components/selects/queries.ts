import type { PlotDto, ProjectDto, ProjectPartnerDto } from '@plotbook/domain';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The lists every screen picks from. Mutations that change projects, plots or partners invalidate
 * `['projects']` (everything below it refreshes).
 */
export const projectsQueryOptions = () =>
  queryOptions({ queryKey: ['projects'], queryFn: () => api.get<ProjectDto[]>('/project'), staleTime: 30_000 });

export const projectPlotsQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['projects', projectId, 'plots'],
    queryFn: () => api.get<PlotDto[]>(`/project/${projectId}/plots`),
    staleTime: 30_000,
  });

export const projectPartnersQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: ['projects', projectId, 'partners'],
    queryFn: () => api.get<ProjectPartnerDto[]>(`/project/${projectId}/partners`),
    staleTime: 30_000,
  });
