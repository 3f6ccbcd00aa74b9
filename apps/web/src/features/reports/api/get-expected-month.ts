import type { PaymentExpectedMonth } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { reportKeys } from './keys';

/** One month of Payment Expected with its Plot EMI Details (installment, due date, paid, state). */
export const expectedMonthQueryOptions = (projectId: number, month: string) => {
  const path = `/report/payment-expected-month-wise/${projectId}/${month}`;
  return queryOptions({
    queryKey: reportKeys.report(path),
    queryFn: ({ signal }) => api.get<PaymentExpectedMonth>(path, { signal }),
  });
};

/** Loaded when the Plot EMI Details modal opens for a month; nothing is fetched while `month` is null. */
export function useExpectedMonth(projectId: number | null, month: string | null) {
  return useQuery({
    ...expectedMonthQueryOptions(projectId ?? 0, month ?? ''),
    enabled: projectId !== null && month !== null,
  });
}
