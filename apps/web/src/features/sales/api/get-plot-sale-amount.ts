import type { PlotDto } from '@plotbook/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { plotListPrice } from '@/lib/plot-list-price';
import { saleKeys } from './keys';

/** `GET /plot/{plotId}`: the sale form prefills the sale amount from it. */
export const getPlot = (plotId: number) => api.get<PlotDto>(`/plot/${plotId}`);

export const getPlotQueryOptions = (plotId: number) =>
  queryOptions({ queryKey: saleKeys.plot(plotId), queryFn: () => getPlot(plotId), retry: false });

/**
 * The amount a sale of the plot starts from: its recorded sale amount, else its list price (or list rate × size,
 * `plotListPricePaise`), else null (also when the call fails: the spec ignores that failure silently).
 */
export function usePlotSaleAmount(plotId: number | null): number | null {
  const { data } = useQuery({ ...getPlotQueryOptions(plotId ?? 0), enabled: plotId !== null });
  if (!data) return null;
  return data.saleAmount ?? plotListPrice(data);
}
