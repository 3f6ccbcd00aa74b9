/**
 * The reports' exports and their tables (packages/domain/src/schemas/reports.ts has the answers): file and sheet
 * names, the columns of each report on the screen and in its .xlsx, and the total rows under it.
 */
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The answer (404) of an export with no rows. */
export const NO_EXPORT_DATA = 'No data available to export!';

export const REPORT_KEYS = [
  'projectWise',
  'plotWise',
  'paymentReceipts',
  'farmerAccount',
  'paymentMonthWise',
  'paymentExpected',
  'partnerSummary',
  'partnerPaymentDetails',
] as const;
export type ReportKey = (typeof REPORT_KEYS)[number];

/** An export's name without its extension (spec 001 §9: `ProjectReport`, `PlotReport_{projectId}`, …). */
export function reportBaseName(report: ReportKey, projectId?: number): string {
  const names: Record<ReportKey, string> = {
    projectWise: 'ProjectReport',
    plotWise: `PlotReport_${projectId}`,
    paymentReceipts: `PaymentReceipts_${projectId}`,
    farmerAccount: 'FarmerAccount',
    paymentMonthWise: `PaymentMonthWise_${projectId}`,
    paymentExpected: 'PaymentExpectedMonthWise',
    partnerSummary: 'PartnerSummary',
    partnerPaymentDetails: 'PartnerPaymentDetails',
  };
  return names[report];
}

/** The export's file name (spec 001 §9). */
export function reportFileName(report: ReportKey, projectId?: number): string {
  return `${reportBaseName(report, projectId)}.xlsx`;
}

/** Excel refuses a sheet name longer than 31 characters, with any of `\ / ? * [ ] :`, or starting or ending with `'`. */
export const EXCEL_SHEET_NAME_MAX = 31;

/** A name Excel accepts for a sheet: the forbidden characters become `_`, cut to 31 characters, never blank. */
export function excelSheetName(name: string): string {
  const cleaned = name
    .replace(/[\\/?*[\]:]/g, '_')
    .slice(0, EXCEL_SHEET_NAME_MAX)
    .replace(/^'+|'+$/g, '')
    .trim();
  return cleaned || 'Sheet1';
}

/** The export's one sheet is named as its file (spec 001 §9), as far as Excel allows. */
export const reportSheetName = (report: ReportKey, projectId?: number): string =>
  excelSheetName(reportBaseName(report, projectId));

/**
 * How a column is shown: money (₹, Indian grouping), a date (dd/mm/yyyy), a date-time shown as its date, a month
 * (`YYYY-MM` → e.g. Jan 2025), text, the row number (S.No), or a list of plot names ("A-1, A-2").
 */
export const COLUMN_KINDS = ['money', 'date', 'dateTime', 'month', 'text', 'index', 'plots'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];
export interface ReportColumn {
  /** The row field (ignored for `index`). */
  key: string;
  header: string;
  kind: ColumnKind;
}

/** Project Wise and Plot Wise after their name column: the profit figures, then when the row was created. */
const PROFIT_COLUMNS: readonly ReportColumn[] = [
  { key: 'investment', header: 'Investment', kind: 'money' },
  { key: 'profit', header: 'Profit', kind: 'money' },
  { key: 'amountReceived', header: 'Amount Received', kind: 'money' },
  { key: 'pendingBalance', header: 'Pending Balance', kind: 'money' },
  { key: 'total', header: 'Total', kind: 'money' },
  { key: 'createdDate', header: 'Created Date', kind: 'dateTime' },
  // Issue 20: transfer fees and what was kept on cancellations are income (in profit); after the spec's columns, so
  // theirs keep their places.
  { key: 'transferFees', header: 'Transfer Fees', kind: 'money' },
  { key: 'forfeited', header: 'Forfeited on cancellations', kind: 'money' },
];

/** A money line's cells (Payment Receipts, Farmer Account): what, when, how, credited where. */
const MONEY_LINE_COLUMNS: readonly ReportColumn[] = [
  { key: 'particular', header: 'Particular', kind: 'text' },
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'mode', header: 'Mode', kind: 'text' },
  { key: 'modeDetail', header: 'Mode Details', kind: 'text' },
  { key: 'creditTo', header: 'Credited To', kind: 'text' },
  { key: 'modeDate', header: 'Mode Date', kind: 'date' },
  { key: 'partnerName', header: 'Partner', kind: 'text' },
];

/** A partner row's cells (both partner reports), Pay or Receive, and its amount. */
const PARTNER_ROW_COLUMNS: readonly ReportColumn[] = [
  { key: 'particular', header: 'Particular', kind: 'text' },
  { key: 'date', header: 'Date', kind: 'date' },
  { key: 'mode', header: 'Mode', kind: 'text' },
  { key: 'modeDate', header: 'Mode Date', kind: 'date' },
  { key: 'creditTo', header: 'Credited To', kind: 'text' },
  { key: 'modeDetail', header: 'Mode Details', kind: 'text' },
  { key: 'payReceive', header: 'Pay/Receive', kind: 'text' },
  { key: 'amount', header: 'Amount', kind: 'money' },
];

const AMOUNT: ReportColumn = { key: 'amount', header: 'Amount', kind: 'money' };

/** The columns of each report, on the screen and in its export, in order. */
export const REPORT_COLUMNS: Record<ReportKey, readonly ReportColumn[]> = {
  projectWise: [{ key: 'projectName', header: 'Project Name', kind: 'text' }, ...PROFIT_COLUMNS],
  plotWise: [{ key: 'plotName', header: 'Plot Name', kind: 'text' }, ...PROFIT_COLUMNS],
  paymentReceipts: [
    { key: 'plotName', header: 'Plot Name', kind: 'text' },
    ...MONEY_LINE_COLUMNS,
    { key: 'status', header: 'Status', kind: 'text' },
    AMOUNT,
  ],
  farmerAccount: [...MONEY_LINE_COLUMNS, AMOUNT],
  paymentMonthWise: [
    { key: 'month', header: 'Month', kind: 'month' },
    { key: 'amountReceived', header: 'Amount Received', kind: 'money' },
    { key: 'emiReceived', header: 'EMI Received', kind: 'money' },
    { key: 'expectedEmi', header: 'Expected EMI', kind: 'money' },
    { key: 'pendingEmi', header: 'Pending EMI', kind: 'money' },
    { key: 'refunds', header: 'Refunds Paid', kind: 'money' },
    { key: 'total', header: 'Total', kind: 'money' },
  ],
  paymentExpected: [
    { key: 'month', header: 'Month', kind: 'month' },
    { key: 'expectedEmi', header: 'Expected EMI', kind: 'money' },
    { key: 'plotNames', header: 'Plots', kind: 'plots' },
  ],
  partnerSummary: [{ key: 'partnerName', header: 'Partner', kind: 'text' }, ...PARTNER_ROW_COLUMNS],
  partnerPaymentDetails: [{ key: 'sNo', header: 'S.No', kind: 'index' }, ...PARTNER_ROW_COLUMNS],
};

/**
 * A bold row under a report, the same on the screen and in its export: its label (in the report's label column,
 * `totalLabelKey`) and, under each money column, the field of the report's `totals` it shows.
 */
export interface ReportTotalRow {
  label: string;
  /** column key → key of the report's `totals` */
  values: Readonly<Record<string, string>>;
}

/** A `label` row carrying each money column's own total. */
const columnTotals = (label: string, report: ReportKey): ReportTotalRow => ({
  label,
  values: Object.fromEntries(REPORT_COLUMNS[report].filter((c) => c.kind === 'money').map((c) => [c.key, c.key])),
});

/** Pay and Receive are money going opposite ways: never added together, each shown apart, then the net. */
const PAY_RECEIVE_ROWS: readonly ReportTotalRow[] = [
  { label: 'Total Pay', values: { amount: 'pay' } },
  { label: 'Total Receive', values: { amount: 'receive' } },
  { label: 'Net (Pay − Receive)', values: { amount: 'net' } },
];

/**
 * The total rows of each report. Payment Receipts lists every line with its status, but only Completed lines are
 * money received (as Project Wise, Payment To Partner and the dashboard count it): Pending and Cancelled (a bounced
 * cheque) are shown apart, never added in.
 */
export const REPORT_TOTAL_ROWS: Record<ReportKey, readonly ReportTotalRow[]> = {
  projectWise: [columnTotals('Total', 'projectWise')],
  plotWise: [columnTotals('Total', 'plotWise')],
  paymentReceipts: [
    { label: 'Received (Completed)', values: { amount: 'completed' } },
    { label: 'Pending', values: { amount: 'pending' } },
    { label: 'Cancelled / Bounced', values: { amount: 'cancelled' } },
  ],
  farmerAccount: [columnTotals('Grand Total', 'farmerAccount')],
  paymentMonthWise: [columnTotals('Total', 'paymentMonthWise')],
  paymentExpected: [columnTotals('Total', 'paymentExpected')],
  partnerSummary: PAY_RECEIVE_ROWS,
  partnerPaymentDetails: PAY_RECEIVE_ROWS,
};

/** The column a report's total rows write their label in: its first text or month column (not S.No). */
export function totalLabelKey(report: ReportKey): string {
  const columns = REPORT_COLUMNS[report];
  return (columns.find((c) => c.kind === 'text' || c.kind === 'month') ?? columns[0])?.key ?? '';
}
