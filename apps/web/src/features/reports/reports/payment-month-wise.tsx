import { type DataColumn, totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { ReportTable } from '../components/report-table';
import { formatMonth, wholeRupees } from '../format';
import { reportInfo } from '../report-catalog';
import type { MonthWiseRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const money = (key: keyof MonthWiseRow, label: string): DataColumn<MonthWiseRow> => ({
  key,
  label,
  kind: 'money',
  format: wholeRupees,
});

export const MONTH_WISE_COLUMNS: DataColumn<MonthWiseRow>[] = [
  { key: 'month', label: 'Month', render: (row) => formatMonth(row.month) },
  money('amountReceived', 'Amount Received'),
  money('emiReceived', 'EMI Received'),
  money('expectedEmi', 'Expected EMI'),
  money('pendingEmi', 'Pending EMI'),
  money('total', 'Total'),
];
const footer = totalFooter(MONTH_WISE_COLUMNS, 'Total', [
  'amountReceived',
  'emiReceived',
  'expectedEmi',
  'pendingEmi',
  'total',
]);
const info = reportInfo('payment-month-wise');

/** 5. Payment Details - Month Wise: money received and EMI expected in each month. */
export function PaymentMonthWiseReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-month-wise/${projectId}`;
  const report = useReport<MonthWiseRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={MONTH_WISE_COLUMNS}
        rowKey={(row) => row.month}
        footer={footer}
        isLoading={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No data available"
        path={path ?? ''}
        exportName={info.exportName({ projectId })}
        filterSummary={label}
        minWidth={760}
      />
    </ProjectReportLayout>
  );
}
