import type { ReceiptDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { receiptKeys } from './keys';

/** A plot's receipts, newest first, with their lines. */
export function getPlotReceipts(plotId: number): Promise<ReceiptDto[]> {
  return api.get<ReceiptDto[]>(`/payment/plot/${plotId}`);
}

export const getPlotReceiptsQueryOptions = (plotId: number) =>
  queryOptions({ queryKey: receiptKeys.list(plotId), queryFn: () => getPlotReceipts(plotId) });

export function usePlotReceipts(plotId: number | null) {
  return useQuery({ ...getPlotReceiptsQueryOptions(plotId ?? 0), enabled: plotId !== null });
}
