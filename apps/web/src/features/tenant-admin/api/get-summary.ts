import type { TenantAdminSummary } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { tenantAdminAreaKeys } from './keys';

export function getSummary(): Promise<TenantAdminSummary> {
  return api.get<TenantAdminSummary>('/tenant-admin/summary');
}

export function getSummaryQueryOptions() {
  return queryOptions({ queryKey: tenantAdminAreaKeys.summary(), queryFn: getSummary });
}

export function useSummary() {
  return useQuery(getSummaryQueryOptions());
}
