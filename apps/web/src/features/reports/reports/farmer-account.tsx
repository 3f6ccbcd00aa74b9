import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { type DataColumn, totalFooter } from '@/components/data-table';
import { ProjectSelect } from '@/components/selects/project-select';
import { useReport } from '../api/get-report';
import { ReportFilters } from '../components/report-filters';
import { ReportTable } from '../components/report-table';
import { reportInfo } from '../report-catalog';
import type { FarmerAccountRow } from '../types';
import type { ReportParams } from '../use-report-params';
import { useProjectLabel } from './project-report';

export const FARMER_COLUMNS: DataColumn<FarmerAccountRow>[] = [
  { key: 'particular', label: 'Particular' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'creditTo', label: 'Credited To' },
  { key: 'modeDate', label: 'Mode Date', kind: 'date' },
  { key: 'partnerName', label: 'Partner' },
  // The farmer screen shows two decimals (spec 001 §9): the default ₹ 12,34,567.89.
  { key: 'amount', label: 'Amount', kind: 'money' },
];
const footer = totalFooter(FARMER_COLUMNS, 'Grand Total', ['amount']);
const info = reportInfo('farmer-account');

/** 4. Farmer Account Summary: the land payments of a project, shown when Show is pressed. */
export function FarmerAccountReport({ params }: { params: ReportParams }) {
  const [draft, setDraft] = useState<number | null>(params.projectId);
  const { projectId } = params;
  const path = projectId === null ? null : `/farmer-account/${projectId}`;
  const report = useReport<FarmerAccountRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <>
      <ReportFilters>
        <ProjectSelect value={draft} onChange={setDraft} miw={260} autoFocus={draft === null} />
        <Button
          leftSection={<IconEye size={16} aria-hidden />}
          // Show does nothing without a project (spec 001 §5).
          onClick={() => draft !== null && params.setProjectId(draft)}
        >
          Show
        </Button>
      </ReportFilters>
      {projectId === null ? null : (
        <ReportTable
          title={info.title}
          rows={report.data}
          columns={FARMER_COLUMNS}
          rowKey={(row) => row.plotPurchaseId}
          footer={footer}
          isLoading={report.isPending}
          isError={report.isError}
          error={report.error}
          onRetry={() => report.refetch()}
          emptyMessage="No data available"
          path={path ?? ''}
          exportName={info.exportName({ projectId })}
          isExportDisabledWhenEmpty
          filterSummary={label}
          minWidth={1000}
        />
      )}
    </>
  );
}
