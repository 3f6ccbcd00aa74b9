import { z } from 'zod';
import { reasonText } from './voids.js';

/**
 * Receipt reversal (issue 20): a Completed receipt is never edited. `POST /api/payment/{id}/reverse { reason }` sets
 * it to 'Reversed' with who, when and why; it then counts nowhere (like a Cancelled one) and stays in the plot's list.
 */

export const REVERSE_REASON_REQUIRED = 'Give a reason for reversing this receipt';
export const RECEIPT_REVERSED_MESSAGE = 'Receipt reversed.';

/** The body of a reversal; whether a reason was given is the service's to say (a 400 naming `reason`). */
export const receiptReverseSchema = z.object({ reason: reasonText }).nullish();
export type ReceiptReverse = z.output<typeof receiptReverseSchema>;

/** When, by whom (the user's name) and why a receipt was reversed; all null unless it is Reversed. */
export const reversalShape = {
  reversedAt: z.iso.datetime().nullable(),
  reversedBy: z.string().nullable(),
  reverseReason: z.string().nullable(),
};
