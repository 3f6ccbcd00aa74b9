import type { ReceiptDto } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterReceipt } from './invalidate';

export interface LineEdit {
  receipt: ReceiptDto;
  lineId: number;
  amount: number;
  /** Needed when the receipt was recorded before today (400 `fields.reason` otherwise). */
  reason?: string;
}

/** Changes the amount of a Pending receipt's line (`PUT /api/payment/line/{lineId}`). */
export function editReceiptLine({ lineId, amount, reason }: LineEdit) {
  return api.put<{ message: string }>(`/payment/line/${lineId}`, { amount, reason: reason || undefined });
}

/** Voids a receipt's line (`POST /api/payment/line/{lineId}/void`): it stays, struck through, out of every total. */
export function voidReceiptLine({ lineId, reason }: { receipt: ReceiptDto; lineId: number; reason: string }) {
  return api.post<{ message: string }>(`/payment/line/${lineId}/void`, { reason });
}

export function useEditReceiptLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editReceiptLine,
    onSuccess: (_data, { receipt }) => invalidateAfterReceipt(queryClient, receipt.projectId, receipt.plotId),
  });
}

export function useVoidReceiptLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidReceiptLine,
    onSuccess: (_data, { receipt }) => invalidateAfterReceipt(queryClient, receipt.projectId, receipt.plotId),
  });
}
