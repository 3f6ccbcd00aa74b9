import { z } from 'zod';
import { addPaise, type Paise, ZERO_PAISE } from '../money.js';
import { id, isoDate, isoDateText, plainText, rupees } from './common.js';
import { rupeesFromPaise } from './money.js';
import { REASON_MAX_LENGTH } from './voids.js';

/**
 * A sale handed to another buyer (issue 20, item 4): the sale, its schedule, receipts and balance move to the new
 * buyer; the fee is income charged on the sale, received like any receipt (particular 'Transfer Fee').
 */

/** What the Sales listing shows: an active sale handed over at least once reads Transferred. */
export const SALE_DISPLAY_STATUSES = ['Active', 'Cancelled', 'Transferred'] as const;
export type SaleDisplayStatus = (typeof SALE_DISPLAY_STATUSES)[number];

/** The particular of a receipt line that pays a transfer fee (in RECEIPT_PARTICULARS). */
export const TRANSFER_FEE_PARTICULAR = 'Transfer Fee';

export const TRANSFER_REASON_REQUIRED = 'Give a reason for this transfer';

/** What a buyer owes on a sale: its amount plus the transfer fees charged on it (issue 20's money model). */
export function owedPaise(sale: { salePaise: Paise; transferFeePaise?: Paise }): Paise {
  return addPaise(sale.salePaise, sale.transferFeePaise ?? ZERO_PAISE);
}

/** POST /api/sale/{saleId}/transfer. */
export const saleTransferSchema = z.object({
  date: isoDate,
  toBuyerId: id,
  transferFee: rupees.default(0),
  reason: plainText({ label: 'Reason', required: TRANSFER_REASON_REQUIRED })
    .min(1, TRANSFER_REASON_REQUIRED)
    .max(REASON_MAX_LENGTH, `Reason may be at most ${REASON_MAX_LENGTH} characters`),
});
export type SaleTransferInput = z.input<typeof saleTransferSchema>;
export type SaleTransferCommand = z.output<typeof saleTransferSchema>;

/** One hand-over of a sale, as the buyer page and the transfer's answer show it. */
export const saleTransferRowSchema = z.object({
  transferId: z.number(),
  saleId: z.number(),
  projectName: z.string(),
  plotName: z.string(),
  date: isoDateText,
  fromBuyerId: z.number().nullable(),
  fromBuyerName: z.string().nullable(),
  toBuyerId: z.number(),
  toBuyerName: z.string(),
  transferFee: rupeesFromPaise(),
  reason: z.string(),
});
export type SaleTransferRowDto = z.output<typeof saleTransferRowSchema>;
export type SaleTransferRowAnswer = z.input<typeof saleTransferRowSchema>;

/** The answer to a transfer: the hand-over, and the sale's money after it. */
export const saleTransferredSchema = z.object({
  message: z.string(),
  transfer: saleTransferRowSchema,
  /** Sale amount + every transfer fee charged on it. */
  owed: rupeesFromPaise(),
  received: rupeesFromPaise(),
  pending: rupeesFromPaise(),
  /** Transfer fees charged and not yet received by Transfer Fee lines. */
  transferFeeDue: rupeesFromPaise(),
});
export type SaleTransferredDto = z.output<typeof saleTransferredSchema>;
export type SaleTransferredAnswer = z.input<typeof saleTransferredSchema>;
