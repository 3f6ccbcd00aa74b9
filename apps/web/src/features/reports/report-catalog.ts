/**
 * The eight reports of the Report Dashboard (spec 001): the card each is chosen with, the heading of its table,
 * what it answers, and the name its Excel export falls back to when the server names none.
 */
export const REPORT_IDS = [
  'project-wise',
  'plot-wise',
  'payment-receipts',
  'farmer-account',
  'payment-month-wise',
  'payment-expected',
  'partner-summary',
  'partner-payment-details',
] as const;
export type ReportId = (typeof REPORT_IDS)[number];

export interface ReportInfo {
  id: ReportId;
  /** The dashboard card's label, also the panel's heading. */
  cardLabel: string;
  /** The report's own heading, above its table. */
  title: string;
  description: string;
  /** The export's name when the server sends no `Content-Disposition` name (spec 001 §9). */
  exportName: (ids: { projectId: number | null }) => string;
}

export const REPORTS: readonly ReportInfo[] = [
  {
    id: 'project-wise',
    cardLabel: 'Project Details Summary',
    title: 'Project Wise Summary',
    description: 'Investment, profit, received and pending for every project.',
    exportName: () => 'ProjectReport.xlsx',
  },
  {
    id: 'plot-wise',
    cardLabel: 'Plot Details Summary',
    title: 'Plot Details Summary',
    description: 'Each plot of a project: its cost, profit, received and pending.',
    exportName: ({ projectId }) => `PlotReport_${projectId}.xlsx`,
  },
  {
    id: 'payment-receipts',
    cardLabel: 'Payment Receipts Summary',
    title: 'Payment Receipts',
    description: 'Every receipt of a project with its mode and status.',
    exportName: ({ projectId }) => `PaymentReceipts_${projectId}.xlsx`,
  },
  {
    id: 'farmer-account',
    cardLabel: 'Farmer Account Summary',
    title: 'Farmer Account Summary',
    description: 'What was paid to the farmers for the land of a project.',
    exportName: () => 'FarmerAccount.xlsx',
  },
  {
    id: 'payment-month-wise',
    cardLabel: 'Payment Received Month Wise',
    title: 'Payment Details - Month Wise',
    description: 'Money received and EMI expected, month by month.',
    exportName: ({ projectId }) => `PaymentMonthWise_${projectId}.xlsx`,
  },
  {
    id: 'payment-expected',
    cardLabel: 'Payment Expected Month Wise',
    title: 'Payment Expected - Month Wise',
    description: 'The EMI due each month and the plots it is due from.',
    exportName: () => 'PaymentExpectedMonthWise.xlsx',
  },
  {
    id: 'partner-summary',
    cardLabel: 'Project Wise All Partner Summary',
    title: 'Project Wise Partner Summary',
    description: 'What every partner of a project paid and received.',
    exportName: () => 'PartnerSummary.xlsx',
  },
  {
    id: 'partner-payment-details',
    cardLabel: 'Partner Payment Details',
    title: 'Partner Payment Details',
    description: 'One partner’s payments and receipts in a project.',
    exportName: () => 'PartnerPaymentDetails.xlsx',
  },
];

export function isReportId(value: string | null): value is ReportId {
  return value !== null && (REPORT_IDS as readonly string[]).includes(value);
}

export function reportInfo(id: ReportId): ReportInfo {
  return REPORTS.find((r) => r.id === id) as ReportInfo;
}
