import type { NewReceiptStatus, PaymentSavedDto, ReceiptLineInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAfterReceipt } from './invalidate';

export interface PaymentTarget {
  projectId: number;
  plotId: number;
  status: NewReceiptStatus;
}

/** One receipt with all its lines in one call: the server saves all of them or none. */
export function createPayment(
  target: PaymentTarget,
  payments: ReceiptLineInput[],
  idempotencyKey: string,
): Promise<PaymentSavedDto> {
  return api.post<PaymentSavedDto>(
    '/payment',
    { ...target, payments },
    { headers: { 'Idempotency-Key': idempotencyKey } },
  );
}

/** Saves the lines the row table hands over for the project, plot and status chosen above it. */
export function useCreatePayment(target: PaymentTarget | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, idempotencyKey }: { rows: ReceiptLineInput[]; idempotencyKey: string }) => {
      if (!target) return Promise.reject(new Error('Please select Project, Plot and Status.'));
      return createPayment(target, rows, idempotencyKey);
    },
    onSettled: () => {
      if (target) invalidateAfterReceipt(queryClient, target.projectId, target.plotId);
    },
  });
}
