import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { ReceiptRow } from '../components/receipt-line-actions';
import { receiptKeys } from './keys';

/** A plot's receipts, newest first, with their lines; with `showVoided`, voided lines too (struck through). */
export function getPlotReceipts(plotId: number, showVoided = false): Promise<ReceiptRow[]> {
  return api.get<ReceiptRow[]>(`/payment/plot/${plotId}`, {
    query: showVoided ? { voided: 'include' } : undefined,
  });
}

export const getPlotReceiptsQueryOptions = (plotId: number, showVoided = false) =>
  queryOptions({
    queryKey: showVoided ? [...receiptKeys.list(plotId), 'voided'] : receiptKeys.list(plotId),
    queryFn: () => getPlotReceipts(plotId, showVoided),
  });

export function usePlotReceipts(plotId: number | null, showVoided = false) {
  return useQuery({ ...getPlotReceiptsQueryOptions(plotId ?? 0, showVoided), enabled: plotId !== null });
}
