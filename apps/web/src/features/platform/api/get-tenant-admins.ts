import type { TenantAdmin } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { platformKeys } from './keys';

export function getTenantAdmins(): Promise<TenantAdmin[]> {
  return api.get<TenantAdmin[]>('/admin/tenant-admins');
}

export function getTenantAdminsQueryOptions() {
  return queryOptions({ queryKey: platformKeys.tenantAdmins, queryFn: getTenantAdmins });
}

export function useTenantAdmins() {
  return useQuery(getTenantAdminsQueryOptions());
}
