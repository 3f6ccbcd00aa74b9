import { z } from 'zod';
import { DEVELOPMENT_CATEGORIES, DEVELOPMENT_PARTICULARS, PAYMENT_MODES, PURCHASE_PARTICULARS } from '../constants.js';
import { isoDate, rupees } from './common.js';

export const ROW_REQUIRED = 'All fields are required in each row';

const requiredId = z.coerce.number({ error: ROW_REQUIRED }).int(ROW_REQUIRED).positive(ROW_REQUIRED);
const text = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

/** The fields every money row shares (purchase, development): paid on a date, by a mode, by a partner. */
const moneyRow = {
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
export type PurchaseRow = z.output<typeof purchaseRowSchema>;

export const developmentRowSchema = z.object({
  ...moneyRow,
  category: z.enum(DEVELOPMENT_CATEGORIES, { error: 'Select a category' }),
  plotId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .transform((v) => v ?? null),
  particular: z.enum(DEVELOPMENT_PARTICULARS, { error: ROW_REQUIRED }),
});
export const developmentRowsSchema = rows(developmentRowSchema);
export type DevelopmentRowInput = z.input<typeof developmentRowSchema>;
export type DevelopmentRow = z.output<typeof developmentRowSchema>;

export interface MoneyEntryDto {
  projectId: number;
  projectName: string;
  partnerId: number | null;
  partnerName: string | null;
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  amount: number;
}

export interface PurchaseDto extends MoneyEntryDto {
  plotPurchaseId: number;
}

export interface DevelopmentDto extends MoneyEntryDto {
  developmentId: number;
  plotId: number | null;
  plotName: string | null;
  category: (typeof DEVELOPMENT_CATEGORIES)[number];
}

export interface SavedRows {
  message: string;
  ids: number[];
  /** Rupees saved in this batch. */
  total: number;
}

/** Partner Contribution: an edit of one development row. */
export const contributionUpdateSchema = z.object({
  developmentId: z.coerce.number().int().positive(),
  particular: z.enum(DEVELOPMENT_PARTICULARS, { error: ROW_REQUIRED }),
  amount: z
    .number({ error: ROW_REQUIRED })
    .pipe(rupees)
    .refine((v) => v > 0, 'Amount must be more than 0'),
  partnerId: z.coerce.number({ error: ROW_REQUIRED }).int().positive(ROW_REQUIRED),
  category: z.enum(DEVELOPMENT_CATEGORIES).optional(),
  date: isoDate.optional(),
  mode: z.enum(PAYMENT_MODES).optional(),
});
export const contributionDeleteSchema = z.object({ developmentId: z.coerce.number().int().positive() });
