import type { PartnerDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Archivable } from '@/components/archive-button';
import { api } from '@/lib/api-client';
import { partnerKeys } from './keys';

/** A partner; with "Show archived", archived partners come too, with when and why. */
export type PartnerRow = PartnerDto & Archivable;

export function getPartners(showArchived = false): Promise<PartnerRow[]> {
  return api.get<PartnerRow[]>('/partner', { query: showArchived ? { archived: 'include' } : undefined });
}

export function getPartnersQueryOptions(showArchived = false) {
  return queryOptions({
    queryKey: showArchived ? [...partnerKeys.all, 'archived'] : partnerKeys.all,
    queryFn: () => getPartners(showArchived),
  });
}

export function usePartners(showArchived = false) {
  return useQuery(getPartnersQueryOptions(showArchived));
}
