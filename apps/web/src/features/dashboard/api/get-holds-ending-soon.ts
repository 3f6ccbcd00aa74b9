import type { HoldsEndingSoonDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { dashboardKeys } from '@/lib/query-keys';

/** `GET /api/holds/ending-soon`: the company's live holds, soonest end first (at most 10). */
export const getHoldsEndingSoon = () => api.get<HoldsEndingSoonDto>('/holds/ending-soon');

export const holdsEndingSoonQueryOptions = () =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'holds-ending-soon'] as const,
    queryFn: getHoldsEndingSoon,
    // A hold ends by the clock alone: look again every minute while the dashboard is open.
    refetchInterval: 60_000,
    retry: false,
  });

export function useHoldsEndingSoon() {
  return useQuery(holdsEndingSoonQueryOptions());
}
