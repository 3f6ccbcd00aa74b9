import type { TenantUser } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminAreaKeys } from './keys';

export function getUsers(): Promise<TenantUser[]> {
  return api.get<TenantUser[]>('/tenant-admin/users');
}

export function getUsersQueryOptions() {
  return queryOptions({ queryKey: tenantAdminAreaKeys.users(), queryFn: getUsers });
}

export function useUsers() {
  return useQuery(getUsersQueryOptions());
}
