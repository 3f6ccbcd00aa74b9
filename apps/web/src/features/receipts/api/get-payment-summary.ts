import type { PaymentSummaryDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { receiptKeys } from './keys';

/** The plot's sale and where its money stands: sale amount, payment type, monthly amount, received, pending. */
export function getPaymentSummary(plotId: number): Promise<PaymentSummaryDto> {
  return api.get<PaymentSummaryDto>(`/payment/pending/${plotId}`);
}

export const getPaymentSummaryQueryOptions = (plotId: number) =>
  queryOptions({ queryKey: receiptKeys.summary(plotId), queryFn: () => getPaymentSummary(plotId) });

export function usePaymentSummary(plotId: number | null) {
  return useQuery({ ...getPaymentSummaryQueryOptions(plotId ?? 0), enabled: plotId !== null });
}
