import type { ProjectInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProjects } from './invalidate-projects';

export interface SaveProjectResponse {
  projectId: number;
  message: string;
}

/** Sends the form's `Idempotency-Key`: a retried or doubled request creates the project once. */
export function createProject({
  input,
  idempotencyKey,
}: {
  input: ProjectInput;
  idempotencyKey: string;
}): Promise<SaveProjectResponse> {
  return api.post<SaveProjectResponse>('/project', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProject, onSuccess: () => invalidateProjects(queryClient) });
}
