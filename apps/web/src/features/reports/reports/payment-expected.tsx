import { Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { PaymentExpectedRow, PlotEmiDetail } from '@plotbook/domain';
import { useMemo, useState } from 'react';
import { totalFooter } from '@/components/data-table';
import { DateText } from '@/components/date-text';
import { Money } from '@/components/money';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import classes from '../components/reports.module.css';
import { formatMonth, wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

type ChosenPlot = PlotEmiDetail & { month: string };

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text c="dimmed">{label}</Text>
      <Text fw={600} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** The `Plot EMI Details` modal: the month, the plot and its expected EMI. */
function PlotEmiModal({ plot, onClose }: { plot: ChosenPlot | null; onClose: () => void }) {
  return (
    <Modal opened={plot !== null} onClose={onClose} title="Plot EMI Details" centered>
      {plot ? (
        <Stack gap="sm">
          <Line label="Month">{formatMonth(plot.month)}</Line>
          <Line label="Plot">{plot.plotName}</Line>
          <Line label="Expected EMI">
            <Money value={plot.emiAmount} />
          </Line>
          <Line label="Installment">
            {plot.installmentNo}, due <DateText value={plot.dueDate} />
          </Line>
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
  const report = useReport<PaymentExpectedRow>(path);
  const label = useProjectLabel(projectId);
  const [chosen, setChosen] = useState<ChosenPlot | null>(null);

  const columns = useMemo(
    () =>
      reportColumns<PaymentExpectedRow>('paymentExpected', wholeRupees, {
        plotDetails: {
          // Searched and sorted by the plot names, as the export writes them ("A-1, A-2").
          value: (row) => row.plotDetails.map((p) => p.plotName).join(', '),
          render: (row) => (
            <span className={classes.plotLinks}>
              {row.plotDetails.map((plot) => (
                <Anchor
                  key={`${plot.saleId}-${plot.installmentNo}`}
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
      }),
    [],
  );
  const footer = useMemo(() => totalFooter(columns, 'Total', moneyKeys('paymentExpected')), [columns]);

  return (
    <ProjectReportLayout params={params}>
      <ReportTable
        report="paymentExpected"
        projectId={projectId}
        rows={report.data}
        status={report}
        columns={columns}
        rowKey={(row) => row.month}
        footer={footer}
        searchPlaceholder="Search by month or plot"
        searchKeys={['month', 'plotDetails']}
        emptyMessage="No data available"
        path={path ?? ''}
        filterSummary={label}
        minWidth={640}
      />
      <PlotEmiModal plot={chosen} onClose={() => setChosen(null)} />
    </ProjectReportLayout>
  );
}
