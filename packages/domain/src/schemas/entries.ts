import { z } from 'zod';
import { DEVELOPMENT_CATEGORIES, DEVELOPMENT_PARTICULARS, PAYMENT_MODES, PURCHASE_PARTICULARS } from '../constants.js';
import { isoDate, isoDateText, optionalText, positiveId, rupees } from './common.js';
import { rupeesFromPaise } from './money.js';
import { reasonText, voidShape } from './voids.js';

export const ROW_REQUIRED = 'All fields are required in each row';

const requiredId = positiveId(ROW_REQUIRED);
const text = optionalText(200);

/** The fields every money row shares (purchase, development, receipt lines): on a date, by a mode, by a partner. */
export const moneyRow = {
  projectId: requiredId,
  partnerId: requiredId,
  date: z.string({ error: ROW_REQUIRED }).min(1, ROW_REQUIRED).pipe(isoDate),
  mode: z.enum(PAYMENT_MODES, { error: ROW_REQUIRED }),
  modeDetail: text,
  creditTo: text,
  /** Defaults to the row date. */
  modeDate: z
    .union([z.literal(''), isoDate])
    .nullish()
    .transform((v) => (v ? v : null)),
  amount: z
    .number({ error: ROW_REQUIRED })
    .pipe(rupees)
    .refine((v) => v > 0, 'Amount must be more than 0'),
};

/** Accepts one row or an array of rows; either way it is saved in one transaction. */
const rows = <T extends z.ZodType>(row: T) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v : [v]),
    z.array(row).min(1, 'Add at least one row.').max(500, 'Save at most 500 rows at once.'),
  );

export const purchaseRowSchema = z.object({
  ...moneyRow,
  particular: z.enum(PURCHASE_PARTICULARS, { error: ROW_REQUIRED }),
});
export const purchaseRowsSchema = rows(purchaseRowSchema);
export type PurchaseRowInput = z.input<typeof purchaseRowSchema>;
/** `PUT /api/purchase/{id}`: the row, and why it changed (required when it was saved before today: voids.ts). */
export const purchaseEditSchema = purchaseRowSchema.extend({ reason: reasonText });
export type PurchaseEdit = z.output<typeof purchaseEditSchema>;
export type PurchaseRow = z.output<typeof purchaseRowSchema>;

export const developmentRowSchema = z.object({
  ...moneyRow,
  category: z.enum(DEVELOPMENT_CATEGORIES, { error: 'Select a category' }),
  plotId: positiveId()
    .nullish()
    .transform((v) => v ?? null),
  particular: z.enum(DEVELOPMENT_PARTICULARS, { error: ROW_REQUIRED }),
});
export const developmentRowsSchema = rows(developmentRowSchema);
export type DevelopmentRowInput = z.input<typeof developmentRowSchema>;
export type DevelopmentRow = z.output<typeof developmentRowSchema>;

/**
 * What every money line answers (a purchase or development entry, a receipt line, a report row of one): what,
 * when, how, to whom, which partner, how much. Each list adds its own ids and names.
 */
export const moneyLineShape = {
  particular: z.string(),
  date: isoDateText,
  mode: z.string(),
  modeDetail: z.string().nullable(),
  creditTo: z.string().nullable(),
  modeDate: isoDateText.nullable(),
  partnerId: z.number().nullable(),
  partnerName: z.string().nullable(),
  amount: rupeesFromPaise(),
};

export const moneyEntrySchema = z.object({ projectId: z.number(), projectName: z.string(), ...moneyLineShape });
export type MoneyEntryDto = z.output<typeof moneyEntrySchema>;
/** The server's side of `MoneyEntryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type MoneyEntryAnswer = z.input<typeof moneyEntrySchema>;

export const purchaseSchema = moneyEntrySchema.extend({ plotPurchaseId: z.number(), ...voidShape });
export type PurchaseDto = z.output<typeof purchaseSchema>;
/** The server's side of `PurchaseDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PurchaseAnswer = z.input<typeof purchaseSchema>;
/** One page of a project's purchases (the totals and the next page are in the headers). */
export const purchaseListSchema = z.array(purchaseSchema);

export const developmentSchema = moneyEntrySchema.extend({
  developmentId: z.number(),
  plotId: z.number().nullable(),
  plotName: z.string().nullable(),
  category: z.enum(DEVELOPMENT_CATEGORIES),
  ...voidShape,
});
export type DevelopmentDto = z.output<typeof developmentSchema>;
/** The server's side of `DevelopmentDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type DevelopmentAnswer = z.input<typeof developmentSchema>;
/** One page of development (or contribution) rows (the totals and the next page are in the headers). */
export const developmentListSchema = z.array(developmentSchema);

/** The answer to saving a batch of money rows. */
export const savedRowsSchema = z.object({
  message: z.string(),
  ids: z.array(z.number()),
  /** The money saved in this batch. */
  total: rupeesFromPaise(),
});
export type SavedRows = z.output<typeof savedRowsSchema>;
export type SavedRowsAnswer = z.input<typeof savedRowsSchema>;

/** Partner Contribution: an edit of one development row. */
export const contributionUpdateSchema = z.object({
  developmentId: positiveId(),
  particular: z.enum(DEVELOPMENT_PARTICULARS, { error: ROW_REQUIRED }),
  amount: z
    .number({ error: ROW_REQUIRED })
    .pipe(rupees)
    .refine((v) => v > 0, 'Amount must be more than 0'),
  partnerId: requiredId,
  category: z.enum(DEVELOPMENT_CATEGORIES).optional(),
  date: isoDate.optional(),
  mode: z.enum(PAYMENT_MODES).optional(),
  /** Why it changed: required when the row was saved before today (voids.ts). */
  reason: reasonText,
});
export type ContributionEdit = z.output<typeof contributionUpdateSchema>;
/** Partner Contribution's delete, a void: the reason is required (a 400 naming `reason` without one). */
export const contributionDeleteSchema = z.object({ developmentId: positiveId(), reason: reasonText });
