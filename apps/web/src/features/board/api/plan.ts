import type { PlanInfoDto, ProjectPlanDto } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiFile } from '@/lib/api-client';
import { auditKeys, projectKeys } from '@/lib/query-keys';

/** A project's layout plan (issue 21): its facts, its file, upload (raw body) and removal. */
export const planKeys = {
  info: (projectId: number) => [...projectKeys.one(projectId), 'plan', 'info'] as const,
  file: (projectId: number, version: string) => [...projectKeys.one(projectId), 'plan', 'file', version] as const,
};

export const planInfoQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: planKeys.info(projectId),
    queryFn: ({ signal }) => api.get<ProjectPlanDto>(`/project/${projectId}/plan/info`, { signal }),
  });

export function usePlanInfo(projectId: number) {
  return useQuery(planInfoQueryOptions(projectId));
}

/** The plan as the page uses it: an SVG's (cleaned) text, or an image's bytes as a Blob. */
export type PlanFile = { kind: 'svg'; text: string } | { kind: 'image'; blob: Blob };

export async function getPlanFile(projectId: number, signal?: AbortSignal): Promise<PlanFile> {
  const { blob } = await apiFile(`/project/${projectId}/plan`, { signal });
  if (blob.type.startsWith('image/svg+xml')) return { kind: 'svg', text: await blob.text() };
  return { kind: 'image', blob };
}

/** The plan's file; `version` (its upload time) keys it, so a replaced plan is fetched again. */
export function usePlanFile(projectId: number, version: string | null) {
  return useQuery({
    queryKey: planKeys.file(projectId, version ?? ''),
    queryFn: ({ signal }) => getPlanFile(projectId, signal),
    enabled: version !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUploadPlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.put<PlanInfoDto>(`/project/${projectId}/plan`, file, { query: { fileName: file.name.slice(0, 200) } }),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.info(projectId), { plan });
      void queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

export function useRemovePlan(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<{ message: string }>(`/project/${projectId}/plan`),
    onSuccess: () => {
      queryClient.setQueryData(planKeys.info(projectId), { plan: null });
      void queryClient.invalidateQueries({ queryKey: projectKeys.one(projectId) });
      void queryClient.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}
