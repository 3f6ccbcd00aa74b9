import type { PayoutInput, PayoutSaved } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partnerPaymentKeys } from './keys';

/** The payload, with the project it belongs to known (the screen's chosen project). */
export type PayoutRequest = PayoutInput & { projectId: number };

export function createPayout(input: PayoutRequest, idempotencyKey: string): Promise<PayoutSaved> {
  return api.post<PayoutSaved>('/partner-payout', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreatePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: PayoutRequest; idempotencyKey: string }) =>
      createPayout(input, idempotencyKey),
    // The partner's received and due, and the payouts list, change.
    onSuccess: (_saved, { input }) =>
      queryClient.invalidateQueries({ queryKey: partnerPaymentKeys.project(input.projectId) }),
  });
}
