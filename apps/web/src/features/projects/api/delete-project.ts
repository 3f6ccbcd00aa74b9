import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { projectKeys } from '@/lib/query-keys';
import { invalidateProjects } from './invalidate-projects';

/** The server refuses (409) a project that has purchases, development, sales or receipts recorded. */
export function deleteProject(projectId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/project/${projectId}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: (_, projectId) => {
      queryClient.removeQueries({ queryKey: projectKeys.one(projectId) });
      // Not awaited: the caller's onSuccess (its message) must run while the deleted project's card is still
      // mounted; the refreshed list that removes the card arrives after.
      void invalidateProjects(queryClient);
    },
  });
}
