import { Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { PaymentExpectedRow, PlotEmiDetail } from '@plotbook/domain';
import { useMemo, useState } from 'react';
import { totalFooter } from '@/components/data-table';
import { DateText } from '@/components/date-text';
import { InstallmentStateBadge } from '@/components/installment-state';
import { Money } from '@/components/money';
import { useExpectedMonth } from '../api/get-expected-month';
import { useReport } from '../api/get-report';
import { moneyKeys, reportColumns } from '../columns';
import { ReportTable } from '../components/report-table';
import classes from '../components/reports.module.css';
import { formatMonth, wholeRupees } from '../format';
import type { ReportParams } from '../use-report-params';
import { ProjectReportLayout, useProjectLabel } from './project-report';

/** The plot link a user chose: the month, the plot's name and its place in the month's row. */
interface ChosenPlot {
  month: string;
  plotName: string;
  index: number;
}

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

/** The chosen plot's installment among the month's details: at its place in the row when the name agrees. */
function findDetail(details: readonly PlotEmiDetail[], plot: ChosenPlot): PlotEmiDetail | undefined {
  const atPlace = details[plot.index];
  return atPlace?.plotName === plot.plotName ? atPlace : details.find((d) => d.plotName === plot.plotName);
}

/**
 * The `Plot EMI Details` modal: the month and the plot at once, then the plot's expected EMI, installment, what is
 * paid of it and its state, loaded for the month when the modal opens (the rows carry plot names only).
 */
function PlotEmiModal({
  projectId,
  plot,
  onClose,
}: {
  projectId: number | null;
  plot: ChosenPlot | null;
  onClose: () => void;
}) {
  const month = useExpectedMonth(projectId, plot?.month ?? null);
  const detail = plot && month.data ? findDetail(month.data.plotDetails, plot) : undefined;
  return (
    <Modal opened={plot !== null} onClose={onClose} title="Plot EMI Details" centered>
      {plot ? (
        <Stack gap="sm">
          <Line label="Month">{formatMonth(plot.month)}</Line>
          <Line label="Plot">{plot.plotName}</Line>
          {month.isPending ? (
            <Group gap="sm" aria-busy="true">
              <Loader size="xs" />
              <Text size="sm">Loading the installment...</Text>
            </Group>
          ) : month.isError || !detail ? (
            <Group gap="sm" justify="space-between" role="alert">
              <Text size="sm" c="red">
                The installment details could not be loaded
                {month.isError ? `: ${month.error?.message ?? 'unknown error'}` : '.'}
              </Text>
              {month.isError ? (
                <Button size="xs" variant="light" color="red" onClick={() => month.refetch()}>
                  Retry
                </Button>
              ) : null}
            </Group>
          ) : (
            <>
              <Line label="Expected EMI">
                <Money value={detail.emiAmount} />
              </Line>
              <Line label="Installment">
                {detail.installmentNo}, due <DateText value={detail.dueDate} />
              </Line>
              <Line label="Paid">
                <Money value={detail.paidAmount} />
              </Line>
              <Line label="State">
                <InstallmentStateBadge state={detail.state} />
              </Line>
            </>
          )}
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
        plotNames: {
          // Searched and sorted by the plot names, as the export writes them ("A-1, A-2").
          value: (row) => row.plotNames.join(', '),
          render: (row) => (
            <span className={classes.plotLinks}>
              {row.plotNames.map((plotName, index) => (
                <Anchor
                  // A plot has one active sale and a schedule one installment a month: once per month.
                  key={plotName}
                  component="button"
                  type="button"
                  size="sm"
                  onClick={() => setChosen({ month: row.month, plotName, index })}
                >
                  {plotName}
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
        searchKeys={['month', 'plotNames']}
        emptyMessage="No data available"
        path={path ?? ''}
        filterSummary={label}
        minWidth={640}
      />
      <PlotEmiModal projectId={projectId} plot={chosen} onClose={() => setChosen(null)} />
    </ProjectReportLayout>
  );
}
