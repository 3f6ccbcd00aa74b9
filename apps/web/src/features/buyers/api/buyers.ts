import type { BuyerDetailDto, BuyerDto, BuyerInput, BuyerListRowDto } from '@plotbook/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePagedList } from '@/components/data-table';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';

/** Every buyer, a page at a time, searched on the server (name or mobile). */
export function useBuyers() {
  return usePagedList<BuyerListRowDto>({ queryKey: buyerKeys.list(), path: '/buyer' });
}

export const getBuyerQueryOptions = (buyerId: number) =>
  queryOptions({ queryKey: buyerKeys.one(buyerId), queryFn: () => api.get<BuyerDetailDto>(`/buyer/${buyerId}`) });

export function useBuyer(buyerId: number) {
  return useQuery(getBuyerQueryOptions(buyerId));
}

export type SavedBuyer = BuyerDto & { message: string };

/** A new buyer (POST, 201) or an edit of one (PUT); the buyers' lists and pages and the sales listings refresh. */
export function useSaveBuyer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      buyerId,
      input,
      idempotencyKey,
    }: {
      buyerId: number | null;
      input: BuyerInput;
      idempotencyKey: string;
    }) =>
      buyerId === null
        ? api.post<SavedBuyer>('/buyer', input, { headers: { 'Idempotency-Key': idempotencyKey } })
        : api.put<SavedBuyer>(`/buyer/${buyerId}`, input),
    onSuccess: () => {
      queryClient.invalidateQueries({ queryKey: buyerKeys.all });
      // saleKeys.all (features/sales/api/keys.ts): the sales listing shows the buyer's name and mobile.
      queryClient.invalidateQueries({ queryKey: ['sales'] });
    },
  });
}
