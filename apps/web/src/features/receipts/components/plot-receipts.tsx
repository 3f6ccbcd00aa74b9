import { Alert, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDateRange, formatRupees } from '@plotbook/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { type DataColumn, DataTable } from '@/components/data-table';
import { DocumentActions } from '@/components/document-actions';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { isVoided, ShowVoidedSwitch, VoidedNote, voidedTone } from '@/components/voided';
import { type ReceiptStatusChange, useChangeReceiptStatus } from '../api/change-receipt-status';
import { usePlotReceipts } from '../api/get-plot-receipts';
import { ReceiptLineActions, type ReceiptRow } from './receipt-line-actions';
import { ReceiptStatusCell, ReverseReceiptButton } from './receipt-reversal';

const unique = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))].join(', ');

/** The receipt's date, or the range of its lines' dates when they differ: `01/04/2026 – 05/04/2026`. */
const dateText = (r: ReceiptRow): string => formatDateRange(r.lines.length > 0 ? r.lines.map((l) => l.date) : [r.date]);

/** "Cheque HDFC 112233": how each line was paid, with its cheque number or reference. */
const modeText = (r: ReceiptRow) => unique(r.lines.map((l) => (l.modeDetail ? `${l.mode} ${l.modeDetail}` : l.mode)));

/** Tells two pending receipts of one amount apart: `₹ 50,000.00 dated 05/04/2026, Cheque HDFC 112233`. */
const receiptName = (r: ReceiptRow) => `${formatRupees(r.total)} dated ${dateText(r)}, ${modeText(r)}`;

const COLUMNS: DataColumn<ReceiptRow>[] = [
  {
    key: 'receiptNo',
    label: 'Receipt No.',
    width: 150,
    value: (r) => r.receiptNo ?? '',
    // A reversal's own number under the receipt's.
    render: (r) =>
      r.receiptNo ? (
        <Stack gap={0}>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {r.receiptNo}
          </Text>
          {r.reversalNo ? (
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Reversal {r.reversalNo}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          -
        </Text>
      ),
  },
  {
    key: 'date',
    label: 'Date',
    kind: 'date',
    width: 110,
    searchValue: dateText,
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{dateText(r)}</span>,
  },
  {
    key: 'particulars',
    label: 'Particulars',
    value: (r) => unique(r.lines.map((l) => l.particular)),
    // A receipt of several lines, or with a voided one, lists its lines: a voided line struck through, who/why.
    render: (r) =>
      r.lines.length > 1 || r.lines.some(isVoided) ? (
        <Stack gap={2}>
          {r.lines.map((l) => (
            <div key={l.receiptLineId}>
              <Text size="sm" td={isVoided(l) ? 'line-through' : undefined} c={isVoided(l) ? 'dimmed' : undefined}>
                {l.particular} {formatRupees(l.amount)}
              </Text>
              {isVoided(l) ? <VoidedNote row={l} /> : null}
            </div>
          ))}
        </Stack>
      ) : (
        unique(r.lines.map((l) => l.particular))
      ),
  },
  { key: 'mode', label: 'Mode', value: modeText },
  { key: 'creditTo', label: 'Credited To', value: (r) => unique(r.lines.map((l) => l.creditTo)) },
  { key: 'partner', label: 'Partner', value: (r) => unique(r.lines.map((l) => l.partnerName)) },
  { key: 'total', label: 'Amount', kind: 'money', width: 140 },
  { key: 'status', label: 'Status', width: 140, render: (r) => <ReceiptStatusCell receipt={r} /> },
];

const WORDS: Record<ReceiptStatusChange, { title: string; verb: string; effect: string; color: string }> = {
  Completed: {
    title: 'Mark receipt as cleared?',
    verb: 'Mark cleared',
    effect: 'It will count as received and lower the pending balance.',
    color: 'green',
  },
  Cancelled: {
    title: 'Mark receipt as bounced?',
    verb: 'Mark bounced',
    effect: 'It will be Cancelled and count nowhere.',
    color: 'red',
  },
};

/**
 * The receipts of one plot, newest first. A Pending receipt (a cheque not yet cleared) can be marked cleared
 * (Completed) or bounced (Cancelled) after a confirmation; Completed and Cancelled are final.
 */
export function PlotReceipts({
  plotId,
  onResult,
  onStart,
}: {
  plotId: number;
  onResult: (message: FormStatusMessage) => void;
  /** A clear or bounce is being confirmed: earlier messages no longer apply. */
  onStart?: () => void;
}) {
  const [showVoided, setShowVoided] = useState(false);
  const { data = [], isPending, error, refetch } = usePlotReceipts(plotId, showVoided);
  const mutation = useChangeReceiptStatus();

  // biome-ignore lint/correctness/useExhaustiveDependencies: confirm only uses mutate and onResult
  const columns = useMemo<DataColumn<ReceiptRow>[]>(() => {
    const confirm = (receipt: ReceiptRow, status: ReceiptStatusChange) => {
      onStart?.();
      const words = WORDS[status];
      modals.openConfirmModal({
        title: words.title,
        children: (
          <Text size="sm">
            The Pending receipt of {formatRupees(receipt.total)} dated {dateText(receipt)} ({modeText(receipt)}).{' '}
            {words.effect} This cannot be undone.
          </Text>
        ),
        labels: { confirm: words.verb, cancel: 'Go back' },
        confirmProps: { color: words.color },
        onConfirm: () =>
          mutation.mutate(
            { receipt, status },
            {
              onSuccess: (response) => onResult({ kind: 'success', text: response.message }),
              onError: (e) => onResult(failureMessage('Error updating the receipt', e)),
            },
          ),
      });
    };
    return [
      ...COLUMNS,
      {
        key: 'actions',
        label: 'Action',
        isSortable: false,
        searchable: false,
        width: 420,
        render: (receipt) => (
          // Wraps in a phone's card rather than running off its left edge.
          <Group gap={6} wrap="wrap" justify="flex-end">
            <HistoryButton
              target={{ entity: 'receipt', entityId: receipt.receiptId, name: `receipt of ${receiptName(receipt)}` }}
            />
            <ReceiptLineActions receipt={receipt} onResult={onResult} onStart={onStart} />
            {receipt.receiptNo ? (
              <DocumentActions
                compact
                doc={{ kind: 'receipt', id: receipt.receiptId }}
                label={`receipt ${receipt.receiptNo}`}
              />
            ) : null}
            {receipt.status === 'Completed' ? (
              <ReverseReceiptButton
                receipt={receipt}
                name={receiptName(receipt)}
                onResult={onResult}
                onStart={onStart}
              />
            ) : null}
            {receipt.status === 'Pending' ? (
              <>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="green"
                  leftSection={<IconCheck size={16} />}
                  aria-label={`Mark receipt of ${receiptName(receipt)} cleared`}
                  onClick={() => confirm(receipt, 'Completed')}
                  disabled={mutation.isPending}
                >
                  Cleared
                </Button>
                <Button
                  size="compact-sm"
                  variant="light"
                  color="red"
                  leftSection={<IconX size={16} />}
                  aria-label={`Mark receipt of ${receiptName(receipt)} bounced`}
                  onClick={() => confirm(receipt, 'Cancelled')}
                  disabled={mutation.isPending}
                >
                  Bounced
                </Button>
              </>
            ) : null}
          </Group>
        ),
      },
    ];
  }, [mutation.isPending, onResult, onStart]);

  if (error) {
    return (
      <Alert color="red" variant="light" role="alert">
        Could not load the receipts: {error.message}{' '}
        <Button variant="subtle" size="compact-sm" onClick={() => refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  if (isPending) return <Skeleton h={160} radius="md" aria-busy="true" />;
  return (
    <DataTable
      title="Receipts of this plot"
      rows={data}
      columns={columns}
      rowKey={(r) => r.receiptId}
      emptyMessage="No receipts recorded for this plot yet."
      minWidth={1400}
      rowTone={(r) => (r.lines.length > 0 && r.lines.every(isVoided) ? voidedTone(r.lines[0]!) : undefined)}
      toolbar={() => <ShowVoidedSwitch checked={showVoided} onChange={setShowVoided} />}
    />
  );
}
