import { useDebouncedValue } from '@mantine/hooks';
import { MAX_PAGE_LIMIT } from '@plotbook/domain';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { apiPage } from '@/lib/api-client';
import type { DataTablePaging } from './types';

export interface PagedListOptions {
  /** The list's query key; mutations invalidate it (or a prefix of it) as before. The search is added to it. */
  queryKey: readonly unknown[];
  /** The API path of a paged list (`?limit=&cursor=&q=`). */
  path: string;
  /** The list's own filters, e.g. `{ projectId }`. */
  query?: Record<string, string | number | undefined>;
  enabled?: boolean;
  pageSize?: number;
}

/**
 * The infinite query of a paged list searched for `q` ('' = no search): the hook below uses it, and a route's
 * loader prefetches the first page with it (same key, same fetcher) before the screen's code has loaded.
 */
export function pagedListQueryOptions<T>(
  { queryKey, path, query, pageSize = MAX_PAGE_LIMIT }: PagedListOptions,
  q = '',
) {
  return infiniteQueryOptions({
    queryKey: [...queryKey, { q }],
    queryFn: ({ pageParam, signal }) =>
      apiPage<T>(path, { query: { ...query, limit: pageSize, cursor: pageParam ?? undefined, q }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/**
 * A server-paged list (docs/design.md §8) for any table: pages are fetched as the user scrolls or asks for more, the
 * search runs on the server (so it finds rows not yet loaded), and totals come from the server's SQL.
 * `paging` plugs straight into `<DataTable paging={…}>`.
 */
export function usePagedList<T, Totals = unknown>(options: PagedListOptions) {
  const { queryKey, enabled = true } = options;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const listKey = JSON.stringify(queryKey);
  const list = useInfiniteQuery({
    ...pagedListQueryOptions<T>(options, debounced),
    // While a new search of the same list runs, the table keeps showing the last answer instead of a loader;
    // another list (another project or plot) never shows the old one's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery && JSON.stringify(previousQuery.queryKey.slice(0, -1)) === listKey
        ? keepPreviousData(previous)
        : undefined,
    enabled,
  });
  const pages = list.data?.pages;
  const rows = useMemo(() => pages?.flatMap((page) => page.rows) ?? [], [pages]);
  // Every page carries the totals of the whole list; the newest page has the freshest.
  const last = pages?.[pages.length - 1];
  const isSearching = debounced !== '';

  const paging: DataTablePaging = {
    search,
    onSearchChange: setSearch,
    isSearching,
    totalCount: last?.totalCount ?? 0,
    unfilteredCount: isSearching ? (last?.unfilteredCount ?? null) : (last?.totalCount ?? null),
    hasMore: list.hasNextPage,
    isLoadingMore: list.isFetchingNextPage,
    loadMore: () => {
      if (list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
    },
    loadMoreError: list.isFetchNextPageError ? (list.error?.message ?? 'unknown error') : null,
  };

  return {
    rows,
    paging,
    totalAmount: last?.totalAmount ?? 0,
    /** A paged report's total row (`{ data, totals }` answers), from the newest page; null before the first. */
    totals: (last?.totals ?? null) as Totals | null,
    /** Loads the list again from its first page (a Retry after a failed load). */
    refetch: list.refetch,
    /** Nothing to show yet (first load). */
    isPending: list.isPending,
    /** The list could not be loaded (a failed next page keeps the rows shown; see paging.loadMoreError). */
    isError: list.isError && !list.isFetchNextPageError,
    error: list.error,
    /** No rows at all in the list (not just none matching a search). */
    isEmpty: !list.isPending && !isSearching && (last?.totalCount ?? 0) === 0,
  };
}
