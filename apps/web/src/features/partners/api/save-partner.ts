import type { PartnerInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidatePartners } from './invalidate-partners';

export interface SavePartnerResponse {
  partnerId: number;
  message: string;
}

/** Creates a partner (`partnerId` null) or replaces one with its project shares. */
export function savePartner(input: PartnerInput, partnerId: number | null): Promise<SavePartnerResponse> {
  return partnerId === null
    ? api.post<SavePartnerResponse>('/partner', input)
    : api.put<SavePartnerResponse>(`/partner/${partnerId}`, input);
}

export function useSavePartner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, partnerId }: { input: PartnerInput; partnerId: number | null }) =>
      savePartner(input, partnerId),
    onSuccess: () => invalidatePartners(queryClient),
  });
}
