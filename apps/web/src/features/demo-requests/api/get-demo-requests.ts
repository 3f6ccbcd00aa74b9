import type { DemoRequest } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { demoRequestKeys } from '@/lib/query-keys';

export function getDemoRequests(): Promise<DemoRequest[]> {
  return api.get<DemoRequest[]>('/admin/demo-request');
}

export function getDemoRequestsQueryOptions() {
  return queryOptions({ queryKey: demoRequestKeys.all, queryFn: getDemoRequests });
}

export function useDemoRequests() {
  return useQuery(getDemoRequestsQueryOptions());
}
