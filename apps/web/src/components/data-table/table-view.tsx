import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { alignOf, renderCell } from './cells';
import classes from './data-table.module.css';
import type { DataColumn, FooterRow, SortState } from './types';

interface TableViewProps<T> {
  rows: T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  footerRows: FooterRow[];
  sort: SortState | null;
  onSort: (key: string) => void;
  isRowActive?: (row: T) => boolean;
  minWidth: number;
}

function SortIcon({ direction }: { direction: SortState['direction'] | null }) {
  if (direction === 'asc') return <IconArrowUp size={12} aria-hidden className={classes.sortIcon} />;
  if (direction === 'desc') return <IconArrowDown size={12} aria-hidden className={classes.sortIcon} />;
  return <IconArrowsSort size={12} aria-hidden className={classes.idleSortIcon} />;
}

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
                  {column.isSortable === false ? (
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
              <Table.Tr key={rowKey(row)} data-active={isRowActive?.(row) || undefined}>
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={alignOf(column)} data-kind={column.kind}>
                    {renderCell(column, row)}
                  </Table.Td>
                ))}
              </Table.Tr>
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
