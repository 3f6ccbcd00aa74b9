import type { PartnerSummaryDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partnerPaymentKeys } from './keys';

export const partnersSummaryQueryOptions = (projectId: number) =>
  queryOptions({
    queryKey: partnerPaymentKeys.summary(projectId),
    queryFn: () => api.get<PartnerSummaryDto[]>('/payment/partners-summary', { query: { projectId } }),
  });

/** Each partner of the project with investment, profit, total, received and due. */
export function usePartnersSummary(projectId: number | null) {
  return useQuery({ ...partnersSummaryQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
