import { Button, Group, Select } from '@mantine/core';
import {
  contributionUpdateSchema,
  DEVELOPMENT_CATEGORY_LABELS,
  DEVELOPMENT_PARTICULARS,
  formatDate,
  formatRupees,
} from '@plotbook/domain';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import { type FormStatusMessage, failureMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { Money } from '@/components/money';
import { asksForReason, openEditReasonModal, openReasonModal } from '@/components/reason-modal';
import { PartnerSelect } from '@/components/selects/partner-select';
import { isVoided, VoidedNote, voidedTone } from '@/components/voided';
import { useVoidContribution } from '../api/delete-contribution';
import type { ContributionRow } from '../api/get-contributions';
import { type ContributionUpdate, useUpdateContribution } from '../api/update-contribution';

/** A development entry's History: the trail's `development` rows. */
const historyOf = (row: ContributionRow) => ({
  entity: 'development' as const,
  entityId: row.developmentId,
  name: `${row.particular} of ${formatRupees(row.amount)}`,
});

interface Draft {
  developmentId: number;
  particular: string | null;
  amount: DecimalValue;
  partnerId: number | null;
}

interface ContributionsTableProps {
  projectId: number;
  rows: ContributionRow[];
  paging: DataTablePaging;
  /** Σ amount of the whole list (or of a search's matches), from the server. */
  totalAmount: number;
  onResult: (message: FormStatusMessage | null) => void;
  emptyMessage: string;
  /** Beside the search box (the Show voided switch). */
  toolbar?: ReactNode;
}

/** Development rows, each switching between view and edit (particular, amount, partner) on its own. */
export function ContributionsTable({
  projectId,
  rows,
  paging,
  totalAmount,
  onResult,
  emptyMessage,
  toolbar,
}: ContributionsTableProps) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const update = useUpdateContribution();
  const remove = useVoidContribution();
  const isEditing = (row: ContributionRow) => draft?.developmentId === row.developmentId;

  const startEdit = (row: ContributionRow) => {
    onResult(null);
    setDraft({
      developmentId: row.developmentId,
      particular: row.particular,
      amount: row.amount,
      partnerId: row.partnerId,
    });
  };

  const save = (row: ContributionRow) => {
    if (!draft || update.isPending) return;
    const body = {
      developmentId: row.developmentId,
      particular: draft.particular ?? '',
      amount: draft.amount === '' ? Number.NaN : draft.amount,
      partnerId: draft.partnerId ?? 0,
      category: row.category,
    };
    const parsed = contributionUpdateSchema.safeParse(body);
    if (!parsed.success) {
      onResult({ kind: 'error', text: parsed.error.issues[0]?.message ?? 'Please check the row.' });
      return;
    }
    const saved = () => {
      setDraft(null);
      onResult({ kind: 'success', text: 'Contribution updated successfully!' });
    };
    update.mutate(body as ContributionUpdate, {
      onSuccess: saved,
      onError: (error) => {
        // An entry recorded before today is changed only with a reason: ask, then send it again.
        if (asksForReason(error)) {
          openEditReasonModal((reason) => update.mutateAsync({ ...(body as ContributionUpdate), reason }).then(saved));
        } else onResult(failureMessage('Failed to update contribution.', error));
      },
    });
  };

  const confirmVoid = (row: ContributionRow) =>
    openReasonModal({
      title: 'Void this development entry?',
      children: `${row.particular} of ${formatRupees(row.amount)} on ${formatDate(row.date)}${row.partnerName ? ` paid by ${row.partnerName}` : ''} will no longer count in any total. It stays on record, struck through, with your reason.`,
      confirmLabel: 'Void',
      onConfirm: (reason) =>
        remove.mutateAsync({ developmentId: row.developmentId, reason }).then((response) => {
          if (isEditing(row)) setDraft(null);
          onResult({ kind: 'success', text: response.message });
        }),
    });

  // Enter saves the row being edited, Escape leaves it unchanged.
  const editKeys = (row: ContributionRow) => (event: KeyboardEvent) => {
    if (event.defaultPrevented) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      save(row);
    } else if (event.key === 'Escape') {
      setDraft(null);
    }
  };

  const columns: DataColumn<ContributionRow>[] = [
    {
      key: 'particular',
      label: 'Particular',
      width: 190,
      render: (row) =>
        isEditing(row) && draft ? (
          <Select
            aria-label="Particular"
            data={DEVELOPMENT_PARTICULARS}
            value={draft.particular}
            onChange={(particular) => setDraft({ ...draft, particular })}
            onKeyDown={editKeys(row)}
            allowDeselect={false}
            autoFocus
            size="xs"
          />
        ) : (
          row.particular
        ),
    },
    { key: 'category', label: 'Category', value: (row) => DEVELOPMENT_CATEGORY_LABELS[row.category] },
    { key: 'plotName', label: 'Plot', value: (row) => row.plotName ?? 'All plots' },
    { key: 'date', label: 'Date', kind: 'date' },
    {
      key: 'partnerName',
      label: 'Partner',
      width: 200,
      render: (row) =>
        isEditing(row) && draft ? (
          <PartnerSelect
            projectId={projectId}
            label={null}
            aria-label="Partner"
            value={draft.partnerId}
            onChange={(partnerId) => setDraft({ ...draft, partnerId })}
            onKeyDown={editKeys(row)}
            clearable={false}
            size="xs"
          />
        ) : (
          (row.partnerName ?? '-')
        ),
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'money',
      width: 160,
      render: (row) =>
        isEditing(row) && draft ? (
          <DecimalInput
            aria-label="Amount"
            value={draft.amount}
            onChange={(amount) => setDraft({ ...draft, amount })}
            onKeyDown={editKeys(row)}
            leftSection="₹"
            size="xs"
            styles={{ input: { textAlign: 'right' } }}
          />
        ) : (
          <Money value={row.amount} />
        ),
    },
    {
      key: 'actions',
      label: 'Actions',
      isSortable: false,
      searchable: false,
      width: 230,
      render: (row) =>
        isVoided(row) ? (
          <Group gap={6} wrap="nowrap">
            <HistoryButton target={historyOf(row)} />
            <VoidedNote row={row} />
          </Group>
        ) : isEditing(row) ? (
          <Group gap={6} wrap="nowrap">
            <Button size="compact-sm" onClick={() => save(row)} loading={update.isPending}>
              Save
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setDraft(null)} disabled={update.isPending}>
              Cancel
            </Button>
          </Group>
        ) : (
          <Group gap={6} wrap="nowrap">
            <Button size="compact-sm" variant="light" onClick={() => startEdit(row)} disabled={draft !== null}>
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => confirmVoid(row)}
              loading={remove.isPending && remove.variables?.developmentId === row.developmentId}
            >
              Void
            </Button>
            <HistoryButton target={historyOf(row)} />
          </Group>
        ),
    },
  ];

  return (
    <DataTable
      title="Development Entries"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.developmentId}
      footer={sqlTotalFooter(columns, 'Total', { amount: totalAmount })}
      paging={paging}
      isRowActive={isEditing}
      emptyMessage={emptyMessage}
      minWidth={1040}
      rowTone={voidedTone}
      toolbar={toolbar ? () => toolbar : undefined}
    />
  );
}
