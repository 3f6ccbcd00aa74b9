import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { contributionKeys, dashboardKeys } from '@/lib/query-keys';

/** Voids a development entry (it stays, struck through, out of every total) with the reason given. */
export function voidContribution({ developmentId, reason }: { developmentId: number; reason: string }) {
  return api.post<{ message: string }>('/partnercontribution/delete', { developmentId, reason });
}

export function useVoidContribution() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidContribution,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: contributionKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
