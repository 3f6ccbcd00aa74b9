import type { ProjectInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProjects } from './invalidate-projects';

export interface SaveProjectResponse {
  projectId: number;
  message: string;
}

export function createProject(input: ProjectInput): Promise<SaveProjectResponse> {
  return api.post<SaveProjectResponse>('/project', input);
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: () => invalidateProjects(queryClient) });
}
