import type { SaleListRowDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saleKeys } from './keys';

/**
 * The Sales listing of a project: one row per sale (at most one active per plot), with received and pending; the
 * cancelled sales too, with their status (issue 20).
 */
export const getSales = (projectId: number) =>
  api.get<SaleListRowDto[]>(`/sale/project/${projectId}?cancelled=include`);

export const getSalesQueryOptions = (projectId: number) =>
  queryOptions({ queryKey: saleKeys.list(projectId), queryFn: () => getSales(projectId) });

export function useSales(projectId: number | null) {
  return useQuery({ ...getSalesQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
