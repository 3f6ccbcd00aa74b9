import { type DataColumn, totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import { reportInfo } from '../report-catalog';
import type { PlotWiseRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const money = (key: keyof PlotWiseRow, label: string): DataColumn<PlotWiseRow> => ({
  key,
  label,
  kind: 'money',
  format: wholeRupees,
});

export const PLOT_WISE_COLUMNS: DataColumn<PlotWiseRow>[] = [
  { key: 'plotName', label: 'Plot Name' },
  { key: 'createdDate', label: 'Created Date', kind: 'date' },
  money('investment', 'Investment'),
  money('profit', 'Profit'),
  money('amountReceived', 'Amount Received'),
  money('pendingBalance', 'Pending Balance'),
  money('total', 'Total'),
];
const footer = totalFooter(PLOT_WISE_COLUMNS, 'Total', [
  'investment',
  'profit',
  'amountReceived',
  'pendingBalance',
  'total',
]);
const info = reportInfo('plot-wise');

/** 2. Plot Details Summary: each plot of the chosen project with its allocated cost and what it earned. */
export function PlotWiseReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/plot-wise/${projectId}`;
  const report = useReport<PlotWiseRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={PLOT_WISE_COLUMNS}
        footer={footer}
        isLoading={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No data available"
        path={path ?? ''}
        exportName={info.exportName({ projectId })}
        filterSummary={label}
        minWidth={860}
      />
    </ProjectReportLayout>
  );
}
