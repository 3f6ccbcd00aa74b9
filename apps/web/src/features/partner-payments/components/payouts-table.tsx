import { Button, Group } from '@mantine/core';
import { formatDate, formatRupees } from '@plotbook/domain';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';
import type { FormStatusMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { openReasonModal } from '@/components/reason-modal';
import { isVoided, VoidedNote, voidedTone } from '@/components/voided';
import type { PayoutRow } from '../api/get-payouts';
import { useVoidPayout } from '../api/void-payout';

const COLUMNS: DataColumn<PayoutRow>[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'partnerName', label: 'Partner' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'note', label: 'Note' },
  { key: 'amount', label: 'Amount', kind: 'money' },
];

const payoutName = (p: PayoutRow) => `payout of ${formatRupees(p.amount)} to ${p.partnerName}`;

/** Money handed to the project's partners, newest last, with the SQL total; a payout is voided with a reason. */
export function PayoutsTable({
  rows,
  paging,
  totalAmount,
  onResult,
  toolbar,
}: {
  rows: PayoutRow[];
  paging: DataTablePaging;
  totalAmount: number;
  onResult: (message: FormStatusMessage) => void;
  /** Beside the search box (the Show voided switch). */
  toolbar?: ReactNode;
}) {
  const mutation = useVoidPayout();
  const confirmVoid = (payout: PayoutRow) =>
    openReasonModal({
      title: 'Void this payout?',
      children: `The ${payoutName(payout)} on ${formatDate(payout.date)} will no longer count: the partner is due it again. It stays on record, struck through, with your reason.`,
      confirmLabel: 'Void',
      onConfirm: (reason) =>
        mutation
          .mutateAsync({ payoutId: payout.payoutId, reason })
          .then((response) => onResult({ kind: 'success', text: response.message })),
    });

  const columns: DataColumn<PayoutRow>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      label: 'Action',
      isSortable: false,
      searchable: false,
      render: (payout) => (
        <Group gap={6} wrap="nowrap">
          <HistoryButton
            target={{ entity: 'payout', entityId: payout.payoutId, name: payoutName(payout) }}
            label={`History of ${payoutName(payout)}`}
          />
          {isVoided(payout) ? (
            <VoidedNote row={payout} />
          ) : (
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              aria-label={`Void ${payoutName(payout)}`}
              onClick={() => confirmVoid(payout)}
            >
              Void
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      title="Payouts to Partners"
      rows={rows}
      columns={columns}
      rowKey={(r) => r.payoutId}
      paging={paging}
      footer={sqlTotalFooter(COLUMNS, 'Total', { amount: totalAmount })}
      emptyMessage="No payouts recorded for this project yet."
      noun="payouts"
      minWidth={900}
      rowTone={voidedTone}
      toolbar={toolbar ? () => toolbar : undefined}
    />
  );
}
