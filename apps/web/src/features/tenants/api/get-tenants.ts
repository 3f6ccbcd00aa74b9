import type { Tenant } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getTenants(): Promise<Tenant[]> {
  return api.get<Tenant[]>('/admin/tenants');
}

export function getTenantsQueryOptions() {
  return queryOptions({ queryKey: ['tenants'], queryFn: getTenants });
}

export function useTenants() {
  return useQuery(getTenantsQueryOptions());
}
