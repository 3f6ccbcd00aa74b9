import { z } from 'zod';
import { NEW_RECEIPT_STATUSES, RECEIPT_MODES, RECEIPT_PARTICULARS, RECEIPT_STATUSES } from '../constants.js';
import { formatRupees } from '../format.js';
import { sumPaise, toPaise } from '../money.js';
import { isoDateText, MAX_RUPEES, positiveId } from './common.js';
import { moneyLineShape, moneyRow, ROW_REQUIRED } from './entries.js';
import { rupeesFromPaise } from './money.js';
import { reversalShape } from './receipt-reversals.js';
import { reasonText, voidShape } from './voids.js';

/** The spec's message when the receipt's project, plot or status is missing. */
export const PAYMENT_SELECT_REQUIRED = 'Please select Project, Plot and Status.';

/** One line of a receipt: the money row fields, with the receipt's own particulars and modes. */
export const receiptLineSchema = z.object({
  particular: z.enum(RECEIPT_PARTICULARS, { error: ROW_REQUIRED }),
  date: moneyRow.date,
  mode: z.enum(RECEIPT_MODES, { error: ROW_REQUIRED }),
  modeDetail: moneyRow.modeDetail,
  creditTo: moneyRow.creditTo,
  modeDate: moneyRow.modeDate,
  amount: moneyRow.amount,
  /** The partner the money was handed to (that partner's Receive, docs/design.md §7). */
  partnerId: moneyRow.partnerId,
});
export type ReceiptLineInput = z.input<typeof receiptLineSchema>;
export type ReceiptLine = z.output<typeof receiptLineSchema>;

export const RECEIPT_TOO_LARGE = `The receipt total may be at most ${formatRupees(MAX_RUPEES)}.`;

export const receiptLinesSchema = z
  .array(receiptLineSchema, {
    error: (issue) =>
      issue.input === undefined || issue.input === null ? 'Add at least one row.' : 'Payments must be a list of rows.',
  })
  .min(1, 'Add at least one row.')
  .max(100, 'Save at most 100 rows in one receipt.')
  // Whatever its status: a receipt's total, and so every sum of receipts, stays within what paise count exactly.
  .refine((lines) => sumPaise(lines.map((line) => toPaise(line.amount))) <= MAX_RUPEES * 100, {
    message: RECEIPT_TOO_LARGE,
  });

/** `POST /api/payment`: one receipt with its lines, saved together. */
export const createPaymentSchema = z.object({
  projectId: positiveId(PAYMENT_SELECT_REQUIRED),
  plotId: positiveId(PAYMENT_SELECT_REQUIRED),
  status: z.enum(NEW_RECEIPT_STATUSES, { error: PAYMENT_SELECT_REQUIRED }),
  payments: receiptLinesSchema,
});
export type CreatePaymentInput = z.input<typeof createPaymentSchema>;
export type CreatePayment = z.output<typeof createPaymentSchema>;

/** A Pending receipt is cleared (Completed) or bounced (Cancelled); Completed and Cancelled are final. */
export const RECEIPT_STATUS_CHANGES = ['Completed', 'Cancelled'] as const;
export const receiptStatusChangeSchema = z.object({
  status: z.enum(RECEIPT_STATUS_CHANGES, { error: 'Status must be Completed or Cancelled' }),
});
export type ReceiptStatusChange = z.output<typeof receiptStatusChangeSchema>;

/**
 * `GET /api/payment/pending/{plotId}` and `/monthly/{plotId}`: the plot's sale and where its money stands, in
 * rupees. The spec reads `pendingBalance` from the one and `monthlyAmount` from the other; both answer all of it.
 */
export const paymentSummarySchema = z.object({
  projectId: z.number(),
  plotId: z.number(),
  /** False for a plot without an active sale: it takes no receipts, and every amount is 0. */
  isSold: z.boolean(),
  saleId: z.number().nullable(),
  saleAmount: rupeesFromPaise(),
  /** Σ transfer fees charged on the sale (received by Transfer Fee lines): owed = saleAmount + transferFee. */
  transferFee: rupeesFromPaise(),
  /** Cash (shown as Full Payment) or EMI; null when unsold. */
  paymentType: z.enum(['Cash', 'EMI']).nullable(),
  /** The EMI's monthly amount; 0 for a full payment. */
  monthlyAmount: rupeesFromPaise(),
  /** Σ Completed receipts. */
  received: rupeesFromPaise(),
  /** Σ Pending receipts: recorded, not yet cleared. */
  awaitingClearance: rupeesFromPaise(),
  /** Sale amount + transfer fees − received. */
  pendingBalance: rupeesFromPaise(),
  /** s.194-IA: the TDS the buyer owes on the sale (0 below the company's threshold or when unsold). */
  tdsDue: rupeesFromPaise(),
  /** Σ Completed 'TDS (194-IA)' lines of the sale. */
  tdsReceived: rupeesFromPaise(),
  /** RERA s.13: the sale's agreement for sale registration date (null: not registered, or unsold). */
  agreementDate: isoDateText.nullable(),
  /** Σ the sale's Completed and Pending lines dated before the agreement date (all of them when there is none). */
  receivedBeforeAgreement: rupeesFromPaise(),
});
export type PaymentSummaryDto = z.output<typeof paymentSummarySchema>;
/** The server's side of `PaymentSummaryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PaymentSummaryAnswer = z.input<typeof paymentSummarySchema>;

export const receiptLineDtoSchema = z.object({ receiptLineId: z.number(), ...moneyLineShape, ...voidShape });
export type ReceiptLineDto = z.output<typeof receiptLineDtoSchema>;
/** The server's side of `ReceiptLineDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ReceiptLineAnswer = z.input<typeof receiptLineDtoSchema>;

/** A receipt's number in the company's series for the financial year (`RCT/26-27/00042`); null until Completed. */
const receiptNo = z.string().nullable();

export const receiptSchema = z.object({
  receiptId: z.number(),
  receiptNo,
  /** A reversal's own number in the same series; null unless Reversed. */
  reversalNo: z.string().nullable(),
  projectId: z.number(),
  plotId: z.number(),
  saleId: z.number().nullable(),
  status: z.enum(RECEIPT_STATUSES),
  total: rupeesFromPaise(),
  /** The first line's date: when the money was received. */
  date: isoDateText.nullable(),
  createdAt: z.string(),
  lines: z.array(receiptLineDtoSchema),
  ...reversalShape,
});
export type ReceiptDto = z.output<typeof receiptSchema>;
/** The server's side of `ReceiptDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ReceiptAnswer = z.input<typeof receiptSchema>;
export const receiptListSchema = z.array(receiptSchema);

/** The answer to saving a receipt or changing its status: the receipt and the plot's balance after it. */
export const paymentSavedSchema = z.object({
  message: z.string(),
  receiptId: z.number(),
  receiptNo,
  /** The reversal's own number (the answer to a reversal). */
  reversalNo: z.string().nullable().optional(),
  status: z.enum(RECEIPT_STATUSES),
  total: rupeesFromPaise(),
  received: rupeesFromPaise(),
  pendingBalance: rupeesFromPaise(),
  /** What the tax and cash rules say about this receipt (s.269SS cash, RERA s.13); saved all the same. */
  warnings: z.array(z.string()).optional(),
});
export type PaymentSavedDto = z.output<typeof paymentSavedSchema>;
/** The server's side of `PaymentSavedDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PaymentSavedAnswer = z.input<typeof paymentSavedSchema>;

/** `PUT /api/payment/line/{lineId}`: a Pending receipt's line gets a new amount (and mode detail); why, when old. */
export const receiptLineEditSchema = z.object({
  amount: receiptLineSchema.shape.amount,
  modeDetail: receiptLineSchema.shape.modeDetail.optional(),
  reason: reasonText,
});
export type ReceiptLineEdit = z.output<typeof receiptLineEditSchema>;
