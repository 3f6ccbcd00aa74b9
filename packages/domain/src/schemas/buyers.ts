import { z } from 'zod';
import { SALE_STATUSES } from '../constants.js';
import { id, isoDateText, optionalMobileNumber, optionalText, plainText, requiredText } from './common.js';
import { rupeesFromPaise } from './money.js';
import { saleTransferRowSchema } from './sale-transfers.js';

export const PAN_MESSAGE = 'Enter a valid PAN, e.g. ABCDE1234F';
export const AADHAAR_MESSAGE = 'Enter the 12-digit Aadhaar number';
export const BUYER_SAVED_MESSAGE = 'Buyer saved successfully!';
/** The most co-buyers a buyer may name. */
export const MAX_CO_BUYERS = 5;

/** A PAN as the Income Tax department issues it: five letters, four digits, a letter (`ABCDE1234F`). */
export const isPan = (text: string) => /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(text);

/** A PAN as shown to anyone but a tenant admin: only its digits (`ABCDE1234F` → `XXXXX1234X`). */
export const maskPan = (pan: string) => `XXXXX${pan.slice(5, 9)}X`;

/** The Aadhaar number as shown: only the last 4 digits are ever stored (`1234` → `XXXX XXXX 1234`). */
export const maskAadhaar = (last4: string) => `XXXX XXXX ${last4}`;

/** An optional PAN, upper-cased; blank is null, left out is undefined (an edit keeps the stored one). */
const panText = () =>
  plainText()
    .max(20, PAN_MESSAGE)
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!v) return null;
      const pan = v.replace(/\s/g, '').toUpperCase();
      if (!isPan(pan)) {
        ctx.addIssue({ code: 'custom', message: PAN_MESSAGE });
        return z.NEVER;
      }
      return pan;
    });

/** An optional PAN, upper-cased; blank or left out is null. */
export const optionalPan = panText().transform((v) => v ?? null);

/**
 * The Aadhaar number: 12 digits (spaces or dashes allowed) of which only the last 4 are kept; blank is null, and
 * left out (undefined) keeps what is stored when editing.
 */
export const aadhaarLast4 = z
  .string()
  .trim()
  .max(20, AADHAAR_MESSAGE)
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    const digits = v.replace(/[\s-]/g, '');
    if (!/^\d{12}$/.test(digits)) {
      ctx.addIssue({ code: 'custom', message: AADHAAR_MESSAGE });
      return z.NEVER;
    }
    return digits.slice(-4);
  });

const optionalEmail = plainText()
  .max(254, 'Email may have at most 254 characters')
  .nullish()
  .transform((v, ctx) => {
    if (!v) return null;
    if (!/^[^\s@]+@[^\s@.][^\s@]*$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid email address' });
      return z.NEVER;
    }
    return v.toLowerCase();
  });

export const coBuyerSchema = z.object({
  name: requiredText('Co-buyer name', 100),
  relation: optionalText(50),
  pan: optionalPan,
});
export const nomineeSchema = z.object({
  name: requiredText('Nominee name', 100),
  relation: optionalText(50),
});

/**
 * POST /api/buyer and PUT /api/buyer/{id}. `pan` and `aadhaar` left out keep what is stored on an edit (a clerk
 * sees them masked and does not send them back); null clears them.
 */
export const buyerInputSchema = z.object({
  name: requiredText('Name', 100),
  relativeName: optionalText(100),
  mobile: optionalMobileNumber,
  alternateMobile: optionalMobileNumber,
  email: optionalEmail,
  address: plainText({ multiline: true })
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null)),
  pan: panText(),
  aadhaar: aadhaarLast4,
  coBuyers: z
    .array(coBuyerSchema)
    .max(MAX_CO_BUYERS, `At most ${MAX_CO_BUYERS} co-buyers`)
    .nullish()
    .transform((v) => v ?? []),
  nominee: nomineeSchema.nullish().transform((v) => v ?? null),
});
export type BuyerInput = z.input<typeof buyerInputSchema>;
export type BuyerCommand = z.output<typeof buyerInputSchema>;

export const coBuyerAnswerSchema = z.object({
  name: z.string(),
  relation: z.string().nullable(),
  /** Masked (`XXXXX1234X`) except for a tenant admin. */
  pan: z.string().nullable(),
});

/** A buyer as the API answers it: PAN masked except to a tenant admin, Aadhaar always masked. */
export const buyerSchema = z.object({
  buyerId: z.number(),
  name: z.string(),
  relativeName: z.string().nullable(),
  mobile: z.string().nullable(),
  alternateMobile: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  pan: z.string().nullable(),
  /** `XXXX XXXX 1234`: only the last 4 digits are stored. */
  aadhaar: z.string().nullable(),
  coBuyers: z.array(coBuyerAnswerSchema),
  nominee: z.object({ name: z.string(), relation: z.string().nullable() }).nullable(),
  createdAt: z.string(),
});
export type BuyerDto = z.output<typeof buyerSchema>;
export type BuyerAnswer = z.input<typeof buyerSchema>;

/** A row of the Buyers list: the buyer and how many sales name them. */
export const buyerListRowSchema = buyerSchema.extend({ saleCount: z.number() });
export type BuyerListRowDto = z.output<typeof buyerListRowSchema>;
export type BuyerListRowAnswer = z.input<typeof buyerListRowSchema>;
export const buyerListSchema = z.array(buyerListRowSchema);

/** One of a buyer's sales: what it is for, what was received and what is still owed on it. */
export const buyerSaleSchema = z.object({
  saleId: z.number(),
  projectId: z.number(),
  projectName: z.string(),
  plotId: z.number(),
  plotName: z.string(),
  saleDate: isoDateText,
  paymentType: z.enum(['Cash', 'EMI']),
  saleAmount: rupeesFromPaise(),
  /** Σ transfer fees charged on the sale: owed = sale amount + this. */
  transferFee: rupeesFromPaise(),
  status: z.enum(SALE_STATUSES),
  /** Σ Completed receipts of the sale. */
  received: rupeesFromPaise(),
  /** What the buyer still owes on it (0 for a sale no longer active). */
  pending: rupeesFromPaise(),
  /** A cancelled sale: the refund to the buyer and what the company kept (0 otherwise); the refund's state. */
  refund: rupeesFromPaise(),
  retained: rupeesFromPaise(),
  refundStatus: z.enum(['Pending', 'Completed']).nullable(),
});
export type BuyerSaleDto = z.output<typeof buyerSaleSchema>;
export type BuyerSaleAnswer = z.input<typeof buyerSaleSchema>;

/** GET /api/buyer/{id}: the buyer, their sales, and Σ received and Σ still owed over them. */
export const buyerDetailSchema = buyerSchema.extend({
  sales: z.array(buyerSaleSchema),
  received: rupeesFromPaise(),
  pending: rupeesFromPaise(),
  /** Every hand-over of a sale to or from the buyer, newest first. */
  transfers: z.array(saleTransferRowSchema),
});
export type BuyerDetailDto = z.output<typeof buyerDetailSchema>;
export type BuyerDetailAnswer = z.input<typeof buyerDetailSchema>;

export const buyerSavedSchema = buyerSchema.extend({ message: z.string() });
export type BuyerSavedAnswer = z.input<typeof buyerSavedSchema>;

export const buyerIdParams = z.object({ id });
