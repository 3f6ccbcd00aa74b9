import { Text } from '@mantine/core';
import type { PartnerPaymentDetailRow, PartnerPaymentDetailsReport as Report } from '@plotbook/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { PartnerSelect } from '@/components/selects/partner-select';
import { projectPartnersQueryOptions } from '@/components/selects/queries';
import { useReportPages } from '../api/get-report';
import { reportColumns } from '../columns';
import { payReceiveOverride, payReceiveTone } from '../components/pay-receive';
import { ReportTable } from '../components/report-table';
import { reportTotalsFooter } from '../components/total-rows';
import { wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

/** S.No numbers the rows in the server's order (date order); it stays with its row when the table is sorted. */
type NumberedRow = PartnerPaymentDetailRow & { sNo: number };

const COLUMNS = reportColumns<NumberedRow>('partnerPaymentDetails', wholeRupees, {
  payReceive: payReceiveOverride<NumberedRow>(),
});

/**
 * 8. Partner Payment Details: one partner's Pay and Receive lines in a project, once both are chosen, a page at a
 * time. The server searches particular, mode and credited-to only (spec 001 §4) and sends the totals.
 */
export function PartnerPaymentDetailsReport({ params }: { params: ReportParams }) {
  const { projectId, partnerId } = params;
  // An archived partner's payments stay on record: the report still opens for them.
  const partners = useQuery({ ...projectPartnersQueryOptions(projectId ?? 0, true), enabled: projectId !== null });
  const path = projectId === null || partnerId === null ? null : `/partner-payment-details/${projectId}/${partnerId}`;
  const report = useReportPages<PartnerPaymentDetailRow, Report['totals']>(path);
  const rows = useMemo(() => report.rows.map((row, i) => ({ ...row, sNo: i + 1 })), [report.rows]);
  const footer = reportTotalsFooter('partnerPaymentDetails', COLUMNS, report.totals);
  const projectLabel = useProjectLabel(projectId);
  const partner = partners.data?.find((p) => p.partnerId === partnerId);

  return (
    <ProjectReportLayout
      params={params}
      extra={
        <PartnerSelect
          projectId={projectId}
          value={partnerId}
          onChange={params.setPartnerId}
          includeArchived
          miw={240}
          // Disabled until the project's partners are here (spec 001).
          disabled={!partners.isSuccess}
        />
      }
    >
      {partnerId === null ? (
        <Text c="dimmed">Choose a partner to see their payments.</Text>
      ) : (
        <ReportTable
          report="partnerPaymentDetails"
          projectId={projectId}
          rows={rows}
          paging={report.paging}
          noun="rows"
          status={report}
          columns={COLUMNS}
          rowKey={(row) => `${row.source}-${row.sourceId}`}
          footer={footer}
          rowTone={payReceiveTone}
          emptyMessage="No records found for this partner."
          path={path ?? ''}
          isExportDisabledWhenEmpty
          filterSummary={`${projectLabel} · Partner: ${partner?.partnerName ?? partnerId}`}
          minWidth={880}
        />
      )}
    </ProjectReportLayout>
  );
}
