import type { DemoRequest } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getDemoRequests(): Promise<DemoRequest[]> {
  return api.get<DemoRequest[]>('/admin/demo-request');
}

export function getDemoRequestsQueryOptions() {
  return queryOptions({ queryKey: ['demo-requests'], queryFn: getDemoRequests });
}

export function useDemoRequests() {
  return useQuery(getDemoRequestsQueryOptions());
}
