import { Box, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { CardView } from './card-view';
import classes from './data-table.module.css';
import { filterRows, nextSort, sortRows } from './table-logic';
import { TableView } from './table-view';
import type { DataColumn, DataTableView, FooterRow, SortState } from './types';

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
  /** Shown when there are no rows at all; a search that matches nothing shows "No records found". */
  emptyMessage?: ReactNode;
  /** Extra controls next to the search box, given the visible rows (the place for an export button). */
  toolbar?: (view: DataTableView<T>) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  initialSort?: SortState;
  /** Marks a row (e.g. the one being edited). */
  isRowActive?: (row: T) => boolean;
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
}: DataTableProps<T>) {
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<SortState | null>(initialSort ?? null);
  const { ref, width } = useElementSize();
  const isCards = width > 0 && width < CARD_BREAKPOINT;

  const visibleRows = useMemo(
    () => sortRows(filterRows(rows, columns, query, searchKeys), columns, sort),
    [rows, columns, query, searchKeys, sort],
  );
  const footerRows = useMemo(() => (footer ? footer(visibleRows) : []), [footer, visibleRows]);
  const view = { rows: visibleRows, columns, rowKey, footerRows, sort, isRowActive };

  return (
    <Card padding={0} ref={ref}>
      <Group justify="space-between" gap="sm" p="md" wrap="wrap">
        {title ? (
          <Title order={2} fz="lg">
            {title}
          </Title>
        ) : null}
        <Group gap="sm" wrap="nowrap" className={classes.tools}>
          <TextInput
            type="search"
            placeholder="Search..."
            aria-label="Search"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={query}
            onChange={(e) => setQuery(e.currentTarget.value)}
            className={classes.search}
          />
          {toolbar?.({ visibleRows, columns, footerRows })}
        </Group>
      </Group>

      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" p="xl" role="status">
          {emptyMessage}
        </Text>
      ) : isCards ? (
        <CardView {...view} onSortChange={setSort} />
      ) : (
        <TableView {...view} onSort={(key) => setSort(nextSort(sort, key))} minWidth={minWidth} />
      )}
      {rows.length > 0 ? (
        <Box px="md" py="xs" className={classes.count}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {visibleRows.length === rows.length
              ? `${rows.length} ${rows.length === 1 ? 'record' : 'records'}`
              : `${visibleRows.length} of ${rows.length} records`}
          </Text>
        </Box>
      ) : null}
    </Card>
  );
}
