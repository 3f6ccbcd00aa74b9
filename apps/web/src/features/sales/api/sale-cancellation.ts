import type { CancellationDto } from '@plotbook/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { saleKeys } from './keys';

/** A cancelled sale's cancellation: what was received, refunded (mode, detail, status), kept, and who paid it back. */
export function useSaleCancellation(saleId: number) {
  return useQuery({
    queryKey: saleKeys.cancellation(saleId),
    queryFn: () => api.get<CancellationDto>(`/sale/${saleId}/cancellation`),
  });
}

/** The refund cheque of a cancelled sale was paid on `date`: Pending → Completed; received moves, so do reports. */
export function useClearRefund(saleId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => api.post<CancellationDto>(`/sale/${saleId}/refund/clear`, { date }),
    onSuccess: (saved) => {
      queryClient.setQueryData(saleKeys.cancellation(saleId), saved);
      queryClient.invalidateQueries({ queryKey: saleKeys.all });
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
