/** Sales: a project's listing and one sale's schedule sit under `saleKeys.all`; saving a sale refreshes them. */
export const saleKeys = {
  all: ['sales'] as const,
  list: (projectId: number) => [...saleKeys.all, 'project', projectId] as const,
  schedule: (saleId: number) => [...saleKeys.all, 'schedule', saleId] as const,
  /** A cancelled sale's cancellation (refund and what was kept). */
  cancellation: (saleId: number) => [...saleKeys.all, 'cancellation', saleId] as const,
  /** A plot's sale amount for the sale form's prefill. */
  plot: (plotId: number) => [...saleKeys.all, 'plot', plotId] as const,
};
