import { Alert, Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { type DataColumn, DataTable, type DataTableProps } from '@/components/data-table';
import { ApiError } from '@/lib/api-client';
import { exportReport } from '../api/export-report';
import type { ReportQuery } from '../api/get-report';
import classes from './reports.module.css';

export const NO_EXPORT_DATA = 'No data available to export!';

export interface ReportTableProps<T>
  extends Omit<DataTableProps<T>, 'rows' | 'columns' | 'rowKey' | 'toolbar' | 'paging' | 'title'> {
  title: string;
  rows: readonly T[] | undefined;
  columns: readonly DataColumn<T>[];
  rowKey?: (row: T) => string | number;
  /** The report's endpoint and query: Export downloads `<path>/export` with the same query. */
  path: string;
  query?: ReportQuery;
  exportName: string;
  /** Farmer Account and Partner Payment Details disable Export with no rows; the others say why not. */
  isExportDisabledWhenEmpty?: boolean;
  isError?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The chosen filters in words (`Project: Green Valley - Nagpur`), printed above the table. */
  filterSummary?: ReactNode;
}

/**
 * A report's table: the shared DataTable with Export (Excel from the server) and Print, a failed load said with a
 * Retry, and the filters written out for the printed page.
 */
export function ReportTable<T>({
  title,
  rows,
  columns,
  rowKey,
  path,
  query = {},
  exportName,
  isExportDisabledWhenEmpty = false,
  isError = false,
  error,
  onRetry,
  filterSummary,
  ...tableProps
}: ReportTableProps<T>) {
  const [isExporting, setExporting] = useState(false);
  const list = rows ?? [];
  // Report rows have no id of their own everywhere (months, ledger lines): the server's order is their identity.
  const indexKey = useMemo(() => {
    const index = new Map(list.map((row, i) => [row, i]));
    return (row: T) => index.get(row) ?? -1;
  }, [list]);

  const download = async () => {
    if (list.length === 0) {
      notifications.show({ color: 'yellow', message: NO_EXPORT_DATA });
      return;
    }
    setExporting(true);
    try {
      await exportReport(path, query, exportName);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 401)) {
        notifications.show({
          color: 'red',
          title: 'Export failed',
          message: e instanceof Error ? e.message : 'The file could not be made.',
        });
      }
    } finally {
      setExporting(false);
    }
  };

  if (isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle aria-hidden />} title={title}>
        <Group gap="sm" justify="space-between">
          <Text size="sm">The report could not be loaded: {error?.message ?? 'unknown error'}</Text>
          {onRetry ? (
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          ) : null}
        </Group>
      </Alert>
    );
  }

  return (
    <div className={classes.report}>
      {filterSummary ? (
        <Text className={classes.printOnly} size="sm" mb="xs">
          {filterSummary}
        </Text>
      ) : null}
      <DataTable
        {...tableProps}
        title={title}
        rows={list}
        columns={columns}
        rowKey={rowKey ?? indexKey}
        toolbar={() => (
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={download}
              loading={isExporting}
              disabled={isExportDisabledWhenEmpty && list.length === 0}
            >
              Export
            </Button>
            <Button
              variant="default"
              leftSection={<IconPrinter size={18} aria-hidden />}
              onClick={() => window.print()}
              aria-label="Print"
              visibleFrom="sm"
            >
              Print
            </Button>
          </Group>
        )}
      />
    </div>
  );
}
