import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertTriangle, IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId } from 'react';
import { LeaveGuard } from '../leave-guard';
import { Money } from '../money';
import { RowCell } from './row-cell';
import { missingKeys, sumMoney } from './row-logic';
import classes from './row-table.module.css';
import type { RowValues } from './types';
import type { RowTableState } from './use-row-table';

export interface RowTableProps<R extends RowValues> {
  table: RowTableState<R>;
  /** The money column summed in the total row. */
  totalKey?: keyof R & string;
  onSave: () => void;
  isSaving: boolean;
  saveLabel?: string;
  /** The result of the last save (success or error), shown above the buttons. */
  alert?: ReactNode;
  /** Extra buttons next to Save All (e.g. a link to the list). */
  actions?: ReactNode;
}

const DELETE_COLUMN_WIDTH = 52;
const NUMBER_COLUMN_WIDTH = 44;

/**
 * Editable money rows (purchase, development, receipt lines): Add Row only when the last row is complete,
 * deleting the only row leaves a blank one, a total row, and Save All. A table on wide screens, one card per
 * row where the table does not fit. Keyboard: Tab walks the cells, Enter in the last cell adds a row, Ctrl+Enter saves.
 */
export function RowTable<R extends RowValues>({
  table,
  totalKey,
  onSave,
  isSaving,
  saveLabel = 'Save All',
  alert,
  actions,
}: RowTableProps<R>) {
  const prefix = useId().replace(/:/g, '');
  const { ref: containerRef, width } = useElementSize();
  const { columns, rows, rowKeys } = table;
  const cellId = (rowIndex: number, key: string) => `${prefix}-r${rowIndex}-${key}`;
  const focusCell = (rowIndex: number, key: string | undefined) => {
    if (key) document.getElementById(cellId(rowIndex, key))?.focus();
  };

  // The first cell of a row that Add Row just created takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per Add Row request
  useEffect(() => {
    if (table.focusRequest) focusCell(table.focusRequest.rowIndex, columns[0]?.key);
  }, [table.focusRequest]);

  const addRow = () => {
    if (table.addRow()) return;
    const lastIndex = rows.length - 1;
    const last = rows[lastIndex];
    if (last) focusCell(lastIndex, missingKeys(columns, last)[0]);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || event.defaultPrevented || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      if (!isSaving) onSave();
      return;
    }
    const cell = (event.target as HTMLElement).closest('[data-cell]');
    if (cell?.getAttribute('data-cell') === `${rows.length - 1}:last`) {
      event.preventDefault();
      addRow();
    }
  };

  const lastColumn = columns.length - 1;
  const renderCell = (row: R, rowIndex: number, columnIndex: number, showLabel: boolean) => {
    const column = columns[columnIndex];
    if (!column) return null;
    return (
      <RowCell
        column={column}
        row={row}
        rowIndex={rowIndex}
        id={cellId(rowIndex, column.key)}
        hasError={table.hasError(rowIndex, column.key)}
        showLabel={showLabel}
        onChange={(value) => table.update(rowIndex, column.key, value)}
      />
    );
  };
  const cellMarker = (rowIndex: number, columnIndex: number) =>
    columnIndex === lastColumn ? `${rowIndex}:last` : `${rowIndex}:${columnIndex}`;

  const deleteButton = (rowIndex: number) => (
    <Tooltip label="Delete row" openDelay={400}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={`Delete row ${rowIndex + 1}`}
        onClick={() => table.removeRow(rowIndex)}
        disabled={isSaving}
      >
        <IconTrash size={18} />
      </ActionIcon>
    </Tooltip>
  );

  const total = totalKey ? sumMoney(rows, totalKey) : null;
  const tableWidth =
    NUMBER_COLUMN_WIDTH + DELETE_COLUMN_WIDTH + columns.reduce((sum, column) => sum + (column.width ?? 150), 0);
  // Where the whole table does not fit (phones, and laptops with the sidebar), each row becomes a card with its
  // fields in a grid, so nothing scrolls sideways while typing.
  const isCards = width < tableWidth;
  const cardColumns = width >= 860 ? 4 : width >= 560 ? 3 : 2;
  const isNarrow = width > 0 && width < 560;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Enter is handled for the inputs inside
    <div ref={containerRef} onKeyDown={handleKeyDown}>
      <LeaveGuard when={table.isDirty && !isSaving} />
      <Stack gap="md">
        {isCards ? (
          <Stack gap="sm">
            {rows.map((row, rowIndex) => (
              <Paper
                key={rowKeys[rowIndex]}
                withBorder
                p="sm"
                className={classes.card}
                aria-label={`Row ${rowIndex + 1}`}
              >
                <Group justify="space-between" mb="xs">
                  <Text fw={700} size="sm">
                    Row {rowIndex + 1}
                  </Text>
                  {deleteButton(rowIndex)}
                </Group>
                <SimpleGrid cols={cardColumns} spacing="xs" verticalSpacing="xs">
                  {columns.map((column, columnIndex) => (
                    <div key={column.key} data-cell={cellMarker(rowIndex, columnIndex)} className={classes.cardField}>
                      {renderCell(row, rowIndex, columnIndex, true)}
                    </div>
                  ))}
                </SimpleGrid>
              </Paper>
            ))}
            {total !== null ? (
              <Group justify="space-between" px="sm" className={classes.cardTotal}>
                <Text fw={700}>Total</Text>
                <Text fw={700} data-testid="row-table-total">
                  <Money value={total} />
                </Text>
              </Group>
            ) : null}
          </Stack>
        ) : (
          <Table.ScrollContainer minWidth={tableWidth} type="native">
            <Table verticalSpacing={6} horizontalSpacing={6} className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={NUMBER_COLUMN_WIDTH}>#</Table.Th>
                  {columns.map((column) => (
                    <Table.Th key={column.key} w={column.width ?? 150}>
                      {column.label}
                      {column.isRequired ? (
                        <Text span c="red" aria-hidden>
                          {' '}
                          *
                        </Text>
                      ) : null}
                    </Table.Th>
                  ))}
                  <Table.Th w={DELETE_COLUMN_WIDTH}>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row, rowIndex) => (
                  <Table.Tr key={rowKeys[rowIndex]}>
                    <Table.Td c="dimmed">{rowIndex + 1}</Table.Td>
                    {columns.map((column, columnIndex) => (
                      <Table.Td key={column.key} data-cell={cellMarker(rowIndex, columnIndex)}>
                        {renderCell(row, rowIndex, columnIndex, false)}
                      </Table.Td>
                    ))}
                    <Table.Td>{deleteButton(rowIndex)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              {total !== null ? (
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Td />
                    {columns.map((column, columnIndex) => (
                      <Table.Td key={column.key} ta={column.key === totalKey ? 'right' : undefined}>
                        {column.key === totalKey ? (
                          <span data-testid="row-table-total">
                            <Money value={total} />
                          </span>
                        ) : columnIndex === 0 ? (
                          'Total'
                        ) : null}
                      </Table.Td>
                    ))}
                    <Table.Td />
                  </Table.Tr>
                </Table.Tfoot>
              ) : null}
            </Table>
          </Table.ScrollContainer>
        )}

        {table.notice ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" py="xs">
            {table.notice}
          </Alert>
        ) : null}
        {alert}

        <Group justify="space-between" gap="sm">
          <Group gap="sm">
            <Button variant="light" leftSection={<IconPlus size={18} />} onClick={addRow} disabled={isSaving}>
              Add Row
            </Button>
            {actions}
          </Group>
          <Button
            leftSection={<IconDeviceFloppy size={18} />}
            onClick={onSave}
            loading={isSaving}
            disabled={isSaving}
            fullWidth={isNarrow}
          >
            {saveLabel}
          </Button>
        </Group>
        {isNarrow ? null : (
          <Text size="xs" c="dimmed">
            Tab moves between cells · Enter in the last cell adds a row · Ctrl+Enter saves
          </Text>
        )}
      </Stack>
    </div>
  );
}
