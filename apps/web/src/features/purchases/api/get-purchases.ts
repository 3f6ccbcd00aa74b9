import type { PurchaseDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getPurchases(projectId: number): Promise<PurchaseDto[]> {
  return api.get<PurchaseDto[]>(`/purchase/by-project/${projectId}`);
}

export function getPurchasesQueryOptions(projectId: number) {
  return queryOptions({ queryKey: ['purchases', projectId], queryFn: () => getPurchases(projectId) });
}

export function usePurchases(projectId: number | null) {
  return useQuery({ ...getPurchasesQueryOptions(projectId ?? 0), enabled: projectId !== null });
}
