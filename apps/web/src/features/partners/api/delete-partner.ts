import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePartners } from './invalidate-partners';

/** The server refuses (409) a partner who has payment entries recorded. */
export function deletePartner(partnerId: number): Promise<{ message: string }> {
  return api.delete<{ message: string }>(`/partner/${partnerId}`);
}

export function useDeletePartner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deletePartner, onSuccess: () => invalidatePartners(queryClient) });
}
