import type { SiteInfo } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { siteKeys } from './keys';

/** Which host this is: the platform (admin landing) or a tenant (user landing, registration). */
export function getSite(): Promise<SiteInfo> {
  return api.get<SiteInfo>('/site');
}

export function getSiteQueryOptions() {
  return queryOptions({ queryKey: siteKeys.site, queryFn: getSite, staleTime: Number.POSITIVE_INFINITY });
}

export function useSite() {
  return useQuery(getSiteQueryOptions());
}
