import type { PurchaseRowInput, SavedRows } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';
import { purchaseKeys } from './keys';

/** All rows in one call: the server saves all of them or none. */
export function createPurchases(rows: PurchaseRowInput[], idempotencyKey: string): Promise<SavedRows> {
  return api.post<SavedRows>('/purchase', rows, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePurchases() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, idempotencyKey }: { rows: PurchaseRowInput[]; idempotencyKey: string }) =>
      createPurchases(rows, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: purchaseKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
