import { plotListPricePaise, toPaise, toRupees } from '@plotbook/domain';

/**
 * The price a sale of the plot starts from, in rupees, from a plot as the API answers it: its list price, else its
 * list rate × size, else null (the domain's `plotListPricePaise`, worked in paise).
 */
export function plotListPrice(plot: {
  listRate: number | null;
  listPrice: number | null;
  totalPlotSize: number;
}): number | null {
  const price = plotListPricePaise({
    listPricePaise: plot.listPrice === null ? null : toPaise(plot.listPrice),
    listRatePaise: plot.listRate === null ? null : toPaise(plot.listRate),
    size: plot.totalPlotSize,
  });
  return price === null ? null : toRupees(price);
}
