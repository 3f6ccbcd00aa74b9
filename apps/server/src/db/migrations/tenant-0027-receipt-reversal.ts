import type { Migration } from '../migrate.js';

/**
 * Receipt reversal (issue 20): a Completed receipt is never edited; it is reversed with a reason. The status CHECK
 * gains 'Reversed' (RECEIPT_STATUSES, packages/domain constants.ts; the list is replaced whole) and the receipt
 * records when, by whom and why, all three or none, and only on a Reversed receipt. The triggers count only
 * Completed receipts, so a reversal leaves every total as a cancellation does (its lines' copied status moves too).
 */
export const receiptReversal: Migration = {
  name: '0027_receipt_reversal',
  statements: (s) => [
    `alter table ${s}.receipts drop constraint receipts_status_check`,
    `alter table ${s}.receipts add constraint receipts_status_check check (status in ('Pending', 'Completed', 'Cancelled', 'Reversed'))`,
    `alter table ${s}.receipts add column reversed_at timestamptz, add column reversed_by integer, add column reverse_reason text`,
    `alter table ${s}.receipts add constraint receipts_reversal_check check (
        (reversed_at is null and reversed_by is null and reverse_reason is null and status <> 'Reversed')
        or (reversed_at is not null and reversed_by is not null and reverse_reason is not null and status = 'Reversed')
      )`,
  ],
};
