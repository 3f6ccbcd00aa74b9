import { z } from 'zod';
import { RECEIPT_MODES, REFUND_STATUSES } from '../constants.js';
import { formatRupees } from '../format.js';
import { type Paise, toRupees } from '../money.js';
import { id, isoDate, isoDateText, optionalText, plainText, rupees } from './common.js';
import { rupeesFromPaise } from './money.js';
import { REASON_MAX_LENGTH } from './voids.js';

/** A refund's mode: how the money went back to the buyer (a receipt's modes). */
export const REFUND_MODES = RECEIPT_MODES;

/**
 * `POST /api/sale/{saleId}/cancel`: the sale is cancelled on `date`; of what it has received, `refundAmount` goes
 * back to the buyer (by `refundMode`, `modeDetail` the cheque or reference number) and `retainedAmount` is kept as
 * the company's income (cancellation charge, forfeited token). The two add up to what was received (the service
 * says so with a 400 naming it). `partnerId`, when given, is the one partner the refund is paid from; else it is
 * split over the partners the sale's receipts credited, in proportion.
 */
export const cancelSaleSchema = z.object({
  date: z.string({ error: 'Enter the cancellation date' }).min(1, 'Enter the cancellation date').pipe(isoDate),
  reason: plainText({ label: 'Reason', required: 'Enter why the sale is cancelled' })
    .min(1, 'Enter why the sale is cancelled')
    .max(REASON_MAX_LENGTH, `Reason may be at most ${REASON_MAX_LENGTH} characters`),
  refundAmount: rupees,
  refundMode: z.enum(REFUND_MODES, { error: 'Select how the refund is paid' }).nullish(),
  modeDetail: optionalText(),
  retainedAmount: rupees,
  partnerId: id.nullish(),
});
export type CancelSaleInput = z.input<typeof cancelSaleSchema>;
export type CancelSale = z.output<typeof cancelSaleSchema>;

/** The 400 when refund + retained is not what the sale has received. */
export function cancelSplitMessage(receivedPaise: Paise, refundPaise: Paise, retainedPaise: Paise): string {
  const received = formatRupees(toRupees(receivedPaise));
  return `Refund ${formatRupees(toRupees(refundPaise))} and retained ${formatRupees(toRupees(retainedPaise))} must add up to ${received}, what this sale has received.`;
}

/** `POST /api/sale/{saleId}/refund/clear`: the refund cheque was paid on `date`. */
export const clearRefundSchema = z.object({
  date: z.string({ error: 'Enter the date the refund was paid' }).min(1, 'Enter the date').pipe(isoDate),
});
export type ClearRefund = z.output<typeof clearRefundSchema>;

/** A sale's cancellation, as the API answers it. */
export const cancellationSchema = z.object({
  message: z.string(),
  saleId: z.number().int(),
  cancelDate: isoDateText,
  reason: z.string(),
  received: rupeesFromPaise(),
  refund: rupeesFromPaise(),
  retained: rupeesFromPaise(),
  refundMode: z.string().nullable(),
  modeDetail: z.string().nullable(),
  refundStatus: z.enum(REFUND_STATUSES),
  refundPaidDate: isoDateText.nullable(),
  /** On a cancel: the s.269T warning of a cash refund reaching the cash limit (the company warns rather than refuses). */
  warnings: z.array(z.string()).optional(),
});
export type CancellationDto = z.output<typeof cancellationSchema>;
export type CancellationAnswer = z.input<typeof cancellationSchema>;
