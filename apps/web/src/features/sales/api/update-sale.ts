import type { SaleSavedDto, UpdateSaleInput } from '@plotbook/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { saleKeys } from './keys';

/** Corrects a sale (PUT /api/sale/{saleId}, `reason` required); the server rebuilds its schedule. */
export function updateSale(saleId: number, input: UpdateSaleInput): Promise<SaleSavedDto> {
  return api.put<SaleSavedDto>(`/sale/${saleId}`, input);
}

export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ saleId, input }: { saleId: number; input: UpdateSaleInput }) => updateSale(saleId, input),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: saleKeys.all });
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
