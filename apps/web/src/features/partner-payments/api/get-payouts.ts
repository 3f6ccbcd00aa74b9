import type { PayoutDto } from '@plotbook/domain';
import { usePagedList } from '@/components/data-table';
import type { Voidable } from '@/components/voided';
import { partnerPaymentKeys } from './keys';

/** A payout; with "Show voided", voided payouts come too, with who voided them and why. */
export type PayoutRow = PayoutDto & Voidable;

/** The payouts made out of the project, a page at a time. */
export function usePayouts(projectId: number | null, showVoided = false) {
  const key = partnerPaymentKeys.payouts(projectId ?? 0);
  return usePagedList<PayoutRow>({
    queryKey: showVoided ? [...key, 'voided'] : key,
    path: '/partner-payout',
    query: { projectId: projectId ?? 0, voided: showVoided ? 'include' : undefined },
    enabled: projectId !== null,
  });
}
