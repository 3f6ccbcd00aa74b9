import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';

/**
 * What the price list needs beyond a plot's own row (listPlots): which plots of a project had a sale cancelled and
 * which are held by a live hold at `now` (open, `held_until` after it), in one query.
 */
const boardFactsQuery = fixedQuery((tdb: TenantDb, projectId: number, now: Date) =>
  tdb
    .selectFrom('plots')
    .select([
      'plots.id as plotId',
      sql<boolean>`exists (select 1 from sales where sales.plot_id = plots.id and sales.project_id = plots.project_id and sales.status = 'Cancelled')`.as(
        'hadCancelledSale',
      ),
      sql<boolean>`exists (select 1 from plot_holds where plot_holds.plot_id = plots.id and plot_holds.ended_at is null and plot_holds.held_until > ${now})`.as(
        'held',
      ),
    ])
    .where('plots.project_id', '=', projectId),
);

export async function listPlotBoardFacts(
  tdb: TenantDb,
  projectId: number,
  now: Date,
): Promise<Map<number, { hadCancelledSale: boolean; held: boolean }>> {
  const rows = await boardFactsQuery(tdb, projectId, now);
  return new Map(rows.map((r) => [r.plotId, { hadCancelledSale: r.hadCancelledSale, held: r.held }]));
}
