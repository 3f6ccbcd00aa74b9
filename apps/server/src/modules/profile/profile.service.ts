import {
  addPaise,
  type LabelledPaise,
  type Paise,
  type ProjectProfileAnswer,
  percentagesOf,
  profitFigures,
  shareByArea,
  subPaise,
  sumPaise,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { type DevelopmentSum, findPlotProject, readProfileData } from './profile.repository.js';

/** The label land cost goes under in Development Cost Details. */
export const LAND_LABEL = 'Land Purchase';

/** Adds amounts under their label, keeping the order in which labels first appear. */
function byLabel(items: readonly LabelledPaise[]): LabelledPaise[] {
  const totals = new Map<string, Paise>();
  for (const item of items) totals.set(item.label, addPaise(totals.get(item.label) ?? ZERO_PAISE, item.paise));
  return [...totals].map(([label, paise]) => ({ label, paise }));
}

const charge = (d: DevelopmentSum): LabelledPaise => ({ label: d.particular, paise: d.paise });

/**
 * Project Profile (docs/design.md §7): the project's cost, sales, profit and money received; with a plot, the same for the
 * plot with its allocated cost (land and per_project development spread by area share, per_plot and per_sqft
 * charged to their plot).
 */
export async function getProjectProfile(
  tdb: TenantDb,
  query: { projectId: number; plotId?: number },
): Promise<ProjectProfileAnswer> {
  const { projectId, plotId } = query;
  const data = await readProfileData(tdb, projectId, plotId);
  if (!data) throw notFound('Project not found.');

  let items: LabelledPaise[];
  let totals = {
    area: data.area,
    plotCount: data.plotCount,
    soldCount: data.soldCount,
    salePaise: data.salePaise,
    transferFeePaise: data.transferFeePaise,
    receivedPaise: data.receivedPaise,
  };
  let plotName: string | null = null;
  if (plotId === undefined) {
    items = [{ label: LAND_LABEL, paise: data.landPaise }, ...byLabel(data.development.map(charge))];
  } else {
    const { plot, areas, plotIndex } = data;
    if (!plot) {
      if ((await findPlotProject(tdb, plotId)) === undefined) throw notFound('Plot not found.');
      throw badRequest('The plot does not belong to this project.', { plotId: 'Choose a plot of this project.' });
    }
    // The plot's cost (docs/design.md §7): its area share of the land cost and of each per_project particular (each pool
    // spread on its own over every plot, largest remainder), plus the charges made to it alone.
    const own = new Map<string, Paise>();
    const add = (label: string, amount: Paise) => own.set(label, addPaise(own.get(label) ?? ZERO_PAISE, amount));
    add(LAND_LABEL, shareByArea(data.landPaise, areas, plotIndex));
    const shared = byLabel(data.development.filter((d) => d.category === 'per_project').map(charge));
    for (const pool of shared) add(pool.label, shareByArea(pool.paise, areas, plotIndex));
    for (const d of data.development) {
      if (d.category !== 'per_project' && d.plotId === plotId) add(d.particular, d.paise);
    }
    items = [LAND_LABEL, ...new Set(data.development.map((d) => d.particular))].map((label) => ({
      label,
      paise: own.get(label) ?? ZERO_PAISE,
    }));
    totals = {
      area: plot.area,
      plotCount: 1,
      soldCount: plot.isSold ? 1 : 0,
      salePaise: plot.salePaise,
      transferFeePaise: plot.transferFeePaise,
      receivedPaise: plot.receivedPaise,
    };
    plotName = plot.plotName;
  }

  const shown = items.filter((i, index) => index === 0 || i.paise > 0);
  const costPaise = sumPaise(shown.map((i) => i.paise));
  const percentages = percentagesOf(shown.map((i) => i.paise));
  const landPaise = shown[0]?.paise ?? ZERO_PAISE;
  // Issue 20: the retained part of cancelled sales is income; received is net of the refunds paid on them, and
  // pending is what the active sales still owe.
  const { cancelled } = data;
  const figures = profitFigures({
    costPaise,
    salePaise: totals.salePaise,
    receivedPaise: totals.receivedPaise,
    transferFeePaise: totals.transferFeePaise,
    forfeitedPaise: cancelled.forfeitedPaise,
  });

  return {
    projectId,
    projectName: data.projectName,
    plotId: plotId ?? null,
    plotName,
    area: totals.area,
    plotCount: totals.plotCount,
    soldCount: totals.soldCount,
    totalCost: figures.investmentPaise,
    saleAmount: figures.salePaise,
    transferFees: totals.transferFeePaise,
    forfeited: cancelled.forfeitedPaise,
    netProfit: figures.profitPaise,
    profitMargin: figures.marginPercent,
    landCost: landPaise,
    developmentCost: subPaise(costPaise, landPaise),
    costBreakdown: shown.map((i, index) => ({
      label: i.label,
      value: i.paise,
      percentage: percentages[index] ?? 0,
    })),
    investment: figures.investmentPaise,
    amountReceived: addPaise(figures.receivedPaise, subPaise(cancelled.receivedPaise, cancelled.refundPaidPaise)),
    pendingBalance: figures.pendingPaise,
    total: figures.totalPaise,
  };
}
