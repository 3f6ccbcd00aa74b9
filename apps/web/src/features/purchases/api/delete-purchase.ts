import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { purchaseKeys } from './keys';

/** Voids a purchase entry (`DELETE /api/purchase/{id}` with the reason): it stays, struck through, out of every total. */
export function voidPurchase({ plotPurchaseId, reason }: { plotPurchaseId: number; reason: string }) {
  return api.delete<{ message: string }>(`/purchase/${plotPurchaseId}`, { body: { reason } });
}

export function useVoidPurchase() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidPurchase,
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
