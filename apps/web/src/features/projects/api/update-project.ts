import type { ProjectInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { SaveProjectResponse } from './create-project';
import { invalidateProjects } from './invalidate-projects';

/** Saves the project and its plots as sent: plots with `plotId` are updated, new ones added, missing ones removed. */
export function updateProject(projectId: number, input: ProjectInput): Promise<SaveProjectResponse> {
  return api.put<SaveProjectResponse>(`/project/${projectId}`, input);
}

export function useUpdateProject(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectInput) => updateProject(projectId, input),
    onSuccess: () => invalidateProjects(queryClient),
  });
}
