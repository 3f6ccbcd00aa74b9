import type { PartnerDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { partnerKeys } from './keys';

export function getPartners(): Promise<PartnerDto[]> {
  return api.get<PartnerDto[]>('/partner');
}

export function getPartnersQueryOptions() {
  return queryOptions({ queryKey: partnerKeys.all, queryFn: getPartners });
}

export function usePartners() {
  return useQuery(getPartnersQueryOptions());
}
