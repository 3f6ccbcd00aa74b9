import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contributionKeys, dashboardKeys } from '@/lib/query-keys';

export function deleteContribution(developmentId: number): Promise<{ message: string }> {
  return api.post<{ message: string }>('/partnercontribution/delete', { developmentId });
}

export function useDeleteContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContribution,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: contributionKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
