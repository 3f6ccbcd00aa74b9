import type { SaleTransferInput, SaleTransferredDto } from '@plotbook/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { saleKeys } from './keys';

/** A buyer as the transfer's buyer search lists them (GET /api/buyer?q=). */
export interface BuyerOption {
  buyerId: number;
  name: string;
  mobile: string | null;
}

/** Buyers whose name or mobile matches what is typed (the first page: enough to choose from). */
export function useBuyerSearch(q: string) {
  const text = q.trim();
  return useQuery({
    queryKey: [...buyerKeys.search(text), 'transfer'],
    queryFn: ({ signal }) =>
      api.get<BuyerOption[]>('/buyer', { query: { ...(text ? { q: text } : {}), limit: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/sale/{saleId}/transfer: the sale, its schedule, receipts and balance move to the new buyer. */
export function transferSale(saleId: number, input: SaleTransferInput, idempotencyKey: string) {
  return api.post<SaleTransferredDto>(`/sale/${saleId}/transfer`, input, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
}

export function useTransferSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { saleId: number; input: SaleTransferInput; idempotencyKey: string }) =>
      transferSale(v.saleId, v.input, v.idempotencyKey),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: saleKeys.all });
      queryClient.invalidateQueries({ queryKey: buyerKeys.all });
      queryClient.invalidateQueries({ queryKey: projectKeys.all });
      queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    },
  });
}
