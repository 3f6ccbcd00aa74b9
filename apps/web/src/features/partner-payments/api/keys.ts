import { summaryKeys } from '@/lib/query-keys';

/** Everything Payment To Partner shows for one project sits under `partnerPaymentKeys.project(id)`. */
export const partnerPaymentKeys = {
  all: summaryKeys.partnerPayments,
  project: (projectId: number) => [...partnerPaymentKeys.all, projectId] as const,
  summary: (projectId: number) => [...partnerPaymentKeys.project(projectId), 'summary'] as const,
  receipts: (projectId: number) => [...partnerPaymentKeys.project(projectId), 'receipts'] as const,
  payouts: (projectId: number) => [...partnerPaymentKeys.project(projectId), 'payouts'] as const,
};
