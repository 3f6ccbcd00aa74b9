import type { PayoutDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import { partnerPaymentKeys } from './keys';

/** The payouts made out of the project, a page at a time. */
export function usePayouts(projectId: number | null) {
  return usePagedList<PayoutDto>({
    queryKey: partnerPaymentKeys.payouts(projectId ?? 0),
    path: '/partner-payout',
    query: { projectId: projectId ?? 0 },
    enabled: projectId !== null,
  });
}
