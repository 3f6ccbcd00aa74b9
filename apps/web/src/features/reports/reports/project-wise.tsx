import { Button } from '@mantine/core';
import { formatDate } from '@plotbook/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { type DataColumn, totalFooter } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { useReport } from '../api/get-report';
import { ReportFilters } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import { rupeesFloored } from '../format';
import { reportInfo } from '../report-catalog';
import type { ProjectWiseRow } from '../types';
import type { ReportParams } from '../use-report-params';

const money = (key: keyof ProjectWiseRow, label: string): DataColumn<ProjectWiseRow> => ({
  key,
  label,
  kind: 'money',
  format: rupeesFloored,
});

export const PROJECT_WISE_COLUMNS: DataColumn<ProjectWiseRow>[] = [
  { key: 'projectName', label: 'Project Name' },
  { key: 'createdDate', label: 'Created Date', kind: 'date' },
  money('investment', 'Investment'),
  money('profit', 'Profit'),
  money('amountReceived', 'Amount Received'),
  money('pendingBalance', 'Pending Balance'),
  money('total', 'Total'),
];
const SUM_KEYS = ['investment', 'profit', 'amountReceived', 'pendingBalance', 'total'];
const footer = totalFooter(PROJECT_WISE_COLUMNS, 'Total', SUM_KEYS);
const PATH = '/report/project-wise';
const info = reportInfo('project-wise');

/** The dates as spec 001 §5 sends them: from the start of the from-day to the end of the to-day. */
export const projectWiseQuery = (fromDate: string, toDate: string) => ({
  fromDate: fromDate ? `${fromDate}T00:00:00` : undefined,
  toDate: toDate ? `${toDate}T23:59:59` : undefined,
});

/** 1. Project Wise Summary: every project, loaded on open; From/To narrow it when Search is pressed. */
export function ProjectWiseReport({ params }: { params: ReportParams }) {
  const [from, setFrom] = useState(params.fromDate);
  const [to, setTo] = useState(params.toDate);
  const query = projectWiseQuery(params.fromDate, params.toDate);
  const report = useReport<ProjectWiseRow>(PATH, query);
  const period =
    params.fromDate || params.toDate
      ? `From ${params.fromDate ? formatDate(params.fromDate) : 'the start'} to ${params.toDate ? formatDate(params.toDate) : 'today'}`
      : 'All dates';

  return (
    <>
      <ReportFilters>
        <DateField label="From" value={from} onChange={setFrom} w={170} />
        <DateField label="To" value={to} onChange={setTo} w={170} minDate={from || undefined} />
        <Button leftSection={<IconSearch size={16} aria-hidden />} onClick={() => params.setDates(from, to)}>
          Search
        </Button>
      </ReportFilters>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={PROJECT_WISE_COLUMNS}
        rowKey={(row) => row.projectId}
        footer={footer}
        isLoading={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No data available"
        path={PATH}
        query={query}
        exportName={info.exportName({ projectId: null })}
        filterSummary={period}
        minWidth={900}
      />
    </>
  );
}
