import { Button, Card, Group, Stack, Text } from '@mantine/core';
import {
  installmentFillPaise,
  RECEIPT_MODES,
  RECEIPT_PARTICULARS,
  type ReceiptLineInput,
  type ReceiptStatus,
  receiptLinesSchema,
  toPaise,
  toRupees,
} from '@plotbook/domain';
import { useCallback, useMemo, useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { type MoneyRowValues, RowTable, useMoneyRowsForm } from '@/components/row-table';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { useCreatePayment } from '../api/create-payment';
import { usePaymentSummary } from '../api/get-payment-summary';
import { PaymentSummaryCards } from './payment-summary-cards';
import { PlotReceipts } from './plot-receipts';
import { ReceiptStatusSelect } from './receipt-status';
import { SaleBuyerLine } from './sale-buyer-line';

const SELECT_FIRST = 'Please select Project, Plot and Status.';
const isInstallment = (row: MoneyRowValues) => row.particular === 'Installment';

/**
 * Payment Receipt: a sold plot's receipt, entered as lines and saved together with one status, then the plot's
 * receipts, where a Pending cheque is cleared or bounced. The cards above show where the plot's money stands.
 */
export function PaymentForm() {
  const [projectId, setProjectId] = useState<number | null>(null);
  const [plotId, setPlotId] = useState<number | null>(null);
  const [receiptStatus, setReceiptStatus] = useState<ReceiptStatus | null>(null);
  const [listStatus, setListStatus] = useState<FormStatusMessage | null>(null);
  const summary = usePaymentSummary(plotId);

  // An Installment line takes the monthly amount while a balance is pending (never more than it), else 0.
  const installmentAmount =
    plotId === null || !summary.data
      ? ''
      : String(
          toRupees(installmentFillPaise(toPaise(summary.data.monthlyAmount), toPaise(summary.data.pendingBalance))),
        );
  // A Full Payment (Cash) sale has no installments: the particular is not offered, and a row that had it
  // (another plot chosen since) is asked for its particular again.
  const isCashSale = plotId !== null && summary.data?.paymentType === 'Cash';
  const particulars = useMemo(
    () => (isCashSale ? RECEIPT_PARTICULARS.filter((p) => p !== 'Installment') : RECEIPT_PARTICULARS),
    [isCashSale],
  );
  const derive = useCallback(
    (row: MoneyRowValues) =>
      isInstallment(row) && isCashSale
        ? { ...row, particular: '', amount: '' }
        : isInstallment(row) && row.amount !== installmentAmount
          ? { ...row, amount: installmentAmount }
          : row,
    [installmentAmount, isCashSale],
  );

  const target =
    projectId !== null && plotId !== null && receiptStatus ? { projectId, plotId, status: receiptStatus } : null;
  const form = useMoneyRowsForm<ReceiptLineInput>({
    particulars,
    modes: RECEIPT_MODES,
    projectId,
    schema: receiptLinesSchema,
    mutation: useCreatePayment(target),
    successText: 'Payment saved successfully!',
    failureText: 'Error saving payment',
    derive,
    isAmountLocked: isInstallment,
    onSaved: () => setReceiptStatus(null),
  });
  const { table, status, setStatus, fail } = form;

  const changeProject = (id: number | null) => {
    setProjectId(id);
    setPlotId(null);
    setStatus(null);
    setListStatus(null);
    // Partners belong to a project.
    table.updateAll('partnerId', '');
  };
  const changePlot = (id: number | null) => {
    setPlotId(id);
    setStatus(null);
    setListStatus(null);
  };

  const cancel = () => {
    table.reset();
    setReceiptStatus(null);
    setStatus(null);
  };

  const save = () => {
    if (form.isSaving) return;
    setStatus(null);
    setListStatus(null);
    if (projectId === null || plotId === null || !receiptStatus) return fail(SELECT_FIRST);
    form.submit((line) => line);
  };

  return (
    <Stack gap="md">
      <Card padding="md">
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <ProjectSelect value={projectId} onChange={changeProject} required miw={220} autoFocus />
          <PlotSelect
            projectId={projectId}
            value={plotId}
            onChange={changePlot}
            filter={(plot) => plot.isSold}
            placeholder="Select sold plot"
            emptyMessage="No sold plots in this project"
            required
            miw={200}
          />
          <ReceiptStatusSelect value={receiptStatus} onChange={setReceiptStatus} required miw={180} />
        </Group>
      </Card>
      {plotId !== null ? (
        <Stack gap="xs">
          <SaleBuyerLine saleId={summary.data?.saleId ?? null} />
          <PaymentSummaryCards summary={summary.data} isPending={summary.isPending} error={summary.error} />
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          Choose a project and a sold plot to see its sale amount, what was received and the pending balance.
        </Text>
      )}
      <Card padding="md">
        <RowTable
          table={table}
          totalKey="amount"
          onSave={save}
          saveLabel="Save"
          isSaving={form.isSaving}
          alert={<FormStatus message={status} onClose={() => setStatus(null)} />}
          actions={
            <Button variant="default" onClick={cancel} disabled={form.isSaving}>
              Cancel
            </Button>
          }
        />
      </Card>
      {plotId !== null ? (
        <Stack gap="xs">
          <FormStatus message={listStatus} onClose={() => setListStatus(null)} />
          <PlotReceipts
            plotId={plotId}
            onResult={setListStatus}
            onStart={() => {
              // A new action: the message of the last one (a saved payment) would read as its answer.
              setStatus(null);
              setListStatus(null);
            }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
