import { type PriceListRowAnswer, plotBoardState, plotListPricePaise } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { listPlotBoardFacts } from './price-list.repository.js';
import { listPlots } from './projects.repository.js';
import { assertProject } from './projects.service.js';

/** Sectors in order, the plots without one last; within a sector the plots' own order. */
const bySector = (a: { sector: string | null }, b: { sector: string | null }) =>
  a.sector === b.sector
    ? 0
    : a.sector === null
      ? 1
      : b.sector === null
        ? -1
        : a.sector.localeCompare(b.sector, 'en-IN', { numeric: true });

/**
 * A project's price list as of `now`: its plots that are not archived, by sector, each with the price a sale starts
 * from (`plotListPricePaise`) and its state on the board (`plotBoardState`); 404 when there is no such project.
 */
export async function getPriceList(
  tdb: TenantDb,
  projectId: number,
  now: Date,
): Promise<{ projectName: string; rows: PriceListRowAnswer[] }> {
  const project = await assertProject(tdb, projectId);
  const [plots, facts] = await Promise.all([
    listPlots(tdb, { projectId, includeArchived: false }),
    listPlotBoardFacts(tdb, projectId, now),
  ]);
  const rows = plots.map((plot): PriceListRowAnswer => {
    const fact = facts.get(plot.plotId) ?? { hadCancelledSale: false, held: false };
    return {
      sector: plot.sector,
      plotName: plot.plotName,
      plotNumber: plot.plotNumber,
      size: plot.totalPlotSize,
      facing: plot.facing,
      corner: plot.corner,
      listRate: plot.listRate,
      listPrice: plotListPricePaise({
        listPricePaise: plot.listPrice,
        listRatePaise: plot.listRate,
        size: plot.totalPlotSize,
      }),
      state: plotBoardState({
        sold: plot.isSold,
        fullyPaid: plot.isFullyPaid,
        registered: plot.isRegistered,
        hadCancelledSale: fact.hadCancelledSale,
        held: fact.held,
      }),
    };
  });
  return { projectName: project.projectName, rows: rows.sort(bySector) };
}
