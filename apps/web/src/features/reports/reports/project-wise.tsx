import { Button } from '@mantine/core';
import { formatDate, type ProjectWiseRow } from '@plotbook/domain';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { totalFooter } from '@/components/data-table';
import { DateField } from '@/components/date-field';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportFilters } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import { rupeesFloored } from '../format';
import type { ReportParams } from '../use-report-params';

const COLUMNS = reportColumns<ProjectWiseRow>('projectWise', rupeesFloored);
const footer = totalFooter(COLUMNS, 'Total', moneyKeys('projectWise'));
const PATH = '/report/project-wise';

/** The dates as spec 001 §5 sends them: from the start of the from-day to the end of the to-day. */
export const projectWiseQuery = (fromDate: string, toDate: string) => ({
  fromDate: fromDate ? `${fromDate}T00:00:00` : undefined,
  toDate: toDate ? `${toDate}T23:59:59` : undefined,
});

function periodText(fromDate: string, toDate: string): string {
  if (!fromDate && !toDate) return 'All dates';
  return `From ${fromDate ? formatDate(fromDate) : 'the start'} to ${toDate ? formatDate(toDate) : 'today'}`;
}

/** 1. Project Wise Summary: every project, loaded on open; From/To narrow it when Search is pressed. */
export function ProjectWiseReport({ params }: { params: ReportParams }) {
  const [from, setFrom] = useState(params.fromDate);
  const [to, setTo] = useState(params.toDate);
  const query = projectWiseQuery(params.fromDate, params.toDate);
  const report = useReport<ProjectWiseRow>(PATH, query);
  return (
    <>
      <ReportFilters>
        <DateField label="From" value={from} onChange={setFrom} w={170} />
        <DateField label="To" value={to} onChange={setTo} w={170} />
        <Button
          leftSection={<IconSearch size={16} aria-hidden />}
          // Search loads again even with the same dates (spec 001: "again on Search").
          onClick={() =>
            from === params.fromDate && to === params.toDate ? report.refetch() : params.setDates(from, to)
          }
        >
          Search
        </Button>
      </ReportFilters>
      <ReportTable
        report="projectWise"
        rows={report.data}
        status={report}
        columns={COLUMNS}
        rowKey={(row) => row.projectId}
        footer={footer}
        emptyMessage="No data available"
        path={PATH}
        query={query}
        filterSummary={periodText(params.fromDate, params.toDate)}
        minWidth={900}
      />
    </>
  );
}
