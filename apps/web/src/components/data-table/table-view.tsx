import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { alignOf, renderCell } from './cells';
import classes from './data-table.module.css';
import type { DataColumn, FooterRow, RowTone, SortState } from './types';

interface TableViewProps<T> {
  rows: T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  footerRows: FooterRow[];
  sort: SortState | null;
  onSort: (key: string) => void;
  isRowActive?: (row: T) => boolean;
  minWidth: number;
  /** false while a paged list has more pages: headers are plain labels (the columns stay the same objects). */
  canSort: boolean;
  rowTone?: (row: T) => RowTone | undefined;
}

function SortIcon({ direction }: { direction: SortState['direction'] | null }) {
  if (direction === 'asc') return <IconArrowUp size={12} aria-hidden className={classes.sortIcon} />;
  if (direction === 'desc') return <IconArrowDown size={12} aria-hidden className={classes.sortIcon} />;
  return <IconArrowsSort size={12} aria-hidden className={classes.idleSortIcon} />;
}

/**
 * One body row. Memoised on the row object, the columns and whether it is active, so loading another page renders
 * only the new rows (a paged list may hold thousands). Tables whose cells depend on other state pass new columns.
 */
const BodyRow = memo(function BodyRow<T>({
  row,
  columns,
  isActive,
  tone,
}: {
  row: T;
  columns: readonly DataColumn<T>[];
  isActive: boolean;
  tone?: RowTone;
}) {
  return (
    <Table.Tr data-active={isActive || undefined} data-tone={tone}>
      {columns.map((column) => (
        <Table.Td key={column.key} ta={alignOf(column)} data-kind={column.kind}>
          {renderCell(column, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}) as <T>(props: { row: T; columns: readonly DataColumn<T>[]; isActive: boolean; tone?: RowTone }) => ReactNode;

/** The wide-screen look of a DataTable: sortable headers, rows, bold footer rows. */
export function TableView<T>({
  rows,
  columns,
  rowKey,
  footerRows,
  sort,
  onSort,
  isRowActive,
  minWidth,
  canSort,
  rowTone,
}: TableViewProps<T>) {
  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={8} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const direction = sort?.key === column.key ? sort.direction : null;
              const align = alignOf(column);
              return (
                <Table.Th
                  key={column.key}
                  ta={align}
                  w={column.width}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {column.isSortable === false || !canSort ? (
                    column.label
                  ) : (
                    <UnstyledButton
                      className={classes.sortButton}
                      onClick={() => onSort(column.key)}
                      data-align={align}
                    >
                      {column.label}
                      <SortIcon direction={direction} />
                    </UnstyledButton>
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length} ta="center" c="dimmed" py="lg">
                No records found
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <BodyRow
                key={rowKey(row)}
                row={row}
                columns={columns}
                isActive={isRowActive?.(row) ?? false}
                tone={rowTone?.(row)}
              />
            ))
          )}
        </Table.Tbody>
        {footerRows.length > 0 ? (
          <Table.Tfoot>
            {footerRows.map((footerRow, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: footer rows have no identity of their own
              <Table.Tr key={index} className={classes.footerRow}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={alignOf(column)} data-kind={column.kind}>
                    {footerRow[column.key] ?? null}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
