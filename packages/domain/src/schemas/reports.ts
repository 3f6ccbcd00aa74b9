/**
 * The eight reports (spec 001 "Reports", §3 row fields, §7 calls, §9 file names; docs/design.md §7 figures).
 * Every amount is rupees (≤ 2 decimals) on the wire; every total is summed exactly on the server (paise), never in
 * floats. A field marked `rupeesFromPaise` is handed over in paise and written as rupees by the serializer.
 * Roles USER and TENANT_ADMIN; a project (or partner) of another company answers 404.
 *
 * Each report answers `{ data: Row[], totals: {...} }` (spec §7: "an object with a data array"). `totals` holds
 * the figures of the report's total rows (`REPORT_TOTAL_ROWS`): the sum of each numeric column over all of `data`,
 * except where that would mislead: Payment Receipts totals each status apart, the partner reports Pay, Receive and
 * their net.
 *
 * Reports 3, 7 and 8 can grow without bound and page on the server (docs/design.md §8/§9) as the other paged lists do:
 * `?limit=&cursor=&q=` (default page `REPORT_PAGE_LIMIT`, at most 500), `data` is one page, the next page's
 * address is in `Link: <…>; rel="next"`, `X-Total-Count` / `X-Unfiltered-Count` count the rows, and `totals` is
 * the SQL total row of every row of the project matching `q` (the same on every page). `q` searches any field on
 * Payment Receipts; partner name, particular, mode and credited-to on the partner summary; particular, mode and
 * credited-to on the partner details (spec 001 §4). Their exports take every row (matching `?q=` when given).
 *
 *  1. Project Wise Summary      GET /api/report/project-wise?fromDate=&toDate=          projectWiseReportSchema
 *     (both optional, inclusive days of the project's created date in India time; `YYYY-MM-DD`, or with
 *      `T00:00:00` / `T23:59:59` as the spec's web sends them)
 *  2. Plot Details Summary      GET /api/report/plot-wise/{projectId}                     plotWiseReportSchema
 *  3. Payment Receipts          GET /api/report/payment-receipts/{projectId}              paymentReceiptsReportSchema
 *     (the receipt lines of the project, all statuses, in date order; the spec call `/api/payment/receipts?projectId`
 *      of the Payment To Partner screen is the same lines as a plain paged array)
 *  4. Farmer Account Summary    GET /api/farmer-account/{projectId}                       farmerAccountReportSchema
 *  5. Payment Details – Month Wise
 *                               GET /api/report/payment-month-wise/{projectId}            paymentMonthWiseReportSchema
 *  6. Payment Expected – Month Wise (each row names its month's plots in `plotNames`; spec 001 §3's plotDetails
 *     with each plot's emiAmount is the month endpoint below: 3,600+ nested details on every load were too slow)
 *                               GET /api/report/payment-expected-month-wise/{projectId}   paymentExpectedReportSchema
 *     One month's Plot EMI Details (installment, due date, what is paid, state), loaded when the modal opens:
 *                               GET /api/report/payment-expected-month-wise/{projectId}/{YYYY-MM}
 *                                                                                         paymentExpectedMonthSchema
 *  7. Project Wise Partner Summary
 *                               GET /api/partner-summary/{projectId}                      partnerSummaryReportSchema
 *  8. Partner Payment Details   GET /api/partner-payment-details/{projectId}/{partnerId}  partnerPaymentDetailsReportSchema
 *     (partners of the project: GET /api/project/{projectId}/partners; a partner not in the project → 404)
 *
 * Exports: the same path with `/export` appended (same query string), e.g.
 *   GET /api/report/project-wise/export?fromDate=2025-01-01&toDate=2025-01-31
 *   GET /api/partner-payment-details/{projectId}/{partnerId}/export
 * answer an .xlsx (`XLSX_CONTENT_TYPE`) named by `reportFileName(...)` in Content-Disposition, one sheet with
 * the columns of `REPORT_COLUMNS[report]` and the total rows of `REPORT_TOTAL_ROWS[report]`; the sheet is named as
 * the file (`reportSheetName`); with no rows 404 `{ message: NO_EXPORT_DATA }` (report-exports.ts).
 */
import { z } from 'zod';
import { INSTALLMENT_STATES } from '../emi.js';
import { id, isoDateText, positiveId } from './common.js';
import { moneyLineShape } from './entries.js';
import { rupeesFromPaise } from './money.js';
import { partnerReceiptSchema } from './partner-payments.js';

// ---------------------------------------------------------------- queries

/**
 * A report date: `YYYY-MM-DD`, or the spec web's `YYYY-MM-DDT00:00:00` / `YYYY-MM-DDT23:59:59` (a time part is
 * ignored: the filter always takes whole days). Blank means no filter.
 */
export const reportDate = (label: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?Z?)?$/, `${label} must be a date as YYYY-MM-DD`)
      .transform((v) => v.slice(0, 10))
      .refine(
        (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
        `${label} must be a real calendar date`,
      )
      .optional(),
  );

/** `?fromDate=&toDate=` of Project Wise Summary; both optional and inclusive; from may not be after to. */
export const projectWiseQuerySchema = z
  .object({ fromDate: reportDate('From date'), toDate: reportDate('To date') })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, {
    message: 'From date may not be after To date',
    path: ['toDate'],
  });
export type ProjectWiseQuery = z.output<typeof projectWiseQuerySchema>;

/** The time zone whose calendar days the date filters use. */
export const REPORT_TIME_ZONE = 'Asia/Kolkata';

/** `{projectId}` in a report path. */
export const reportProjectParamsSchema = z.object({ projectId: positiveId('Select a project') });
/** A calendar month, `YYYY-MM`. */
export const monthText = z.string().regex(/^\d{4}-\d{2}$/);

/** `{projectId}/{month}` of one month of Payment Expected – Month Wise. */
export const reportProjectMonthParamsSchema = z.object({
  projectId: positiveId('Select a project'),
  month: z
    .string()
    .trim()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be a month as YYYY-MM'),
});

/** `{projectId}/{partnerId}` of Partner Payment Details. */
export const reportPartnerParamsSchema = z.object({
  projectId: positiveId('Select a project'),
  partnerId: id,
});

// ---------------------------------------------------------------- rows and totals

/** The money columns shared by the project-wise and plot-wise rows (docs/design.md §7). */
const profitColumns = {
  /** Cost: land + development (for a plot: its allocated cost). */
  investment: rupeesFromPaise(),
  /** Σ active sales (not a spec column; handy for checks). */
  saleAmount: rupeesFromPaise(),
  /** Σ transfer fees charged on the active sales: income, owed by the buyers (issue 20). */
  transferFees: rupeesFromPaise(),
  /** Σ retained (forfeited) on cancelled sales: income (issue 20). */
  forfeited: rupeesFromPaise(),
  /** saleAmount + transferFees + forfeited − investment (negative for a loss). */
  profit: rupeesFromPaise(),
  /** Σ Completed receipt lines − refunds paid on cancelled sales (net). */
  amountReceived: rupeesFromPaise(),
  /** saleAmount + transferFees − what the active sales have received. */
  pendingBalance: rupeesFromPaise(),
  /** investment + profit. */
  total: rupeesFromPaise(),
};
const profitTotalsSchema = z.object(profitColumns);
export type ProfitTotals = z.output<typeof profitTotalsSchema>;
export type ProfitTotalsAnswer = z.input<typeof profitTotalsSchema>;

// 1. Project Wise Summary
export const projectWiseRowSchema = z.object({
  projectId: z.number(),
  projectName: z.string(),
  ...profitColumns,
  /** When the project was created (ISO date-time). */
  createdDate: z.string(),
});
export type ProjectWiseRow = z.output<typeof projectWiseRowSchema>;
export type ProjectWiseRowAnswer = z.input<typeof projectWiseRowSchema>;
export const projectWiseReportSchema = z.object({ data: z.array(projectWiseRowSchema), totals: profitTotalsSchema });
export type ProjectWiseReport = z.output<typeof projectWiseReportSchema>;
export type ProjectWiseReportAnswer = z.input<typeof projectWiseReportSchema>;

// 2. Plot Details Summary
export const plotWiseRowSchema = z.object({
  plotId: z.number(),
  plotName: z.string(),
  ...profitColumns,
  /** When the plot was created (ISO date-time). */
  createdDate: z.string(),
});
export type PlotWiseRow = z.output<typeof plotWiseRowSchema>;
export type PlotWiseRowAnswer = z.input<typeof plotWiseRowSchema>;
export const plotWiseReportSchema = z.object({ data: z.array(plotWiseRowSchema), totals: profitTotalsSchema });
export type PlotWiseReport = z.output<typeof plotWiseReportSchema>;
export type PlotWiseReportAnswer = z.input<typeof plotWiseReportSchema>;

// 3. Payment Receipts (one row per receipt line)
/** The same line as Payment To Partner's "See All Receipt" (one query serves both, see partner-payments.repository). */
export const paymentReceiptRowSchema = partnerReceiptSchema;
export type PaymentReceiptRow = z.output<typeof paymentReceiptRowSchema>;
export type PaymentReceiptRowAnswer = z.input<typeof paymentReceiptRowSchema>;
export const paymentReceiptsReportSchema = z.object({
  data: z.array(paymentReceiptRowSchema),
  /**
   * Σ by status, never all three added: completed is the money received (docs/design.md §7; the total row), pending and
   * cancelled (bounced cheques among them) are shown apart (`REPORT_TOTAL_ROWS`).
   */
  totals: z.object({
    completed: rupeesFromPaise(),
    pending: rupeesFromPaise(),
    cancelled: rupeesFromPaise(),
  }),
});
export type PaymentReceiptsReport = z.output<typeof paymentReceiptsReportSchema>;
export type PaymentReceiptsReportAnswer = z.input<typeof paymentReceiptsReportSchema>;

// 4. Farmer Account Summary (the project's purchase entries: money paid to the farmer for the land)
export const farmerAccountRowSchema = z.object({ plotPurchaseId: z.number(), ...moneyLineShape });
export type FarmerAccountRow = z.output<typeof farmerAccountRowSchema>;
export type FarmerAccountRowAnswer = z.input<typeof farmerAccountRowSchema>;
export const farmerAccountReportSchema = z.object({
  data: z.array(farmerAccountRowSchema),
  /** Grand Total: Σ amount = the project's land cost. */
  totals: z.object({ amount: rupeesFromPaise() }),
});
export type FarmerAccountReport = z.output<typeof farmerAccountReportSchema>;
export type FarmerAccountReportAnswer = z.input<typeof farmerAccountReportSchema>;

// 5. Payment Details – Month Wise (months with money received or EMI due, oldest first)
export const paymentMonthRowSchema = z.object({
  month: monthText,
  /** Σ Completed receipt lines of the month other than Installment (Advance, Visarpawati, Booking). */
  amountReceived: rupeesFromPaise(),
  /** Σ Completed Installment lines of the month. */
  emiReceived: rupeesFromPaise(),
  /** Σ EMI installments (active sales) due in the month. */
  expectedEmi: rupeesFromPaise(),
  /** What of the month's installments is still unpaid (installment money pays oldest first). */
  pendingEmi: rupeesFromPaise(),
  /** Refunds of cancelled sales paid in the month: money out, apart from the receipts (issue 20). */
  refunds: rupeesFromPaise(),
  /** amountReceived + emiReceived − refunds: the money the month brought in, net. */
  total: rupeesFromPaise(),
});
export type PaymentMonthRow = z.output<typeof paymentMonthRowSchema>;
export type PaymentMonthRowAnswer = z.input<typeof paymentMonthRowSchema>;
export const paymentMonthWiseReportSchema = z.object({
  data: z.array(paymentMonthRowSchema),
  totals: paymentMonthRowSchema.omit({ month: true }),
});
export type PaymentMonthWiseReport = z.output<typeof paymentMonthWiseReportSchema>;
export type PaymentMonthWiseReportAnswer = z.input<typeof paymentMonthWiseReportSchema>;

// 6. Payment Expected – Month Wise (months with an installment due, oldest first)
/** One plot's installment due in the month: what the Plot EMI Details modal shows. */
export const plotEmiDetailSchema = z.object({
  plotId: z.number(),
  plotName: z.string(),
  saleId: z.number(),
  /** 1-based installment number. */
  installmentNo: z.number(),
  dueDate: isoDateText,
  /** The expected EMI: the installment's amount. */
  emiAmount: rupeesFromPaise(),
  /** What installment money has paid of it so far. */
  paidAmount: rupeesFromPaise(),
  state: z.enum(INSTALLMENT_STATES),
});
export type PlotEmiDetail = z.output<typeof plotEmiDetailSchema>;
export type PlotEmiDetailAnswer = z.input<typeof plotEmiDetailSchema>;
/** Written as JSON by PostgreSQL (reports-months.repository.ts), money already in rupees: not `rupeesFromPaise`. */
export const paymentExpectedRowSchema = z.object({
  month: monthText,
  /** Σ of the month's installments. */
  expectedEmi: z.number(),
  /** The plots owing an installment in the month, by due date, then name (the month endpoint's order). */
  plotNames: z.array(z.string()),
});
export type PaymentExpectedRow = z.output<typeof paymentExpectedRowSchema>;
export type PaymentExpectedRowAnswer = z.input<typeof paymentExpectedRowSchema>;
/** One month with every installment due in it, in the row's order: the Plot EMI Details of the modal. */
export const paymentExpectedMonthSchema = z.object({
  month: monthText,
  /** Σ emiAmount of plotDetails. */
  expectedEmi: rupeesFromPaise(),
  plotDetails: z.array(plotEmiDetailSchema),
});
export type PaymentExpectedMonth = z.output<typeof paymentExpectedMonthSchema>;
export type PaymentExpectedMonthAnswer = z.input<typeof paymentExpectedMonthSchema>;
export const paymentExpectedReportSchema = z.object({
  data: z.array(paymentExpectedRowSchema),
  totals: z.object({ expectedEmi: z.number() }),
});
export type PaymentExpectedReport = z.output<typeof paymentExpectedReportSchema>;
export type PaymentExpectedReportAnswer = z.input<typeof paymentExpectedReportSchema>;

// 7. Project Wise Partner Summary and 8. Partner Payment Details
export const PAY_RECEIVE = ['Pay', 'Receive'] as const;
export type PayReceive = (typeof PAY_RECEIVE)[number];
/** Where a partner row comes from: Pay = purchase or development entry they paid; Receive = a Completed receipt
 * line credited to them or a payout (Payment To Partner); a refund of a cancelled sale they paid back (issue 20) is
 * a Receive row of a negative amount: money no longer in their hands. */
export const PARTNER_ROW_SOURCES = ['purchase', 'development', 'receipt', 'payout', 'refund'] as const;
export type PartnerRowSource = (typeof PARTNER_ROW_SOURCES)[number];

export const partnerPaymentDetailRowSchema = z.object({
  source: z.enum(PARTNER_ROW_SOURCES),
  /** The id of the entry, receipt line or payout (unique within its source). */
  sourceId: z.number(),
  particular: z.string(),
  date: isoDateText,
  mode: z.string(),
  modeDate: isoDateText.nullable(),
  creditTo: z.string().nullable(),
  modeDetail: z.string().nullable(),
  payReceive: z.enum(PAY_RECEIVE),
  amount: rupeesFromPaise(),
});
export type PartnerPaymentDetailRow = z.output<typeof partnerPaymentDetailRowSchema>;
export type PartnerPaymentDetailRowAnswer = z.input<typeof partnerPaymentDetailRowSchema>;
/**
 * pay: Σ Pay rows (= investment of the partner(s)); receive: Σ Receive rows (= received); net = pay − receive.
 * Pay and Receive go opposite ways: there is no Σ of both.
 */
const payReceiveTotalsSchema = z.object({
  pay: rupeesFromPaise(),
  receive: rupeesFromPaise(),
  net: rupeesFromPaise(),
});
export const partnerPaymentDetailsReportSchema = z.object({
  data: z.array(partnerPaymentDetailRowSchema),
  totals: payReceiveTotalsSchema,
});
export type PartnerPaymentDetailsReport = z.output<typeof partnerPaymentDetailsReportSchema>;
export type PartnerPaymentDetailsReportAnswer = z.input<typeof partnerPaymentDetailsReportSchema>;

export const partnerSummaryRowSchema = partnerPaymentDetailRowSchema.extend({
  partnerId: z.number(),
  partnerName: z.string(),
});
export type PartnerSummaryRow = z.output<typeof partnerSummaryRowSchema>;
export type PartnerSummaryRowAnswer = z.input<typeof partnerSummaryRowSchema>;
export const partnerSummaryReportSchema = z.object({
  data: z.array(partnerSummaryRowSchema),
  totals: payReceiveTotalsSchema,
});
export type PartnerSummaryReport = z.output<typeof partnerSummaryReportSchema>;
export type PartnerSummaryReportAnswer = z.input<typeof partnerSummaryReportSchema>;
