import type { PartnerSummaryRow, PartnerSummaryReport as Report } from '@plotbook/domain';
import { useReportPages } from '../api/get-report';
import { reportColumns } from '../columns';
import { payReceiveOverride, payReceiveTone } from '../components/pay-receive';
import { ReportTable } from '../components/report-table';
import { reportTotalsFooter } from '../components/total-rows';
import { wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const COLUMNS = reportColumns<PartnerSummaryRow>('partnerSummary', wholeRupees, {
  payReceive: payReceiveOverride<PartnerSummaryRow>(),
});

/**
 * 7. Project Wise Partner Summary: what every partner of the project paid in (Pay) and was handed (Receive), a
 * page at a time. The server searches partner name, particular, mode and credited-to only (spec 001 §4) and
 * sends the Pay / Receive totals of every matching row.
 */
export function PartnerSummaryReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/partner-summary/${projectId}`;
  const report = useReportPages<PartnerSummaryRow, Report['totals']>(path);
  const label = useProjectLabel(projectId);
  const footer = reportTotalsFooter('partnerSummary', COLUMNS, report.totals);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="partnerSummary"
        projectId={projectId}
        rows={report.rows}
        paging={report.paging}
        noun="rows"
        status={report}
        columns={COLUMNS}
        rowKey={(row) => `${row.source}-${row.sourceId}-${row.partnerId}`}
        footer={footer}
        rowTone={payReceiveTone}
        emptyMessage="No records found for this project."
        path={path ?? ''}
        filterSummary={label}
        minWidth={940}
      />
    </ProjectReportLayout>
  );
}
