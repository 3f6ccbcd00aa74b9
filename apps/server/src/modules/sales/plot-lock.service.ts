import type { TenantDb } from '../../db/tenancy.js';
import { hasActiveSale, lockPlot } from './sales.repository.js';

/**
 * A plot's row lock and whether it is sold, for the writers that must take turns with its sales (holds, issue 21):
 * the same lock createSale takes first, so a hold and a sale of one plot run one after the other.
 */
export const lockPlotForSale = (tdb: TenantDb, plotId: number) => lockPlot(tdb, plotId);
export const isPlotSold = (tdb: TenantDb, plotId: number) => hasActiveSale(tdb, plotId);
