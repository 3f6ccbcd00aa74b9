import type { PurchaseDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { purchaseKeys } from './keys';

/** A project's purchases, a page at a time, searched on the server, with the SQL total of the whole list. */
export function usePurchases(projectId: number | null) {
  return usePagedList<PurchaseDto>({
    queryKey: purchaseKeys.list(projectId ?? 0),
    path: `/purchase/by-project/${projectId ?? 0}`,
    enabled: projectId !== null,
  });
}
