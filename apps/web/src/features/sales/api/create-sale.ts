import type { CreateSaleInput, SaleSavedDto } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { saleKeys } from './keys';

/** The sale and its EMI schedule in one call: the server saves both or neither. */
export function createSale(input: CreateSaleInput, idempotencyKey: string): Promise<SaleSavedDto> {
  return api.post<SaleSavedDto>('/sale', input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

export function useCreateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: CreateSaleInput; idempotencyKey: string }) =>
      createSale(input, idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: saleKeys.all });
      // The plot is sold now: every plot list and the dashboard's revenue change.
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
