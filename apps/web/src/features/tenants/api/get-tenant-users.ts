import type { TenantUser } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantKeys } from './keys';

export function getTenantUsers(tenantId: string): Promise<TenantUser[]> {
  return api.get<TenantUser[]>(`/admin/tenants/${encodeURIComponent(tenantId)}/users`);
}

export function getTenantUsersQueryOptions(tenantId: string) {
  return queryOptions({ queryKey: tenantKeys.users(tenantId), queryFn: () => getTenantUsers(tenantId) });
}

/** Nothing is fetched until a tenant is given. */
export function useTenantUsers(tenantId: string | null) {
  return useQuery({ ...getTenantUsersQueryOptions(tenantId ?? ''), enabled: Boolean(tenantId) });
}
