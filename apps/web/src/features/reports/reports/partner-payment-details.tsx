import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DataColumn } from '@/components/data-table';
import { PartnerSelect } from '@/components/selects/partner-select';
import { projectPartnersQueryOptions } from '@/components/selects/queries';
import { useReport } from '../api/get-report';
import { payReceiveColumn, payReceiveFooter, payReceiveTone } from '../components/pay-receive';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import { reportInfo } from '../report-catalog';
import type { PartnerPaymentRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

type NumberedRow = PartnerPaymentRow & { sNo: number };

export const PARTNER_PAYMENT_COLUMNS: DataColumn<NumberedRow>[] = [
  { key: 'sNo', label: 'S.No', kind: 'number', searchable: false, width: 64 },
  { key: 'particular', label: 'Particular' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDate', label: 'Mode Date', kind: 'date' },
  { key: 'creditTo', label: 'Credited To' },
  { key: 'modeDetail', label: 'Mode Details' },
  payReceiveColumn<NumberedRow>(),
  { key: 'amount', label: 'Amount', kind: 'money', format: wholeRupees },
];
/** Spec 001 §4: this report searches particular, mode and credited-to only. */
const SEARCH_KEYS = ['particular', 'mode', 'creditTo'];
const footer = payReceiveFooter<NumberedRow>('particular', wholeRupees);
const info = reportInfo('partner-payment-details');

/** 8. Partner Payment Details: one partner's Pay and Receive lines in a project, once both are chosen. */
export function PartnerPaymentDetailsReport({ params }: { params: ReportParams }) {
  const { projectId, partnerId } = params;
  const partners = useQuery({ ...projectPartnersQueryOptions(projectId ?? 0), enabled: projectId !== null });
  const path = projectId === null || partnerId === null ? null : `/partner-payment-details/${projectId}/${partnerId}`;
  const report = useReport<PartnerPaymentRow>(path);
  const rows = useMemo(() => report.data?.map((row, i) => ({ ...row, sNo: i + 1 })), [report.data]);
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
          title={info.title}
          rows={rows}
          columns={PARTNER_PAYMENT_COLUMNS}
          rowKey={(row) => row.sNo}
          footer={footer}
          searchKeys={SEARCH_KEYS}
          rowTone={payReceiveTone}
          isLoading={report.isPending}
          loadingMessage="Loading..."
          isError={report.isError}
          error={report.error}
          onRetry={() => report.refetch()}
          emptyMessage="No records found for this partner."
          path={path ?? ''}
          exportName={info.exportName({ projectId })}
          isExportDisabledWhenEmpty
          filterSummary={`${projectLabel} · Partner: ${partner?.partnerName ?? partnerId}`}
          minWidth={1000}
        />
      )}
    </ProjectReportLayout>
  );
}
