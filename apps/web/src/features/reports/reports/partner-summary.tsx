import type { DataColumn } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { payReceiveColumn, payReceiveFooter, payReceiveTone } from '../components/pay-receive';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import { reportInfo } from '../report-catalog';
import type { PartnerSummaryRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

export const PARTNER_SUMMARY_COLUMNS: DataColumn<PartnerSummaryRow>[] = [
  { key: 'partnerName', label: 'Partner' },
  { key: 'particular', label: 'Particular' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDate', label: 'Mode Date', kind: 'date' },
  { key: 'creditTo', label: 'Credited To' },
  { key: 'modeDetail', label: 'Mode Details' },
  payReceiveColumn<PartnerSummaryRow>(),
  { key: 'amount', label: 'Amount', kind: 'money', format: wholeRupees },
];
/** Spec 001 §4: this report searches partner name, particular, mode and credited-to only. */
const SEARCH_KEYS = ['partnerName', 'particular', 'mode', 'creditTo'];
const footer = payReceiveFooter<PartnerSummaryRow>('partnerName', wholeRupees);
const info = reportInfo('partner-summary');

/** 7. Project Wise Partner Summary: what every partner of the project paid in (Pay) and was handed (Receive). */
export function PartnerSummaryReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/partner-summary/${projectId}`;
  const report = useReport<PartnerSummaryRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={PARTNER_SUMMARY_COLUMNS}
        footer={footer}
        searchKeys={SEARCH_KEYS}
        rowTone={payReceiveTone}
        isLoading={report.isPending}
        loadingMessage="Loading..."
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No records found for this project."
        path={path ?? ''}
        exportName={info.exportName({ projectId })}
        filterSummary={label}
        minWidth={1000}
      />
    </ProjectReportLayout>
  );
}
