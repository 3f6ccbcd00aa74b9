import { Button, Stack, Text } from '@mantine/core';
import { formatRupees, type ReceiptDto } from '@plotbook/domain';
import { IconArrowBackUp } from '@tabler/icons-react';
import type { FormStatusMessage } from '@/components/form-status';
import { formatIndiaDateTime } from '@/components/history';
import { openReasonModal } from '@/components/reason-modal';
import { useReverseReceipt } from '../api/reverse-receipt';
import { ReceiptStatusBadge } from './receipt-status';

/**
 * Reverse a Completed receipt (issue 20): a Completed receipt is never edited; a wrong one is reversed with a reason
 * (the shared reason dialog), and the clerk records the right one.
 */
export function ReverseReceiptButton({
  receipt,
  name,
  onResult,
  onStart,
}: {
  receipt: ReceiptDto;
  /** Tells the receipt apart for screen readers: `₹ 50,000.00 dated 05/04/2026, Cheque 112233`. */
  name: string;
  onResult: (message: FormStatusMessage) => void;
  onStart?: () => void;
}) {
  const mutation = useReverseReceipt();
  const open = () => {
    onStart?.();
    openReasonModal({
      title: 'Reverse this receipt?',
      children: `The Completed receipt of ${name}. ${formatRupees(receipt.total)} will no longer count as received: the pending balance rises by ${formatRupees(receipt.total)}, and the receipt stays in this list as Reversed with your reason. Record the right receipt afterwards.`,
      confirmLabel: 'Reverse receipt',
      color: 'orange',
      reasonLabel: 'Reason for the reversal',
      onConfirm: (reason) =>
        mutation.mutateAsync(
          { receipt, reason },
          { onSuccess: (response) => onResult({ kind: 'success', text: response.message }) },
        ),
    });
  };
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="orange"
      leftSection={<IconArrowBackUp size={16} aria-hidden />}
      aria-label={`Reverse receipt of ${name}`}
      onClick={open}
      disabled={mutation.isPending}
    >
      Reverse
    </Button>
  );
}

/** The receipt's status; a Reversed one says when, by whom and why under its badge. */
export function ReceiptStatusCell({ receipt }: { receipt: ReceiptDto }) {
  if (receipt.status !== 'Reversed') return <ReceiptStatusBadge status={receipt.status} />;
  return (
    <Stack gap={2} align="flex-start">
      <ReceiptStatusBadge status="Reversed" />
      <Text size="xs" c="dimmed" style={{ display: 'inline-block', minWidth: 120, maxWidth: 220 }}>
        {receipt.reversedBy ? `By ${receipt.reversedBy}` : 'Reversed'}
        {receipt.reversedAt ? ` on ${formatIndiaDateTime(receipt.reversedAt)}` : ''}
        {receipt.reverseReason ? `: ${receipt.reverseReason}` : ''}
      </Text>
    </Stack>
  );
}
