import type { PurchaseDto } from '@plotbook/domain';
import type { PagedListOptions } from '@/components/data-table/use-paged-list';
import { pagedListQueryOptions, usePagedList } from '@/components/data-table/use-paged-list';
import { purchaseKeys } from './keys';

/** The paged list of a project's purchases (`pagedListQueryOptions` turns it into the query a loader prefetches). */
export const purchasesListOptions = (projectId: number | null): PagedListOptions => ({
  queryKey: purchaseKeys.list(projectId ?? 0),
  path: `/purchase/by-project/${projectId ?? 0}`,
  enabled: projectId !== null,
});

/** The first page of a project's purchases, unsearched: what View Plot Purchases shows first. */
export const getPurchasesQueryOptions = (projectId: number) =>
  pagedListQueryOptions<PurchaseDto>(purchasesListOptions(projectId));

/** A project's purchases, a page at a time, searched on the server, with the SQL total of the whole list. */
export function usePurchases(projectId: number | null) {
  return usePagedList<PurchaseDto>(purchasesListOptions(projectId));
}
