import { ActionIcon, Group, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useVirtualRows } from '../virtual-rows';
import { renderCell } from './cells';
import classes from './data-table.module.css';
import type { DataColumn, FooterRow, RowTone, SortState } from './types';

interface CardViewProps<T> {
  rows: T[];
  columns: readonly DataColumn<T>[];
  rowKey: (row: T) => string | number;
  footerRows: FooterRow[];
  sort: SortState | null;
  onSortChange: (sort: SortState | null) => void;
  isRowActive?: (row: T) => boolean;
  canSort: boolean;
  rowTone?: (row: T) => RowTone | undefined;
  /** Render only the rows near the screen once the list is long (see useVirtualRows). */
  isVirtual?: boolean;
}

/** The phone look of a DataTable: one card per row with labelled values, and a sort picker for the headers. */
export function CardView<T>({
  rows,
  columns,
  rowKey,
  footerRows,
  sort,
  onSortChange,
  isRowActive,
  canSort,
  rowTone,
  isVirtual = false,
}: CardViewProps<T>) {
  const sortable = canSort ? columns.filter((c) => c.isSortable !== false) : [];
  const fields = columns.filter((c) => c.isSortable !== false || c.searchable !== false);
  const actions = columns.filter((c) => c.isSortable === false && c.searchable === false);
  const virtual = useVirtualRows({
    count: rows.length,
    enabled: isVirtual,
    estimateSize: 40 + 48 * Math.ceil(fields.length / 2) + (actions.length > 0 ? 40 : 0),
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });

  return (
    <Stack gap="sm" px="sm" pb="sm">
      <Group gap="xs" wrap="nowrap">
        <Select
          aria-label="Sort by"
          placeholder="Sort by"
          data={sortable.map((c) => ({ value: c.key, label: `Sort by ${c.label}` }))}
          value={sort?.key ?? null}
          onChange={(key) => onSortChange(key ? { key, direction: sort?.direction ?? 'asc' } : null)}
          clearable
          size="sm"
          style={{ flex: 1 }}
        />
        <ActionIcon
          variant="default"
          size="lg"
          disabled={!sort}
          aria-label={sort?.direction === 'desc' ? 'Sorted descending' : 'Sorted ascending'}
          onClick={() => sort && onSortChange({ key: sort.key, direction: sort.direction === 'asc' ? 'desc' : 'asc' })}
        >
          {sort?.direction === 'desc' ? <IconSortDescending size={18} /> : <IconSortAscending size={18} />}
        </ActionIcon>
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No records found
        </Text>
      ) : (
        // One block of cards: a long list renders only the cards near the screen, the rest stand as spacers.
        // biome-ignore lint/a11y/noStaticElementInteractions: focus inside is only noted, to keep its card rendered
        <div ref={virtual.listRef} onFocus={virtual.onFocus}>
          {virtual.before > 0 ? <div style={{ height: virtual.before }} aria-hidden /> : null}
          {virtual.indexes.map((index) => {
            const row = rows[index] as T;
            return (
              <div
                key={rowKey(row)}
                data-index={index}
                ref={virtual.measureRef}
                style={{ paddingBottom: index < rows.length - 1 ? 'var(--mantine-spacing-sm)' : 0 }}
              >
                <Paper
                  withBorder
                  p="sm"
                  className={classes.card}
                  data-active={isRowActive?.(row) || undefined}
                  data-tone={rowTone?.(row)}
                  role="group"
                >
                  <SimpleGrid cols={2} spacing="sm" verticalSpacing={8}>
                    {fields.map((column) => (
                      <div key={column.key} className={classes.cardField}>
                        <Text size="xs" c="dimmed" fw={600}>
                          {column.label}
                        </Text>
                        <Text size="sm" component="div" fw={column.kind === 'money' ? 700 : undefined}>
                          {renderCell(column, row)}
                        </Text>
                      </div>
                    ))}
                  </SimpleGrid>
                  {actions.length > 0 ? (
                    <Group justify="flex-end" gap="xs" mt="xs">
                      {actions.map((column) => (
                        <div key={column.key}>{renderCell(column, row)}</div>
                      ))}
                    </Group>
                  ) : null}
                </Paper>
              </div>
            );
          })}
          {virtual.after > 0 ? <div style={{ height: virtual.after }} aria-hidden /> : null}
        </div>
      )}
      {footerRows.map((footerRow, index) => {
        // The footer's label is its text cell (e.g. "Total" under the first column, "Total Pay" under Particular);
        // the other cells are the figures, each named after its column unless it is the only one.
        const isFigure = (c: DataColumn<T>) => c.kind === 'money' || c.kind === 'number';
        const has = (c: DataColumn<T>) => footerRow[c.key] !== undefined && footerRow[c.key] !== null;
        const labelColumn = columns.find((c) => !isFigure(c) && has(c));
        const label = labelColumn ? footerRow[labelColumn.key] : null;
        const figures = columns.filter((c) => c !== labelColumn && has(c));
        const nameOf = (column: DataColumn<T>) => {
          if (figures.length === 1 && label) return label;
          if (typeof label !== 'string' || column.label.startsWith(label)) return column.label;
          return `${label} ${column.label}`;
        };
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: footer rows have no identity of their own
          <Paper key={index} withBorder p="sm" bg="gray.0" className={classes.footerCard}>
            {figures.map((column) => (
              <Group key={column.key} justify="space-between" wrap="nowrap">
                <Text fw={700}>{nameOf(column)}</Text>
                <Text fw={700}>{footerRow[column.key]}</Text>
              </Group>
            ))}
          </Paper>
        );
      })}
    </Stack>
  );
}
