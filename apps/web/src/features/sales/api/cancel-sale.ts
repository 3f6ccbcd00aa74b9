import type { CancellationDto, CancelSaleInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { saleKeys } from './keys';

/** Cancels a sale with its refund and retained money (issue 20); one Idempotency-Key per submission. */
export function cancelSale(saleId: number, input: CancelSaleInput, idempotencyKey: string): Promise<CancellationDto> {
  return api.post<CancellationDto>(`/sale/${saleId}/cancel`, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCancelSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      saleId,
      input,
      idempotencyKey,
    }: {
      saleId: number;
      input: CancelSaleInput;
      idempotencyKey: string;
    }) => cancelSale(saleId, input, idempotencyKey),
    onSuccess: () => {
      // The plot is free again, and every money figure moves: sales, plots, reports and the dashboard.
      queryClient.invalidateQueries({ queryKey: saleKeys.all });
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
