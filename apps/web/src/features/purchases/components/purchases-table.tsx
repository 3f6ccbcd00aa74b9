import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { formatDate, formatRupees } from '@plotbook/domain';
import { IconBan } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';
import type { FormStatusMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { openReasonModal } from '@/components/reason-modal';
import { isVoided, VoidedNote, voidedTone } from '@/components/voided';
import { useVoidPurchase } from '../api/delete-purchase';
import type { PurchaseRow } from '../api/get-purchases';

const COLUMNS: DataColumn<PurchaseRow>[] = [
  { key: 'projectName', label: 'Project Name' },
  { key: 'particular', label: 'Particular' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'creditTo', label: 'Credited To' },
  { key: 'modeDate', label: 'Mode Date', kind: 'date' },
  { key: 'partnerName', label: 'Partner' },
  { key: 'amount', label: 'Amount', kind: 'money' },
];

const entryName = (p: PurchaseRow) => `${p.particular} of ${formatRupees(p.amount)}`;

/**
 * The purchase entries of one project. An entry is voided (with a reason), never deleted: with "Show voided" it
 * shows struck through with who voided it and why. Rows come a page at a time; the total row is the server's sum.
 */
export function PurchasesTable({
  purchases,
  paging,
  totalAmount,
  onResult,
  toolbar,
}: {
  purchases: PurchaseRow[];
  paging: DataTablePaging;
  totalAmount: number;
  onResult: (message: FormStatusMessage) => void;
  /** Beside the search box (the Show voided switch). */
  toolbar?: ReactNode;
}) {
  const mutation = useVoidPurchase();

  const confirmVoid = (purchase: PurchaseRow) =>
    openReasonModal({
      title: 'Void purchase entry?',
      children: `${purchase.particular} of ${formatRupees(purchase.amount)} on ${formatDate(purchase.date)} will no longer count in any total. It stays on record, struck through, with your reason.`,
      confirmLabel: 'Void',
      onConfirm: (reason) =>
        mutation
          .mutateAsync({ plotPurchaseId: purchase.plotPurchaseId, reason })
          .then((response) => onResult({ kind: 'success', text: response.message })),
    });

  // Kept while nothing it shows changes, so a new page renders only its own rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: confirmVoid only uses mutateAsync and onResult, both listed
  const columns = useMemo<DataColumn<PurchaseRow>[]>(
    () => [
      ...COLUMNS,
      {
        key: 'actions',
        label: 'Action',
        isSortable: false,
        searchable: false,
        align: 'center',
        render: (purchase) => (
          <Group gap={4} wrap="nowrap" justify="center">
            <HistoryButton
              iconOnly
              target={{ entity: 'purchase', entityId: purchase.plotPurchaseId, name: entryName(purchase) }}
            />
            {isVoided(purchase) ? (
              <VoidedNote row={purchase} />
            ) : (
              <Tooltip label="Void" openDelay={400}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Void ${entryName(purchase)}`}
                  onClick={() => confirmVoid(purchase)}
                >
                  <IconBan size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ),
      },
    ],
    [mutation.mutateAsync, onResult],
  );

  return (
    <DataTable
      title="Purchase Entries"
      rows={purchases}
      columns={columns}
      rowKey={(p) => p.plotPurchaseId}
      footer={sqlTotalFooter(COLUMNS, 'Total', { amount: totalAmount })}
      paging={paging}
      minWidth={1000}
      rowTone={voidedTone}
      toolbar={toolbar ? () => toolbar : undefined}
    />
  );
}
