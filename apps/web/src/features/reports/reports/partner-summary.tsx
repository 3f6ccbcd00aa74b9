import type { PartnerSummaryRow } from '@plotbook/domain';
import { useReport } from '../api/get-report';
import { reportColumns } from '../columns';
import { payReceiveFooter, payReceiveOverride, payReceiveTone } from '../components/pay-receive';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const COLUMNS = reportColumns<PartnerSummaryRow>('partnerSummary', wholeRupees, {
  payReceive: payReceiveOverride<PartnerSummaryRow>(),
});
/** Spec 001 §4: this report searches partner name, particular, mode and credited-to only. */
const SEARCH_KEYS = ['partnerName', 'particular', 'mode', 'creditTo'];
const footer = payReceiveFooter<PartnerSummaryRow>('partnerName', wholeRupees);

/** 7. Project Wise Partner Summary: what every partner of the project paid in (Pay) and was handed (Receive). */
export function PartnerSummaryReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/partner-summary/${projectId}`;
  const report = useReport<PartnerSummaryRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="partnerSummary"
        projectId={projectId}
        rows={report.data}
        status={report}
        columns={COLUMNS}
        rowKey={(row) => `${row.source}-${row.sourceId}-${row.partnerId}`}
        footer={footer}
        searchKeys={SEARCH_KEYS}
        rowTone={payReceiveTone}
        emptyMessage="No records found for this project."
        path={path ?? ''}
        filterSummary={label}
        minWidth={940}
      />
    </ProjectReportLayout>
  );
}
