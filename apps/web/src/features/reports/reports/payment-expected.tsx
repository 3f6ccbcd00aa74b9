import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type DataColumn, totalFooter } from '@/components/data-table';
import { Money } from '@/components/money';
import { useReport } from '../api/get-report';
import classes from '../components/reports.module.css';
import { ReportTable } from '../components/report-table';
import { formatMonth, wholeRupees } from '../format';
import { reportInfo } from '../report-catalog';
import type { ExpectedMonthRow, ExpectedPlot } from '../types';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

const info = reportInfo('payment-expected');

interface ChosenPlot extends ExpectedPlot {
  month: string;
}

function PlotEmiModal({ plot, onClose }: { plot: ChosenPlot | null; onClose: () => void }) {
  return (
    <Modal opened={plot !== null} onClose={onClose} title="Plot EMI Details" centered>
      {plot ? (
        <Stack gap="sm">
          <Group justify="space-between">
            <Text c="dimmed">Month</Text>
            <Text fw={600}>{formatMonth(plot.month)}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Plot</Text>
            <Text fw={600}>{plot.plotName}</Text>
          </Group>
          <Group justify="space-between">
            <Text c="dimmed">Expected EMI</Text>
            <Text fw={700} data-testid="plot-emi-amount">
              <Money value={plot.emiAmount} />
            </Text>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button onClick={onClose} data-autofocus>
              Close
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

/** 6. Payment Expected - Month Wise: the EMI due each month; each plot opens its EMI for that month. */
export function PaymentExpectedReport({ params }: { params: ReportParams }) {
  const { projectId } = params;
  const path = projectId === null ? null : `/report/payment-expected-month-wise/${projectId}`;
  const report = useReport<ExpectedMonthRow>(path);
  const label = useProjectLabel(projectId);
  const [chosen, setChosen] = useState<ChosenPlot | null>(null);

  const columns = useMemo<DataColumn<ExpectedMonthRow>[]>(
    () => [
      { key: 'month', label: 'Month', render: (row) => formatMonth(row.month) },
      { key: 'expectedEmi', label: 'Expected EMI', kind: 'money', format: wholeRupees },
      {
        key: 'plots',
        label: 'Plots',
        // Searched and sorted by the plot names; exported joined by ", " (spec 001 §9).
        value: (row) => row.plotDetails.map((p) => p.plotName).join(', '),
        render: (row) => (
          <span className={classes.plotLinks}>
            {row.plotDetails.map((plot) => (
              <Anchor
                key={plot.plotName}
                component="button"
                type="button"
                size="sm"
                onClick={() => setChosen({ ...plot, month: row.month })}
              >
                {plot.plotName}
              </Anchor>
            ))}
          </span>
        ),
      },
    ],
    [],
  );
  const footer = useMemo(() => totalFooter(columns, 'Total', ['expectedEmi']), [columns]);

  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        title={info.title}
        rows={report.data}
        columns={columns}
        rowKey={(row) => row.month}
        footer={footer}
        searchPlaceholder="Search by month or plot"
        searchKeys={['month', 'plots']}
        isLoading={report.isPending}
        isError={report.isError}
        error={report.error}
        onRetry={() => report.refetch()}
        emptyMessage="No data available"
        path={path ?? ''}
        exportName={info.exportName({ projectId })}
        filterSummary={label}
        minWidth={640}
      />
      <PlotEmiModal plot={chosen} onClose={() => setChosen(null)} />
    </ProjectReportLayout>
  );
}
