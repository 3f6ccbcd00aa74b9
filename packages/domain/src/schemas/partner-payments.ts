import { z } from 'zod';
import { PAYOUT_MODES } from '../constants.js';
import { id, isoDate, isoDateText, optionalText, positiveId, rupees } from './common.js';
import { moneyLineShape } from './entries.js';
import { rupeesFromPaise } from './money.js';
import { voidShape } from './voids.js';

/** Payment To Partner: one partner's row of the project's summary (rupees). */
export const partnerSummarySchema = z.object({
  partnerId: z.number(),
  partnerName: z.string(),
  percentageShare: z.number().nullable(),
  /** Σ purchase and development entries the partner paid. */
  investment: rupeesFromPaise(),
  /** Project profit × share / 100 (negative for a loss). */
  profit: rupeesFromPaise(),
  /** investment + profit. */
  total: rupeesFromPaise(),
  /** Σ Completed receipt lines credited to the partner + Σ payouts to them. */
  received: rupeesFromPaise(),
  /** total − received. */
  due: rupeesFromPaise(),
});
export type PartnerSummaryDto = z.output<typeof partnerSummarySchema>;
/** The server's side of `PartnerSummaryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PartnerSummaryAnswer = z.input<typeof partnerSummarySchema>;
export const partnerSummaryListSchema = z.array(partnerSummarySchema);

export const projectQuerySchema = z.object({ projectId: positiveId('Select a project') });

/** A receipt line of the project, as the "See All Receipt" table shows it. */
export const partnerReceiptSchema = z.object({
  receiptId: z.number(),
  /** The receipt's number in the company's series (issue 22); null until it is Completed. */
  receiptNo: z.string().nullable(),
  lineId: z.number(),
  projectName: z.string(),
  plotName: z.string(),
  ...moneyLineShape,
  /** Pending, Completed or Cancelled, shown as is. */
  status: z.string(),
});
export type PartnerReceiptDto = z.output<typeof partnerReceiptSchema>;
/** The server's side of `PartnerReceiptDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PartnerReceiptAnswer = z.input<typeof partnerReceiptSchema>;
export const partnerReceiptListSchema = z.array(partnerReceiptSchema);

/** Money handed to a partner out of a project. */
export const payoutInputSchema = z.object({
  projectId: positiveId('Select a project'),
  partnerId: positiveId('Select a partner'),
  date: z.string({ error: 'Date is required' }).min(1, 'Date is required').pipe(isoDate),
  mode: z.enum(PAYOUT_MODES, { error: 'Select a mode' }),
  modeDetail: optionalText(200),
  amount: z
    .number({ error: 'Enter an amount' })
    .pipe(rupees)
    .refine((v) => v > 0, 'Amount must be more than 0'),
  note: optionalText(500),
});
export type PayoutInput = z.input<typeof payoutInputSchema>;
export type PayoutCommand = z.output<typeof payoutInputSchema>;

export const payoutSchema = z.object({
  payoutId: z.number(),
  projectId: z.number(),
  partnerId: z.number(),
  partnerName: z.string(),
  date: isoDateText,
  mode: z.string(),
  modeDetail: z.string().nullable(),
  amount: rupeesFromPaise(),
  note: z.string().nullable(),
  ...voidShape,
});
export type PayoutDto = z.output<typeof payoutSchema>;
/** The server's side of `PayoutDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PayoutAnswer = z.input<typeof payoutSchema>;
export const payoutListSchema = z.array(payoutSchema);
export const payoutSavedSchema = z.object({ payoutId: z.number(), message: z.string() });
export type PayoutSaved = z.output<typeof payoutSavedSchema>;
export type PayoutSavedAnswer = z.input<typeof payoutSavedSchema>;

export const payoutQuerySchema = z.object({ projectId: positiveId('Select a project'), partnerId: id.optional() });
