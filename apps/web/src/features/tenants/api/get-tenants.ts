import type { Tenant } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantKeys } from './keys';

export function getTenants(): Promise<Tenant[]> {
  return api.get<Tenant[]>('/admin/tenants');
}

export function getTenantsQueryOptions() {
  return queryOptions({ queryKey: tenantKeys.all, queryFn: getTenants });
}

export function useTenants() {
  return useQuery(getTenantsQueryOptions());
}
