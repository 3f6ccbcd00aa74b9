import type { ReportKey } from '@plotbook/domain';
import type { ComponentType } from 'react';
import { FarmerAccountReport } from '../reports/farmer-account';
import { PartnerPaymentDetailsReport } from '../reports/partner-payment-details';
import { PartnerSummaryReport } from '../reports/partner-summary';
import { PaymentExpectedReport } from '../reports/payment-expected';
import { PaymentMonthWiseReport } from '../reports/payment-month-wise';
import { PaymentReceiptsReport } from '../reports/payment-receipts';
import { PlotWiseReport } from '../reports/plot-wise';
import { ProjectWiseReport } from '../reports/project-wise';
import type { ReportParams } from '../use-report-params';

const VIEWS: Record<ReportKey, ComponentType<{ params: ReportParams }>> = {
  projectWise: ProjectWiseReport,
  plotWise: PlotWiseReport,
  paymentReceipts: PaymentReceiptsReport,
  farmerAccount: FarmerAccountReport,
  paymentMonthWise: PaymentMonthWiseReport,
  paymentExpected: PaymentExpectedReport,
  partnerSummary: PartnerSummaryReport,
  partnerPaymentDetails: PartnerPaymentDetailsReport,
};

/** The chosen report's filters and table. */
export function ReportView({ reportKey, params }: { reportKey: ReportKey; params: ReportParams }) {
  const View = VIEWS[reportKey];
  return <View params={params} />;
}
