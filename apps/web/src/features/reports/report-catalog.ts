import { REPORT_KEYS, type ReportKey, reportFileName } from '@plotbook/domain';

/**
 * The eight reports of the Report Dashboard (spec 001): the card each is chosen with, the heading of its table and
 * what it answers. `key` is the contract's report key (`REPORT_COLUMNS`, `reportFileName`) and the `?report=`
 * value of the address.
 */
export interface ReportInfo {
  key: ReportKey;
  /** The dashboard card's label, also the panel's heading. */
  cardLabel: string;
  /** The report's own heading, above its table. */
  title: string;
  description: string;
}

export const REPORTS: readonly ReportInfo[] = [
  {
    key: 'projectWise',
    cardLabel: 'Project Details Summary',
    title: 'Project Wise Summary',
    description: 'Investment, profit, received and pending for every project.',
  },
  {
    key: 'plotWise',
    cardLabel: 'Plot Details Summary',
    title: 'Plot Details Summary',
    description: 'Each plot of a project: its cost, profit, received and pending.',
  },
  {
    key: 'paymentReceipts',
    cardLabel: 'Payment Receipts Summary',
    title: 'Payment Receipts',
    description: 'Every receipt line of a project with its mode and status.',
  },
  {
    key: 'farmerAccount',
    cardLabel: 'Farmer Account Summary',
    title: 'Farmer Account Summary',
    description: 'What was paid to the farmers for the land of a project.',
  },
  {
    key: 'paymentMonthWise',
    cardLabel: 'Payment Received Month Wise',
    title: 'Payment Details - Month Wise',
    description: 'Money received and EMI expected, month by month.',
  },
  {
    key: 'paymentExpected',
    cardLabel: 'Payment Expected Month Wise',
    title: 'Payment Expected - Month Wise',
    description: 'The EMI due each month and the plots it is due from.',
  },
  {
    key: 'partnerSummary',
    cardLabel: 'Project Wise All Partner Summary',
    title: 'Project Wise Partner Summary',
    description: 'What every partner of a project paid in and received.',
  },
  {
    key: 'partnerPaymentDetails',
    cardLabel: 'Partner Payment Details',
    title: 'Partner Payment Details',
    description: 'One partner’s payments and receipts in a project.',
  },
];

export function isReportKey(value: string | null): value is ReportKey {
  return value !== null && (REPORT_KEYS as readonly string[]).includes(value);
}

export function reportInfo(key: ReportKey): ReportInfo {
  return REPORTS.find((r) => r.key === key) as ReportInfo;
}

/** The export's name when the server sends no `Content-Disposition` name (spec 001 §9). */
export const exportFileName = (key: ReportKey, projectId: number | null) => reportFileName(key, projectId ?? undefined);
