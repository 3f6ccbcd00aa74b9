import { z } from 'zod';
import { PAYMENT_TYPES, SALE_STATUSES } from '../constants.js';
import { INSTALLMENT_STATES, isEmiDateAllowed } from '../emi.js';
import { toPaise } from '../money.js';
import { id, isoDate, isoDateText, optionalMobileNumber, optionalText, rupees } from './common.js';

export const EMI_DATE_MESSAGE = 'EMI date cannot be before the plot sale month.';
export const SALE_FAILED_MESSAGE = 'Failed to save sale.';
export const SALE_SAVED_MESSAGE = 'Sale saved successfully!';
export const TOO_MUCH_UPFRONT_MESSAGE = 'Advance and visarpawati together cannot exceed the sale amount.';
/** The longest EMI Plotbook schedules: 30 years. */
export const MAX_EMI_MONTHS = 360;

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
  })
  .superRefine((sale, ctx) => {
    if (sale.paymentType !== 'EMI') return;
    if (toPaise(sale.advanceAmount) + toPaise(sale.visarpawatiAmount) > toPaise(sale.saleAmount)) {
      ctx.addIssue({ code: 'custom', path: ['advanceAmount'], message: TOO_MUCH_UPFRONT_MESSAGE });
    }
    if (sale.emiDuration === null) {
      ctx.addIssue({ code: 'custom', path: ['emiDuration'], message: 'Enter the EMI duration in months' });
    } else if (sale.emiDuration < 1 || sale.emiDuration > MAX_EMI_MONTHS) {
      ctx.addIssue({
        code: 'custom',
        path: ['emiDuration'],
        message: `EMI duration must be between 1 and ${MAX_EMI_MONTHS} months`,
      });
    }
    if (sale.emiDate === null) {
      ctx.addIssue({ code: 'custom', path: ['emiDate'], message: 'Enter the first EMI date' });
    } else if (sale.saleDate && !isEmiDateAllowed(sale.emiDate, sale.saleDate)) {
      ctx.addIssue({ code: 'custom', path: ['emiDate'], message: EMI_DATE_MESSAGE });
    }
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
  saleAmount: z.number(),
  paymentType: z.enum(PAYMENT_TYPES),
  advanceAmount: z.number(),
  visarpawatiAmount: z.number(),
  emiTotal: z.number(),
  emiDuration: z.number().nullable(),
  monthlyAmount: z.number(),
  emiDate: isoDateText.nullable(),
  buyerName: z.string().nullable(),
  buyerMobile: z.string().nullable(),
  status: z.enum(SALE_STATUSES),
});
export type SaleDto = z.infer<typeof saleSchema>;

/** The answer to POST /api/sale: the message the screen shows, and the sale as stored. */
export const saleSavedSchema = saleSchema.extend({ message: z.string() });
export type SaleSavedDto = z.infer<typeof saleSavedSchema>;

/** A row of the Sales listing: the sale, the money received (Σ Completed receipt lines) and what is pending. */
export const saleListRowSchema = saleSchema.extend({
  received: z.number(),
  /** Sale amount − received. */
  pending: z.number(),
});
export type SaleListRowDto = z.infer<typeof saleListRowSchema>;
export const saleListSchema = z.array(saleListRowSchema);

export const scheduleInstallmentSchema = z.object({
  installmentNo: z.number(),
  dueDate: isoDateText,
  amount: z.number(),
  /** Paid from Completed Installment receipt lines, oldest installment first. */
  paid: z.number(),
  state: z.enum(INSTALLMENT_STATES),
});
export type ScheduleInstallmentDto = z.infer<typeof scheduleInstallmentSchema>;

/** GET /api/sale/{saleId}/schedule: the sale with its money, and each installment's state as of `asOf`. */
export const saleScheduleSchema = saleListRowSchema.extend({
  /** Σ Completed receipt lines whose particular is Installment. */
  installmentsReceived: z.number(),
  asOf: isoDateText,
  installments: z.array(scheduleInstallmentSchema),
});
export type SaleScheduleDto = z.infer<typeof saleScheduleSchema>;
