import type { SaleListRowDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saleKeys } from './keys';

/** The Sales listing of a project: one row per active sale (at most one per plot), with received and pending. */
export const getSales = (projectId: number) => api.get<SaleListRowDto[]>(`/sale/project/${projectId}`);

export const getSalesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: saleKeys.list(projectId), queryFn: () => getSales(projectId) });

export function useSales(projectId: number | null) {
  return useQuery({ ...getSalesQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
