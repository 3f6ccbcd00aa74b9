import { ActionIcon, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDate, formatRupees, type PurchaseDto } from '@plotbook/domain';
import { IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { useDeletePurchase } from '../api/delete-purchase';

const COLUMNS: DataColumn<PurchaseDto>[] = [
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

/**
 * The purchase entries of one project, each deletable after a confirmation. Rows come a page at a time; the
 * total row is the server's sum over the whole list (or over everything a search matched).
 */
export function PurchasesTable({
  purchases,
  paging,
  totalAmount,
  onResult,
}: {
  purchases: PurchaseDto[];
  paging: DataTablePaging;
  totalAmount: number;
  onResult: (message: FormStatusMessage) => void;
}) {
  const mutation = useDeletePurchase();

  const confirmDelete = (purchase: PurchaseDto) =>
    modals.openConfirmModal({
      title: 'Delete purchase entry?',
      children: (
        <Text size="sm">
          {purchase.particular} of {formatRupees(purchase.amount)} on {formatDate(purchase.date)} will be removed. This
          cannot be undone.
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(purchase.plotPurchaseId, {
          onSuccess: (response) => onResult({ kind: 'success', text: response.message }),
          onError: (error) => onResult(failureMessage('Failed to delete the purchase entry.', error)),
        }),
    });

  const deletingId = mutation.isPending ? mutation.variables : undefined;
  // Kept while nothing it shows changes, so a new page renders only its own rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: confirmDelete only uses mutate and onResult, both listed
  const columns = useMemo<DataColumn<PurchaseDto>[]>(
    () => [
      ...COLUMNS,
      {
        key: 'actions',
        label: 'Action',
        isSortable: false,
        searchable: false,
        align: 'center',
        render: (purchase) => (
          <Tooltip label="Delete" openDelay={400}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${purchase.particular} of ${formatRupees(purchase.amount)}`}
              onClick={() => confirmDelete(purchase)}
              loading={deletingId === purchase.plotPurchaseId}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Tooltip>
        ),
      },
    ],
    [deletingId, mutation.mutate, onResult],
  );

  return (
    <DataTable
      title="Purchase Entries"
      rows={purchases}
      columns={columns}
      rowKey={(p) => p.plotPurchaseId}
      footer={sqlTotalFooter(COLUMNS, 'Total', { amount: totalAmount })}
      paging={paging}
      minWidth={900}
    />
  );
}
