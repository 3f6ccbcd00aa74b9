import type { PaymentMonthRow } from '@plotbook/domain';
import { totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const COLUMNS = reportColumns<PaymentMonthRow>('paymentMonthWise', wholeRupees);
const footer = totalFooter(COLUMNS, 'Total', moneyKeys('paymentMonthWise'));

/** 5. Payment Details - Month Wise: money received and EMI expected in each month. */
export function PaymentMonthWiseReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-month-wise/${projectId}`;
  const report = useReport<PaymentMonthRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="paymentMonthWise"
        projectId={projectId}
        rows={report.data}
        status={report}
        columns={COLUMNS}
        rowKey={(row) => row.month}
        footer={footer}
        emptyMessage="No data available"
        path={path ?? ''}
        filterSummary={label}
        minWidth={760}
      />
    </ProjectReportLayout>
  );
}
