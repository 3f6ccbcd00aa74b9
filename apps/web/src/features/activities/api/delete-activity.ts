import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { activityKeys } from './keys';

export function deleteActivity(id: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/activity/${id}`);
}

export function useDeleteActivity(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: activityKeys.list(projectId) }),
  });
}
