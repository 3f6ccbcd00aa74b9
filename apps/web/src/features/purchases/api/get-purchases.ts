import type { PurchaseDto } from '@plotbook/domain';
import type { PagedListOptions } from '@/components/data-table/use-paged-list';
import { pagedListQueryOptions, usePagedList } from '@/components/data-table/use-paged-list';
import type { Voidable } from '@/components/voided';
import { purchaseKeys } from './keys';

/** A purchase row; with "Show voided", voided rows come too, carrying who voided them and why. */
export type PurchaseRow = PurchaseDto & Voidable;

/** The paged list of a project's purchases (`pagedListQueryOptions` turns it into the query a loader prefetches). */
export const purchasesListOptions = (projectId: number | null, showVoided = false): PagedListOptions => ({
  queryKey: showVoided ? [...purchaseKeys.list(projectId ?? 0), 'voided'] : purchaseKeys.list(projectId ?? 0),
  path: `/purchase/by-project/${projectId ?? 0}`,
  query: showVoided ? { voided: 'include' } : undefined,
  enabled: projectId !== null,
});

/** The first page of a project's purchases, unsearched: what View Plot Purchases shows first. */
export const getPurchasesQueryOptions = (projectId: number) =>
  pagedListQueryOptions<PurchaseRow>(purchasesListOptions(projectId));

/** A project's purchases, a page at a time, searched on the server, with the SQL total of the whole list. */
export function usePurchases(projectId: number | null, showVoided = false) {
  return usePagedList<PurchaseRow>(purchasesListOptions(projectId, showVoided));
}
