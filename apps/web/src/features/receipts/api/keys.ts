/** Everything about one plot's receipts sits under `receiptKeys.plot(plotId)`. */
export const receiptKeys = {
  all: ['receipts'] as const,
  plot: (plotId: number) => [...receiptKeys.all, plotId] as const,
  summary: (plotId: number) => [...receiptKeys.plot(plotId), 'summary'] as const,
  list: (plotId: number) => [...receiptKeys.plot(plotId), 'list'] as const,
};
