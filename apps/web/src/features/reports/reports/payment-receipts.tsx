import type { PaymentReceiptRow, PaymentReceiptsReport as Report } from '@plotbook/domain';
import { useReportPages } from '../api/get-report';
import { reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import { reportTotalsFooter } from '../components/total-rows';
import { rupeesFloored } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

/** A receipt with no partner name shows `Partner #` and the id (spec 001 §9). */
const partnerOf = (row: PaymentReceiptRow) =>
  row.partnerName ?? (row.partnerId === null ? null : `Partner #${row.partnerId}`);

const COLUMNS = reportColumns<PaymentReceiptRow>('paymentReceipts', rupeesFloored, {
  partnerName: { value: partnerOf },
});

/**
 * 3. Payment Receipts: every receipt line of the chosen project, whatever its status, a page at a time; the
 * search runs on the server. The total rows are the server's over every matching line: what was received
 * (Completed), then Pending and Cancelled / Bounced apart, as the export writes them.
 */
export function PaymentReceiptsReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-receipts/${projectId}`;
  const report = useReportPages<PaymentReceiptRow, Report['totals']>(path);
  const label = useProjectLabel(projectId);
  const footer = reportTotalsFooter('paymentReceipts', COLUMNS, report.totals);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="paymentReceipts"
        projectId={projectId}
        rows={report.rows}
        paging={report.paging}
        noun="receipts"
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
