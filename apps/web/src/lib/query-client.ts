import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { auditKeys, dashboardKeys, summaryKeys } from './query-keys';

/**
 * Only what may pass by itself is tried again, twice: a lost network or a server that is busy or being updated (502,
 * 503, 504). A client error (4xx) or a server's own error (500) would answer the same, so the screen says so at once
 * instead of after seconds of retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.hasResponse && ![502, 503, 504].includes(error.status)) return false;
  return failureCount < 2;
}

/** Half a second, then a second: a screen whose server is back shows its data soon. */
export const retryDelay = (failureCount: number) => Math.min(500 * 2 ** failureCount, 2000);

export function createQueryClient(): QueryClient {
  const queryClient: QueryClient = new QueryClient({
    // A saved change can move any total: the reports, Payment To Partner and the dashboard are refetched where
    // shown and marked stale elsewhere, so coming back to one never shows the figures from before the save; the
    // audit trail (a History drawer, the Audit page) gains the change's rows.
    mutationCache: new MutationCache({
      onSuccess: () => {
        for (const queryKey of [summaryKeys.reports, summaryKeys.partnerPayments, dashboardKeys.all, auditKeys.all]) {
          queryClient.invalidateQueries({ queryKey });
        }
      },
    }),
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
