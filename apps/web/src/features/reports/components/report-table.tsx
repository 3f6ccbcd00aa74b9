import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NO_EXPORT_DATA, type ReportKey } from '@plotbook/domain';
import { IconFileSpreadsheet, IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useMemo, useState } from 'react';
import { DataAsOfNote } from '@/components/data-as-of-note';
import { type DataColumn, DataTable, type DataTableProps } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { ApiError } from '@/lib/api-client';
import { exportReport } from '../api/export-report';
import type { ReportQuery } from '../api/get-report';
import { exportFileName, reportInfo } from '../report-catalog';
import classes from './reports.module.css';

export interface ReportTableProps<T>
  extends Omit<DataTableProps<T>, 'rows' | 'columns' | 'rowKey' | 'toolbar' | 'title'> {
  report: ReportKey;
  /** The chosen project, for the export's fallback name (`PlotReport_3.xlsx`). */
  projectId?: number | null;
  rows: readonly T[] | undefined;
  columns: readonly DataColumn<T>[];
  rowKey?: (row: T) => string | number;
  /** The report's endpoint and query: Export downloads `<path>/export` with the same query. */
  path: string;
  query?: ReportQuery;
  /** Farmer Account and Partner Payment Details disable Export with no rows; the others say why not. */
  isExportDisabledWhenEmpty?: boolean;
  /** The report's query: loading, failed (with Retry). */
  status: Pick<UseQueryResult<unknown>, 'isPending' | 'isError' | 'error' | 'refetch'>;
  /** The chosen filters in words (`Project: Green Valley - Nagpur`), printed above the table. */
  filterSummary?: ReactNode;
}

/**
 * A report's table: the shared DataTable with Export (Excel from the server) and Print, a failed load said with a
 * Retry, and the filters written out for the printed page.
 */
export function ReportTable<T>({
  report,
  projectId = null,
  rows,
  columns,
  rowKey,
  path,
  query = {},
  isExportDisabledWhenEmpty = false,
  status,
  filterSummary,
  paging,
  ...tableProps
}: ReportTableProps<T>) {
  const [isExporting, setExporting] = useState(false);
  const { title } = reportInfo(report);
  const list = rows ?? [];
  // Report rows have no id of their own everywhere (months, ledger lines): the server's order is their identity.
  const indexKey = useMemo(() => {
    const index = new Map(list.map((row, i) => [row, i]));
    return (row: T) => index.get(row) ?? -1;
  }, [list]);

  // A paged report knows its row count from the server; Export writes every row matching the search.
  const hasRows = paging ? paging.totalCount > 0 : list.length > 0;
  const search = paging?.search.trim() ?? '';
  const exportQuery = search ? { ...query, q: search } : query;

  const download = async () => {
    if (!hasRows) {
      notifications.show({ color: 'yellow', message: NO_EXPORT_DATA });
      return;
    }
    setExporting(true);
    try {
      await exportReport(path, exportQuery, exportFileName(report, projectId));
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

  if (status.isError) {
    return <LoadError title={`${title} could not be loaded`} error={status.error} onRetry={() => status.refetch()} />;
  }

  return (
    <div className={classes.report}>
      {filterSummary ? (
        <Text className={classes.printOnly} size="sm" mb="xs">
          {filterSummary}
        </Text>
      ) : null}
      {/* Read from a replica that lags: the time in India its figures are as of. */}
      <DataAsOfNote path={path} />
      <DataTable
        {...tableProps}
        title={title}
        titleOrder={3}
        rows={list}
        columns={columns}
        rowKey={rowKey ?? indexKey}
        paging={paging}
        isLoading={status.isPending}
        toolbar={() => (
          <Group gap="xs" wrap="nowrap" className={classes.actions}>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={download}
              loading={isExporting}
              disabled={isExportDisabledWhenEmpty && !hasRows}
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
