import type { HoldDto, HoldPayload } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';
import { boardKeys } from './keys';

/** `POST /api/plot/{plotId}/hold`: holds the plot for a buyer for 1–30 days (409 when sold or held by anyone). */
export function holdPlot(plotId: number, hold: HoldPayload, idempotencyKey: string): Promise<HoldDto> {
  return api.post<HoldDto>(`/plot/${plotId}/hold`, hold, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** `DELETE /api/plot/{plotId}/hold`: the holder or a tenant admin ends the hold. */
export function releaseHold(plotId: number): Promise<unknown> {
  return api.delete(`/plot/${plotId}/hold`);
}

export function useHoldPlot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ plotId, hold, idempotencyKey }: { plotId: number; hold: HoldPayload; idempotencyKey: string }) =>
      holdPlot(plotId, hold, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: boardKeys.all });
      // A hold for a new name and mobile makes a buyer.
      queryClient.invalidateQueries({ queryKey: buyerKeys.all });
    },
  });
}

export function useReleaseHold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plotId: number) => releaseHold(plotId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boardKeys.all }),
  });
}
