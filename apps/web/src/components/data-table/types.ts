import type { ReactNode } from 'react';

export interface DataColumn<T> {
  /** Unique per table; also the row property read when `value` is not given. */
  key: string;
  label: string;
  /** `money` cells are right-aligned and shown with Money; `date` cells as dd/mm/yyyy. */
  kind?: 'text' | 'number' | 'money' | 'date';
  /** The raw value for sorting and searching, when it is not simply `row[key]`. */
  value?: (row: T) => string | number | null | undefined;
  /** What the search matches, when it is not the raw value (e.g. a month searched as `Jan 2026`). */
  searchValue?: (row: T) => string;
  /** How the cell looks, when not the default for its kind. */
  render?: (row: T) => ReactNode;
  isSortable?: boolean;
  /** false leaves the column out of the search. */
  searchable?: boolean;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /**
   * How a `money` or `number` value is written, in the cells and in `totalFooter` (default for money:
   * `₹ 12,34,567.89`). Reports use it for the spec's whole-rupee formats.
   */
  format?: (value: number) => string;
}

/** A row's colour: Pay rows red, Receive rows green on the partner reports; a voided row struck through. */
export type RowTone = 'red' | 'green' | 'voided';

export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

/** One bold footer row: cell contents by column key (columns not named stay empty). */
export type FooterRow = Record<string, ReactNode>;

/**
 * What the table hands to its toolbar: the rows as the user sees them (searched and sorted) and the columns.
 * This is where an export button plugs in later, so the file holds exactly what is on screen.
 */
export interface DataTableView<T> {
  visibleRows: T[];
  columns: readonly DataColumn<T>[];
  footerRows: FooterRow[];
}

/**
 * A table whose rows come from the server a page at a time (see `usePagedList`): the search box searches on the
 * server, more rows load near the end of the list or with "Load more", and the counts are the server's.
 */
export interface DataTablePaging {
  search: string;
  onSearchChange: (search: string) => void;
  /** A search is applied (the rows are the matches). */
  isSearching: boolean;
  /** Rows in the whole list (after the search). */
  totalCount: number;
  /** Rows in the whole list without the search. */
  unfilteredCount: number | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore: () => void;
  /** The next page failed: the rows already shown stay, Load more tries again. */
  loadMoreError?: string | null;
}
