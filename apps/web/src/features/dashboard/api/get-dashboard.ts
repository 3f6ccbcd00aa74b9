import type { DashboardResponse } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getDashboard(): Promise<DashboardResponse> {
  return api.get<DashboardResponse>('/dashboard');
}

export function getDashboardQueryOptions() {
  return queryOptions({ queryKey: ['dashboard'], queryFn: getDashboard });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
