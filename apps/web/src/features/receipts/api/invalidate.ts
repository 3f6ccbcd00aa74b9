import type { QueryClient } from '@tanstack/react-query';
import { dashboardKeys, projectKeys } from '@/lib/query-keys';
import { receiptKeys } from './keys';

/** A receipt moves the plot's cards and list, whether it is fully paid (plot lists) and the dashboard's revenue. */
export function invalidateAfterReceipt(queryClient: QueryClient, projectId: number, plotId: number): void {
  queryClient.invalidateQueries({ queryKey: receiptKeys.plot(plotId) });
  queryClient.invalidateQueries({ queryKey: projectKeys.plots(projectId) });
  queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
}
