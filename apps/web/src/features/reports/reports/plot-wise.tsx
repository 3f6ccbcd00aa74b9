import type { PlotWiseRow } from '@plotbook/domain';
import { totalFooter } from '@/components/data-table';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import { wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const COLUMNS = reportColumns<PlotWiseRow>('plotWise', wholeRupees);
const footer = totalFooter(COLUMNS, 'Total', moneyKeys('plotWise'));

/** 2. Plot Details Summary: each plot of the chosen project with its allocated cost and what it earned. */
export function PlotWiseReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/plot-wise/${projectId}`;
  const report = useReport<PlotWiseRow>(path);
  const label = useProjectLabel(projectId);
  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="plotWise"
        projectId={projectId}
        rows={report.data}
        status={report}
        columns={COLUMNS}
        rowKey={(row) => row.plotId}
        footer={footer}
        emptyMessage="No data available"
        path={path ?? ''}
        filterSummary={label}
        minWidth={860}
      />
    </ProjectReportLayout>
  );
}
