import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { dashboardKeys, summaryKeys } from './query-keys';

/** Client errors (4xx) will not change on retry; network and server errors get two more tries. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A saved change can move any total: the reports, Payment To Partner and the dashboard are refetched where
    // shown and marked stale elsewhere, so coming back to one never shows the figures from before the save.
    mutationCache: new MutationCache({
      onSuccess: () => {
        for (const queryKey of [summaryKeys.reports, summaryKeys.partnerPayments, dashboardKeys.all]) {
          queryClient.invalidateQueries({ queryKey });
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
