import type { SaleScheduleDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saleKeys } from './keys';

/** A sale's installments, each with what has been paid towards it and its state (paid, part-paid, due, overdue). */
export const getSaleSchedule = (saleId: number) => api.get<SaleScheduleDto>(`/sale/${saleId}/schedule`);

export const getSaleScheduleQueryOptions = (saleId: number) =>
  queryOptions({ queryKey: saleKeys.schedule(saleId), queryFn: () => getSaleSchedule(saleId) });

export function useSaleSchedule(saleId: number | null) {
  return useQuery({ ...getSaleScheduleQueryOptions(saleId ?? 0), enabled: saleId !== null });
}
