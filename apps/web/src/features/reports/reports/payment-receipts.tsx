import { type DataColumn, totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { ReportTable } from '../components/report-table';
import { rupeesFloored } from '../format';
import { reportInfo } from '../report-catalog';
import type { ReceiptRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

/** A receipt with no partner name shows `Partner #` and the id (spec 001 §9). */
const partnerOf = (row: ReceiptRow) => row.partnerName ?? (row.partnerId === null ? '' : `Partner #${row.partnerId}`);

export const RECEIPT_COLUMNS: DataColumn<ReceiptRow>[] = [
  { key: 'plotName', label: 'Plot Name' },
  { key: 'particular', label: 'Particular' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'creditTo', label: 'Credited To' },
  { key: 'modeDate', label: 'Mode Date', kind: 'date' },
  { key: 'partnerName', label: 'Partner', value: partnerOf },
  { key: 'status', label: 'Status' },
  { key: 'amount', label: 'Amount', kind: 'money', format: rupeesFloored },
];
const footer = totalFooter(RECEIPT_COLUMNS, 'Total', ['amount']);
const info = reportInfo('payment-receipts');

/** 3. Payment Receipts: every receipt line of the chosen project. */
export function PaymentReceiptsReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-receipts/${projectId}`;
  const report = useReport<ReceiptRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={RECEIPT_COLUMNS}
        footer={footer}
        isLoading={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No receipts found"
        path={path ?? ''}
        exportName={info.exportName({ projectId })}
        filterSummary={label}
        minWidth={1100}
      />
    </ProjectReportLayout>
  );
}
