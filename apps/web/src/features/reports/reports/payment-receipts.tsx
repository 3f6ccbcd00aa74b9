import type { PaymentReceiptRow } from '@plotbook/domain';
import { totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import { rupeesFloored } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

/** A receipt with no partner name shows `Partner #` and the id (spec 001 §9). */
const partnerOf = (row: PaymentReceiptRow) =>
  row.partnerName ?? (row.partnerId === null ? null : `Partner #${row.partnerId}`);

const COLUMNS = reportColumns<PaymentReceiptRow>('paymentReceipts', rupeesFloored, {
  partnerName: { value: partnerOf },
});
const footer = totalFooter(COLUMNS, 'Total', moneyKeys('paymentReceipts'));

/** 3. Payment Receipts: every receipt line of the chosen project, whatever its status. */
export function PaymentReceiptsReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-receipts/${projectId}`;
  const report = useReport<PaymentReceiptRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="paymentReceipts"
        projectId={projectId}
        rows={report.data}
        status={report}
        columns={COLUMNS}
        rowKey={(row) => row.lineId}
        footer={footer}
        emptyMessage="No receipts found"
        path={path ?? ''}
        filterSummary={label}
        minWidth={940}
      />
    </ProjectReportLayout>
  );
}
