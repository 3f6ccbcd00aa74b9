import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partnerPaymentKeys } from './keys';

/** Voids a payout (`POST /api/partner-payout/{id}/void`): it stays, struck through, and the partner is due it again. */
export function voidPayout({ payoutId, reason }: { payoutId: number; reason: string }) {
  return api.post<{ message: string }>(`/partner-payout/${payoutId}/void`, { reason });
}

export function useVoidPayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPayout,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: partnerPaymentKeys.all }),
  });
}
