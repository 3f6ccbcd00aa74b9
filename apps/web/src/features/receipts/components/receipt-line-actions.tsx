import { Button, Group, Menu, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatRupees, type ReceiptDto, type ReceiptLineDto } from '@plotbook/domain';
import { IconBan, IconChevronDown, IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { DecimalInput, type DecimalValue } from '@/components/decimal-input';
import type { FormStatusMessage } from '@/components/form-status';
import { keepRupeesTogether } from '@/components/history/audit-words';
import { openReasonModal, submitOnEnter } from '@/components/reason-modal';
import { isVoided, type Voidable } from '@/components/voided';
import { ApiError } from '@/lib/api-client';
import { useEditReceiptLine, useVoidReceiptLine } from '../api/receipt-lines';

export type ReceiptLineRow = ReceiptLineDto & Voidable;
export type ReceiptRow = Omit<ReceiptDto, 'lines'> & { lines: ReceiptLineRow[] };

export const lineName = (line: ReceiptLineRow) => `${line.particular} of ${formatRupees(line.amount)}`;

function EditAmountForm({
  receipt,
  line,
  onDone,
  onResult,
}: {
  receipt: ReceiptRow;
  line: ReceiptLineRow;
  onDone: () => void;
  onResult: (message: FormStatusMessage) => void;
}) {
  const mutation = useEditReceiptLine();
  const [amount, setAmount] = useState<DecimalValue>(line.amount);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string; form?: string }>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (amount === '' || amount <= 0) {
      setErrors({ amount: 'Enter an amount greater than zero.' });
      return;
    }
    setErrors({});
    try {
      const response = await mutation.mutateAsync({
        receipt: receipt as ReceiptDto,
        lineId: line.receiptLineId,
        amount,
        reason: reason.trim(),
      });
      onResult({ kind: 'success', text: response.message });
      onDone();
    } catch (e) {
      const fields = e instanceof ApiError ? (e.fields ?? {}) : {};
      if (fields.amount || fields.reason) setErrors({ amount: fields.amount, reason: fields.reason });
      else setErrors({ form: e instanceof Error ? e.message : 'Could not save. Please try again.' });
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {line.particular} paid by {line.mode}
          {line.modeDetail ? ` ${line.modeDetail}` : ''}, now {keepRupeesTogether(formatRupees(line.amount))}.
        </Text>
        <DecimalInput
          label="Amount"
          leftSection="₹"
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          data-autofocus
          required
        />
        <Textarea
          label="Reason"
          description="Needed when the receipt was recorded before today; kept in its history."
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          onKeyDown={submitOnEnter}
          error={errors.reason}
        />
        {errors.form ? (
          <Text size="sm" c="red" role="alert">
            {errors.form}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Save amount
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * A Pending receipt's lines still counted: each one's amount can be changed (with a reason when the receipt is
 * older than today) or, when the receipt has another line, the line voided (with a reason). One menu per receipt.
 */
export function ReceiptLineActions({
  receipt,
  onResult,
  onStart,
}: {
  receipt: ReceiptRow;
  onResult: (message: FormStatusMessage) => void;
  onStart?: () => void;
}) {
  const voidLine = useVoidReceiptLine();
  const lines = receipt.lines.filter((l) => !isVoided(l));
  // Only a Pending receipt's lines are corrected; a cleared or bounced receipt is final.
  if (lines.length === 0 || receipt.status !== 'Pending') return null;

  const openEdit = (line: ReceiptLineRow) => {
    onStart?.();
    const id = `edit-line-${line.receiptLineId}`;
    modals.open({
      modalId: id,
      title: <Text fw={700}>Edit amount</Text>,
      children: <EditAmountForm receipt={receipt} line={line} onDone={() => modals.close(id)} onResult={onResult} />,
    });
  };
  const openVoid = (line: ReceiptLineRow) => {
    onStart?.();
    openReasonModal({
      title: 'Void this receipt line?',
      children: `${lineName(line)} (${line.mode}${line.modeDetail ? ` ${line.modeDetail}` : ''}) will no longer count. It stays on record, struck through, with your reason.`,
      confirmLabel: 'Void',
      onConfirm: (reason) =>
        voidLine
          .mutateAsync({ receipt: receipt as ReceiptDto, lineId: line.receiptLineId, reason })
          .then((response) => onResult({ kind: 'success', text: response.message })),
    });
  };

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="default" rightSection={<IconChevronDown size={14} aria-hidden />}>
          Lines
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {lines.map((line) => (
          <div key={line.receiptLineId}>
            <Menu.Label>{lineName(line)}</Menu.Label>
            {/* The label above names the line; a reader of the screen hears it in the item's own name. */}
            <Menu.Item
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => openEdit(line)}
              aria-label={`Edit amount of ${lineName(line)}`}
            >
              Edit amount
            </Menu.Item>
            {/* A receipt's only line is not voided: the receipt is marked bounced instead (the API says so). */}
            {lines.length > 1 ? (
              <Menu.Item
                color="red"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => openVoid(line)}
                aria-label={`Void ${lineName(line)}`}
              >
                Void this line
              </Menu.Item>
            ) : null}
          </div>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
