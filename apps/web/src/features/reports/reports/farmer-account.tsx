import { Button } from '@mantine/core';
import type { FarmerAccountRow } from '@plotbook/domain';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { totalFooter } from '@/components/data-table';
import { ProjectSelect } from '@/components/selects/project-select';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportFilters } from '../components/report-filters';
import { ReportTable, type ReportTableProps } from '../components/report-table';
import type { ReportParams } from '../use-report-params';
import { useProjectLabel } from './project-report';

// The farmer screen shows two decimals (spec 001 §9): the table's default ₹ 12,34,567.89.
const COLUMNS = reportColumns<FarmerAccountRow>('farmerAccount', undefined);
const footer = totalFooter(COLUMNS, 'Grand Total', moneyKeys('farmerAccount'));

/** No project is chosen yet: nothing is loading and nothing failed. */
const NOTHING_ASKED = {
  isPending: false,
  isError: false,
  error: null,
  refetch: () => Promise.reject(new Error('No project chosen')),
} as unknown as ReportTableProps<FarmerAccountRow>['status'];

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
        <ProjectSelect includeArchived value={draft} onChange={setDraft} miw={260} autoFocus={draft === null} />
        <Button
          leftSection={<IconEye size={16} aria-hidden />}
          // Show does nothing without a project (spec 001 §5).
          onClick={() => draft !== null && params.setProjectId(draft)}
        >
          Show
        </Button>
      </ReportFilters>
      {/* The table, and its Export (disabled with no rows, spec 001), are there before Show is pressed. */}
      <ReportTable
        report="farmerAccount"
        projectId={projectId}
        rows={projectId === null ? [] : report.data}
        status={projectId === null ? NOTHING_ASKED : report}
        columns={COLUMNS}
        rowKey={(row) => row.plotPurchaseId}
        footer={footer}
        emptyMessage={projectId === null ? 'Choose a project and press Show.' : 'No data available'}
        path={path ?? ''}
        isExportDisabledWhenEmpty
        filterSummary={label}
        minWidth={880}
      />
    </>
  );
}
