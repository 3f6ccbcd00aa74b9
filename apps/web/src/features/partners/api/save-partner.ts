import type { PartnerInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePartners } from './invalidate-partners';

export interface SavePartnerResponse {
  partnerId: number;
  message: string;
}

/**
 * Creates a partner (`partnerId` null) or replaces one with its project shares. A creation sends the form's
 * `Idempotency-Key`: a retried or doubled request adds the partner once.
 */
export function savePartner(
  input: PartnerInput,
  partnerId: number | null,
  idempotencyKey: string,
): Promise<SavePartnerResponse> {
  return partnerId === null
    ? api.post<SavePartnerResponse>('/partner', input, { headers: { 'Idempotency-Key': idempotencyKey } })
    : api.put<SavePartnerResponse>(`/partner/${partnerId}`, input);
}

export function useSavePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      partnerId,
      idempotencyKey,
    }: {
      input: PartnerInput;
      partnerId: number | null;
      idempotencyKey: string;
    }) => savePartner(input, partnerId, idempotencyKey),
    onSuccess: () => invalidatePartners(queryClient),
  });
}
