/**
 * The rows of the eight reports, with spec 001 §3's field names (rupees, `YYYY-MM-DD` dates).
 * Temporary: replaced by the contract in `@plotbook/domain` (schemas/reports.ts) once it lands.
 */
export interface ProjectWiseRow {
  projectId: number;
  projectName: string;
  investment: number;
  profit: number;
  amountReceived: number;
  pendingBalance: number;
  createdDate: string | null;
  total: number;
}

export interface PlotWiseRow {
  plotId?: number;
  plotName: string;
  investment: number;
  profit: number;
  amountReceived: number;
  pendingBalance: number;
  createdDate: string | null;
  total: number;
}

export interface ReceiptRow {
  receiptId: number;
  lineId?: number;
  projectName: string;
  plotName: string;
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  status: string;
  partnerName: string | null;
  partnerId: number | null;
  amount: number;
}

export interface FarmerAccountRow {
  plotPurchaseId: number;
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  partnerName: string | null;
  amount: number;
}

export interface MonthWiseRow {
  month: string;
  amountReceived: number;
  emiReceived: number;
  expectedEmi: number;
  pendingEmi: number;
  total: number;
}

export interface ExpectedPlot {
  plotName: string;
  emiAmount: number;
}

export interface ExpectedMonthRow {
  month: string;
  expectedEmi: number;
  plotDetails: ExpectedPlot[];
}

export type PayReceive = 'Pay' | 'Receive';

export interface PartnerPaymentRow {
  particular: string;
  date: string | null;
  mode: string | null;
  modeDate: string | null;
  creditTo: string | null;
  modeDetail: string | null;
  payReceive: PayReceive;
  amount: number;
}

export interface PartnerSummaryRow extends PartnerPaymentRow {
  partnerName: string;
}
