import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useVirtualRows } from '../virtual-rows';
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
  /** Render only the rows near the screen once the list is long (see useVirtualRows). */
  isVirtual?: boolean;
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
interface BodyRowProps<T> {
  row: T;
  columns: readonly DataColumn<T>[];
  isActive: boolean;
  tone?: RowTone;
  index: number;
  measureRef: (element: Element | null) => void;
}

const BodyRow = memo(function BodyRow<T>({ row, columns, isActive, tone, index, measureRef }: BodyRowProps<T>) {
  return (
    <Table.Tr data-active={isActive || undefined} data-tone={tone} data-index={index} ref={measureRef}>
      {columns.map((column) => (
        <Table.Td key={column.key} ta={alignOf(column)} data-kind={column.kind}>
          {renderCell(column, row)}
        </Table.Td>
      ))}
    </Table.Tr>
  );
}) as <T>(props: BodyRowProps<T>) => ReactNode;

/** Stands for rows not rendered; an even count of rows before a row keeps the stripes where they belong. */
function Spacer({ height, columnCount }: { height: number; columnCount: number }) {
  return (
    <Table.Tr aria-hidden className={classes.spacer}>
      <Table.Td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
    </Table.Tr>
  );
}

/** The wide-screen look of a DataTable: sortable headers, rows (only those near the screen in a long list), bold footer rows. */
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
  isVirtual = false,
}: TableViewProps<T>) {
  const virtual = useVirtualRows({
    count: rows.length,
    enabled: isVirtual,
    estimateSize: 45,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });
  const firstIndex = virtual.indexes[0] ?? 0;
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
        <Table.Tbody ref={virtual.listRef} onFocus={virtual.onFocus}>
          {virtual.before > 0 ? <Spacer height={virtual.before} columnCount={columns.length} /> : null}
          {virtual.before > 0 && firstIndex % 2 === 0 ? <Spacer height={0} columnCount={columns.length} /> : null}
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length} ta="center" c="dimmed" py="lg">
                No records found
              </Table.Td>
            </Table.Tr>
          ) : (
            virtual.indexes.map((index) => {
              const row = rows[index] as T;
              return (
                <BodyRow
                  key={rowKey(row)}
                  row={row}
                  columns={columns}
                  isActive={isRowActive?.(row) ?? false}
                  tone={rowTone?.(row)}
                  index={index}
                  measureRef={virtual.measureRef}
                />
              );
            })
          )}
          {virtual.after > 0 ? <Spacer height={virtual.after} columnCount={columns.length} /> : null}
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
