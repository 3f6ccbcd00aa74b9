import type { PaymentSavedDto, ReceiptDto } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { invalidateAfterReceipt } from './invalidate';

/** Reverses a Completed receipt with a reason; it stays, Reversed, and counts nowhere. */
export function reverseReceipt(receiptId: number, reason: string, idempotencyKey: string): Promise<PaymentSavedDto> {
  return api.post<PaymentSavedDto>(
    `/payment/${receiptId}/reverse`,
    { reason },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

export function useReverseReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ receipt, reason }: { receipt: ReceiptDto; reason: string }) =>
      reverseReceipt(receipt.receiptId, reason, newIdempotencyKey()),
    onSettled: (_data, _error, { receipt }) => invalidateAfterReceipt(queryClient, receipt.projectId, receipt.plotId),
  });
}
