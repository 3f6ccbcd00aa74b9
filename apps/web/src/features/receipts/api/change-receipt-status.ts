import type { PaymentSavedDto, ReceiptDto } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '@/lib/api-client';
import { invalidateAfterReceipt } from './invalidate';

export type ReceiptStatusChange = 'Completed' | 'Cancelled';

/** Clears (Completed) or bounces (Cancelled) a Pending receipt. */
export function changeReceiptStatus(receiptId: number, status: ReceiptStatusChange): Promise<PaymentSavedDto> {
  return api.put<PaymentSavedDto>(
    `/payment/${receiptId}/status`,
    { status },
    { headers: { 'Idempotency-Key': newIdempotencyKey() } },
  );
}

export function useChangeReceiptStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ receipt, status }: { receipt: ReceiptDto; status: ReceiptStatusChange }) =>
      changeReceiptStatus(receipt.receiptId, status),
    onSettled: (_data, _error, { receipt }) => invalidateAfterReceipt(queryClient, receipt.projectId, receipt.plotId),
  });
}
