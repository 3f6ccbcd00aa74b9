import type { BuyerDetailDto } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { buyerKeys } from '@/lib/buyer-keys';

/** `GET /buyer/{buyerId}`: the buyer a link to the sale screen names (`?buyerId=`), to fill their name and mobile. */
export function useSaleBuyer(buyerId: number | null) {
  return useQuery({
    queryKey: buyerKeys.one(buyerId ?? 0),
    queryFn: () => api.get<BuyerDetailDto>(`/buyer/${buyerId}`),
    enabled: buyerId !== null,
    retry: false,
  });
}
