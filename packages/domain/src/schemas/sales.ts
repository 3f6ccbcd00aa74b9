import { z } from 'zod';
import { PAYMENT_TYPES, SALE_STATUSES } from '../constants.js';
import { addMonths, emiTotalPaise, INSTALLMENT_STATES, isEmiDateAllowed } from '../emi.js';
import { formatRupees } from '../format.js';
import { type Paise, toPaise, toRupees } from '../money.js';
import { buyerInputSchema } from './buyers.js';
import { id, isoDate, isoDateText, MAX_DATE, optionalMobileNumber, optionalText, rupees } from './common.js';
import { rupeesFromPaise } from './money.js';
import { SALE_DISPLAY_STATUSES } from './sale-transfers.js';

export const EMI_DATE_MESSAGE = 'EMI date cannot be before the plot sale month.';
export const SALE_FAILED_MESSAGE = 'Failed to save sale.';
export const SALE_SAVED_MESSAGE = 'Sale saved successfully!';
export const TOO_MUCH_UPFRONT_MESSAGE = 'Advance and visarpawati together cannot exceed the sale amount.';
export const NOTHING_LEFT_FOR_EMI_MESSAGE =
  'Nothing is left to pay in installments: advance and visarpawati cover the sale amount. Choose Full Payment.';
export const LAST_EMI_TOO_LATE_MESSAGE =
  'The last installment would fall after 31/12/2199: choose an earlier EMI date.';
/** The smallest monthly installment: ₹ 1. */
export const MIN_MONTHLY_PAISE = 100;
/** The monthly amount would be below ₹ 1: names the most months the EMI total allows. */
export function monthlyTooSmallMessage(emiTotalPaise: Paise): string {
  const total = formatRupees(toRupees(emiTotalPaise));
  const months = Math.floor(emiTotalPaise / MIN_MONTHLY_PAISE);
  return months >= 1
    ? `The monthly amount must be at least ₹ 1: an EMI total of ${total} allows at most ${months} month${months === 1 ? '' : 's'}.`
    : `The monthly amount must be at least ₹ 1: an EMI total of ${total} is too small for installments. Choose Full Payment.`;
}
/** The longest EMI Plotbook schedules: 30 years. */
export const MAX_EMI_MONTHS = 360;
export const EMI_DURATION_RANGE_MESSAGE = `EMI duration must be between 1 and ${MAX_EMI_MONTHS} months`;

/** What can be wrong with an EMI sale's figures, each at the field the sale form shows it beside. */
export type SaleEmiIssueCode =
  | 'tooMuchUpfront'
  | 'durationMissing'
  | 'durationRange'
  | 'nothingLeft'
  | 'monthlyTooSmall'
  | 'emiDateMissing'
  | 'emiDateBeforeSale'
  | 'lastEmiTooLate';

export interface SaleEmiIssue {
  code: SaleEmiIssueCode;
  path: 'advanceAmount' | 'emiDuration' | 'emiDate';
  message: string;
}

/**
 * The rules of an EMI sale's figures, once: `createSaleSchema` refuses a sale with any of them, and the sale form
 * shows them as they are typed. Upfront money may not pass the sale amount, something must be left for the
 * installments, the duration is 1–360 whole months with at least ₹ 1 a month, and the first EMI falls no earlier
 * than the sale's month and its last no later than 2199.
 */
export function saleEmiIssues(sale: {
  salePaise: Paise;
  advancePaise: Paise;
  visarpawatiPaise: Paise;
  emiDuration: number | null;
  emiDate: string | null;
  saleDate: string | null | undefined;
}): SaleEmiIssue[] {
  const issues: SaleEmiIssue[] = [];
  const add = (code: SaleEmiIssueCode, path: SaleEmiIssue['path'], message: string) =>
    issues.push({ code, path, message });
  const tooMuchUpfront = sale.advancePaise + sale.visarpawatiPaise > sale.salePaise;
  if (tooMuchUpfront) add('tooMuchUpfront', 'advanceAmount', TOO_MUCH_UPFRONT_MESSAGE);
  const totalPaise = emiTotalPaise({ ...sale, durationMonths: 0 });
  const months = sale.emiDuration;
  const durationOk = months !== null && Number.isInteger(months) && months >= 1 && months <= MAX_EMI_MONTHS;
  if (months === null) add('durationMissing', 'emiDuration', 'Enter the EMI duration in months');
  else if (!durationOk) add('durationRange', 'emiDuration', EMI_DURATION_RANGE_MESSAGE);
  if (totalPaise === 0 && !tooMuchUpfront) add('nothingLeft', 'advanceAmount', NOTHING_LEFT_FOR_EMI_MESSAGE);
  else if (durationOk && totalPaise < MIN_MONTHLY_PAISE * months) {
    add('monthlyTooSmall', 'emiDuration', monthlyTooSmallMessage(totalPaise));
  }
  if (sale.emiDate === null) add('emiDateMissing', 'emiDate', 'Enter the first EMI date');
  else if (sale.saleDate && !isEmiDateAllowed(sale.emiDate, sale.saleDate)) {
    add('emiDateBeforeSale', 'emiDate', EMI_DATE_MESSAGE);
  } else if (durationOk && addMonths(sale.emiDate, months - 1) > MAX_DATE) {
    add('lastEmiTooLate', 'emiDate', LAST_EMI_TOO_LATE_MESSAGE);
  }
  return issues;
}

/** An optional amount: missing, null or blank is 0 (spec clients send 0 or nothing for a cash sale). */
const optionalRupees = z
  .union([z.literal(''), rupees])
  .nullish()
  .transform((v) => (typeof v === 'number' ? v : 0));

const optionalDate = z
  .union([z.literal(''), isoDate])
  .nullish()
  .transform((v) => (v ? v : null));

/**
 * POST /api/sale with the spec's field names. `emiTotal` and `monthlyAmount` are accepted (spec clients send
 * them) but the server works them out itself from the amounts and the duration. `saleDate` defaults to today;
 * `buyerName` and `buyerMobile` are optional so spec clients still work.
 */
export const createSaleSchema = z
  .object({
    projectId: id,
    plotId: id,
    saleDate: optionalDate,
    saleAmount: z
      .number({ error: 'Enter the sale amount' })
      .pipe(rupees)
      .refine((v) => v > 0, 'Sale amount must be more than 0'),
    paymentType: z.enum(PAYMENT_TYPES, { error: 'Choose a payment type: Cash (Full Payment) or EMI' }),
    advanceAmount: optionalRupees,
    visarpawatiAmount: optionalRupees,
    emiTotal: optionalRupees,
    monthlyAmount: optionalRupees,
    emiDuration: z.preprocess(
      (v) => (v === '' || v === undefined ? null : v),
      z.number().int('EMI duration must be whole months').nullable(),
    ),
    emiDate: optionalDate,
    buyerName: optionalText(100),
    buyerMobile: optionalMobileNumber,
    /** The buyer (GET /api/buyer); or `buyer` to create one with the sale; or `buyerName` + `buyerMobile`. */
    buyerId: id.nullish(),
    buyer: buyerInputSchema.nullish(),
    /** RERA s.13: the date the agreement for sale was registered, when it is. */
    agreementDate: optionalDate,
  })
  .superRefine((sale, ctx) => {
    if (sale.buyerId && sale.buyer) {
      ctx.addIssue({ code: 'custom', path: ['buyer'], message: 'Choose a buyer or enter a new one, not both' });
    }
    if (sale.paymentType !== 'EMI') return;
    const issues = saleEmiIssues({
      salePaise: toPaise(sale.saleAmount),
      advancePaise: toPaise(sale.advanceAmount),
      visarpawatiPaise: toPaise(sale.visarpawatiAmount),
      emiDuration: sale.emiDuration,
      emiDate: sale.emiDate,
      saleDate: sale.saleDate,
    });
    for (const issue of issues) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
export type CreateSaleInput = z.input<typeof createSaleSchema>;
export type CreateSaleCommand = z.output<typeof createSaleSchema>;

/** A sale as the API answers it: amounts in rupees, dates `YYYY-MM-DD`. */
export const saleSchema = z.object({
  saleId: z.number(),
  projectId: z.number(),
  plotId: z.number(),
  plotName: z.string(),
  saleDate: isoDateText,
  saleAmount: rupeesFromPaise(),
  paymentType: z.enum(PAYMENT_TYPES),
  advanceAmount: rupeesFromPaise(),
  visarpawatiAmount: rupeesFromPaise(),
  emiTotal: rupeesFromPaise(),
  emiDuration: z.number().nullable(),
  monthlyAmount: rupeesFromPaise(),
  emiDate: isoDateText.nullable(),
  buyerName: z.string().nullable(),
  buyerMobile: z.string().nullable(),
  /** The sale's buyer (GET /api/buyer/{id}); null for a sale made without one. */
  buyerId: z.number().nullable(),
  status: z.enum(SALE_STATUSES),
  /** RERA s.13: the agreement for sale's registration date; null until it is registered. */
  agreementDate: isoDateText.nullable(),
  /** Σ transfer fees charged on the sale: owed = sale amount + this. */
  transferFee: rupeesFromPaise(),
});
export type SaleDto = z.output<typeof saleSchema>;
/** The server's side of `SaleDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type SaleAnswer = z.input<typeof saleSchema>;

/** The answer to POST /api/sale: the message the screen shows, and the sale as stored. */
export const saleSavedSchema = saleSchema.extend({ message: z.string() });
export type SaleSavedDto = z.output<typeof saleSavedSchema>;
/** The server's side of `SaleSavedDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type SaleSavedAnswer = z.input<typeof saleSavedSchema>;

/** A row of the Sales listing: the sale, the money received (Σ Completed receipt lines) and what is pending. */
export const saleListRowSchema = saleSchema.extend({
  /** Active, Cancelled, or Transferred (an active sale handed to another buyer at least once). */
  status: z.enum(SALE_DISPLAY_STATUSES),
  received: rupeesFromPaise(),
  /** Owed (sale amount + transfer fees) − received. */
  pending: rupeesFromPaise(),
  /** RERA s.13: more than the company's limit (10 %) of the sale amount received before the agreement date (or with none). */
  reraFlag: z.boolean(),
});
export type SaleListRowDto = z.output<typeof saleListRowSchema>;
/** The server's side of `SaleListRowDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type SaleListRowAnswer = z.input<typeof saleListRowSchema>;
export const saleListSchema = z.array(saleListRowSchema);

export const scheduleInstallmentSchema = z.object({
  installmentNo: z.number(),
  dueDate: isoDateText,
  amount: rupeesFromPaise(),
  /** Paid from Completed Installment receipt lines, oldest installment first. */
  paid: rupeesFromPaise(),
  state: z.enum(INSTALLMENT_STATES),
});
export type ScheduleInstallmentDto = z.output<typeof scheduleInstallmentSchema>;
/** The server's side of `ScheduleInstallmentDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type ScheduleInstallmentAnswer = z.input<typeof scheduleInstallmentSchema>;

/** GET /api/sale/{saleId}/schedule: the sale with its money, and each installment's state as of `asOf`. */
export const saleScheduleSchema = saleListRowSchema.extend({
  /** Σ Completed receipt lines whose particular is Installment. */
  installmentsReceived: rupeesFromPaise(),
  /** s.194-IA: the TDS the buyer owes on this sale (0 below the company's threshold). */
  tdsDue: rupeesFromPaise(),
  /** Σ Completed 'TDS (194-IA)' receipt lines of the sale. */
  tdsReceived: rupeesFromPaise(),
  asOf: isoDateText,
  installments: z.array(scheduleInstallmentSchema),
});
export type SaleScheduleDto = z.output<typeof saleScheduleSchema>;
/** The server's side of `SaleScheduleDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type SaleScheduleAnswer = z.input<typeof saleScheduleSchema>;
