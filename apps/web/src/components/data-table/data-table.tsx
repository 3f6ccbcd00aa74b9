import { Box, Card, Group, Loader, Text, TextInput, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { LoadError } from '../load-error';
import { CardView } from './card-view';
import classes from './data-table.module.css';
import { LoadMore } from './load-more';
import { countText, filterRows, nextSort, sortRows } from './table-logic';
import { TableView } from './table-view';
import type { DataColumn, DataTablePaging, DataTableView, FooterRow, RowTone, SortState } from './types';

/** Narrower than this (phones), rows show as cards instead of a table that scrolls sideways. */
const CARD_BREAKPOINT = 600;

export interface DataTableProps<T> {
  title?: ReactNode;
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  /** Search only these column keys (default: every column). */
  searchKeys?: readonly string[];
  /** Bold rows under the table, computed from the rows the user sees (e.g. `totalFooter`). */
  footer?: (visibleRows: T[]) => FooterRow[];
  /**
   * Shown when the rows have loaded and there are none; a search that matches nothing shows "No records found".
   * Never shown while `isLoading` or with a `loadError`: loading, empty and failed are told apart.
   */
  emptyMessage?: ReactNode;
  /** Extra controls next to the search box, given the visible rows (the place for an export button). */
  toolbar?: (view: DataTableView<T>) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  initialSort?: SortState;
  /** Marks a row (e.g. the one being edited). */
  isRowActive?: (row: T) => boolean;
  /**
   * Rows come from the server a page at a time (`usePagedList`): the search box searches on the server and more
   * rows load near the end. Columns sort the loaded rows only once every page is loaded.
   */
  paging?: DataTablePaging;
  /** What the rows are, for "Load more (500 of 2,000 records shown)". */
  noun?: string;
  /** The rows are being fetched: `loadingMessage` (default `Loading...`) stands in for the rows. */
  isLoading?: boolean;
  loadingMessage?: ReactNode;
  /** The rows could not be loaded: said in their place (the server unreachable, or its message), with Retry. */
  loadError?: unknown;
  /** What failed, e.g. `Could not load the users` (the network's failure says so instead). */
  loadErrorTitle?: string;
  onRetry?: () => void;
  /** The search box's placeholder (default `Search...`). */
  searchPlaceholder?: string;
  /** The title's heading level (default 2; 3 inside a section that has its own h2). */
  titleOrder?: 2 | 3 | 4;
  /** Colours a row (e.g. Pay red, Receive green). */
  rowTone?: (row: T) => RowTone | undefined;
}

/**
 * The one list table of the app: a title, a `Search...` box, click-to-sort headers (ascending first, then
 * descending), bold footer rows over the visible rows, and money right-aligned in ₹. On phones each row is a card.
 */
export function DataTable<T>({
  title,
  rows,
  columns,
  rowKey,
  searchKeys,
  footer,
  emptyMessage = 'No records found',
  toolbar,
  minWidth = 720,
  initialSort,
  isRowActive,
  paging,
  noun,
  isLoading = false,
  loadingMessage = 'Loading...',
  loadError = null,
  loadErrorTitle = 'Could not load the list',
  onRetry,
  searchPlaceholder = 'Search...',
  rowTone,
  titleOrder = 2,
}: DataTableProps<T>) {
  const [localQuery, setLocalQuery] = useState('');
  const [chosenSort, setSort] = useState<SortState | null>(initialSort ?? null);
  const { ref, width } = useElementSize();
  const isCards = width > 0 && width < CARD_BREAKPOINT;
  const query = paging ? paging.search : localQuery;
  const setQuery = paging ? paging.onSearchChange : setLocalQuery;
  // Sorting part of a list would mislead; until every page is here the rows stay in the server's order.
  const canSort = !paging?.hasMore;
  const sort = canSort ? chosenSort : null;

  const visibleRows = useMemo(
    () => sortRows(paging ? rows : filterRows(rows, columns, query, searchKeys), columns, sort),
    [rows, columns, query, searchKeys, sort, paging],
  );
  const footerRows = useMemo(() => (footer ? footer(visibleRows) : []), [footer, visibleRows]);
  // A long list held whole renders only the rows near the screen. A server-paged list grows a page (100 rows) at a
  // time as it is scrolled, and each page renders only its new rows (BodyRow is memoised): it keeps them all.
  const isVirtual = !paging;
  const view = { rows: visibleRows, columns, rowKey, footerRows, sort, isRowActive, canSort, rowTone, isVirtual };
  const isEmpty = paging ? !paging.isSearching && rows.length === 0 : rows.length === 0;
  const isFailed = !isLoading && loadError !== null && loadError !== undefined;

  return (
    <Card padding={0} ref={ref}>
      <Group justify="space-between" gap="sm" p="md" wrap="wrap">
        {title ? (
          <Title order={titleOrder} fz="lg">
            {title}
          </Title>
        ) : null}
        <Group gap="sm" wrap="nowrap" className={classes.tools}>
          <TextInput
            type="search"
            placeholder={searchPlaceholder}
            aria-label="Search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            className={classes.search}
          />
          {toolbar?.({ visibleRows, columns, footerRows })}
        </Group>
      </Group>

      {isLoading ? (
        <Group justify="center" gap="sm" p="xl" role="status" aria-busy="true">
          <Loader size="sm" />
          <Text c="dimmed">{loadingMessage}</Text>
        </Group>
      ) : isFailed ? (
        <Box p="md">
          <LoadError title={loadErrorTitle} error={loadError} onRetry={() => onRetry?.()} />
        </Box>
      ) : isEmpty ? (
        <Text c="dimmed" ta="center" p="xl" role="status">
          {emptyMessage}
        </Text>
      ) : isCards ? (
        <CardView {...view} onSortChange={setSort} />
      ) : (
        <TableView {...view} onSort={(key) => setSort(nextSort(sort, key))} minWidth={minWidth} />
      )}
      {paging ? <LoadMore paging={paging} loadedCount={rows.length} noun={noun} /> : null}
      {!isEmpty && !isLoading && !isFailed ? (
        <Box px="md" py="xs" className={classes.count}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {countText(visibleRows.length, rows.length, paging)}
          </Text>
        </Box>
      ) : null}
    </Card>
  );
}
