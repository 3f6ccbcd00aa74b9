/**
 * Response headers of a paged list (docs/design.md §8): the rows stay a JSON array, the next page's address is in
 * `Link: <…>; rel="next"`, and totals over the whole (searched) list come from SQL.
 */
export const PAGE_HEADERS = {
  /** Rows in the whole list (after `q`). */
  totalCount: 'x-total-count',
  /** Rows in the whole list without `q`; sent only when a search is given. */
  unfilteredCount: 'x-unfiltered-count',
  /** Σ amount in rupees over the whole list (after `q`), for lists with money. */
  totalAmount: 'x-total-amount',
} as const;
