import {
  allocatePlotCosts,
  type LabelledPaise,
  type ProjectProfileDto,
  percentagesOf,
  profitFigures,
  sumAreas,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { type DevelopmentSum, findPlotProject, readProfileData } from './profile.repository.js';

/** The label land cost goes under in Development Cost Details. */
export const LAND_LABEL = 'Land Purchase';

/** Adds amounts under their label, keeping the order in which labels first appear. */
function byLabel(items: readonly LabelledPaise[]): LabelledPaise[] {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.label, (totals.get(item.label) ?? 0) + item.paise);
  return [...totals].map(([label, paise]) => ({ label, paise }));
}

const charge = (d: DevelopmentSum): LabelledPaise => ({ label: d.particular, paise: d.paise });

/**
 * Project Profile (DESIGN §7): the project's cost, sales, profit and money received; with a plot, the same for the
 * plot with its allocated cost (land and per_project development spread by area share, per_plot and per_sqft
 * charged to their plot).
 */
export async function getProjectProfile(
  tdb: TenantDb,
  query: { projectId: number; plotId?: number },
): Promise<ProjectProfileDto> {
  const { projectId, plotId } = query;
  const data = await readProfileData(tdb, projectId);
  if (!data) throw notFound('Project not found.');

  const landPool: LabelledPaise = { label: LAND_LABEL, paise: data.landPaise };
  const sharedDevelopment = byLabel(data.development.filter((d) => d.category === 'per_project').map(charge));

  let items: LabelledPaise[];
  let plots = data.plots;
  let plotName: string | null = null;
  if (plotId === undefined) {
    items = [landPool, ...byLabel(data.development.map(charge))];
  } else {
    const plot = data.plots.find((p) => p.plotId === plotId);
    if (!plot) {
      if ((await findPlotProject(tdb, plotId)) === undefined) throw notFound('Plot not found.');
      throw badRequest('The plot does not belong to this project.', { plotId: 'Choose a plot of this project.' });
    }
    // Each plot's own charges, grouped once: filtering the charges again for every plot grew as plots × charges.
    const direct = new Map<number, LabelledPaise[]>();
    for (const d of data.development) {
      if (d.category === 'per_project' || d.plotId === null) continue;
      const list = direct.get(d.plotId);
      if (list) list.push(charge(d));
      else direct.set(d.plotId, [charge(d)]);
    }
    const costs = allocatePlotCosts(
      [landPool, ...sharedDevelopment],
      data.plots.map((p) => ({ plotId: p.plotId, area: p.area, direct: direct.get(p.plotId) ?? [] })),
    );
    const own = costs.find((c) => c.plotId === plotId);
    items = [landPool.label, ...new Set(data.development.map((d) => d.particular))].map((label) => ({
      label,
      paise: own?.items.find((i) => i.label === label)?.paise ?? 0,
    }));
    plots = [plot];
    plotName = plot.plotName;
  }

  const shown = items.filter((i, index) => index === 0 || i.paise > 0);
  const costPaise = shown.reduce((sum, i) => sum + i.paise, 0);
  const percentages = percentagesOf(shown.map((i) => i.paise));
  const landPaise = shown[0]?.paise ?? 0;
  const figures = profitFigures({
    costPaise,
    salePaise: plots.reduce((sum, p) => sum + p.salePaise, 0),
    receivedPaise: plots.reduce((sum, p) => sum + p.receivedPaise, 0),
  });

  return {
    projectId,
    projectName: data.projectName,
    plotId: plotId ?? null,
    plotName,
    area: sumAreas(plots.map((p) => p.area)),
    plotCount: plots.length,
    soldCount: plots.filter((p) => p.isSold).length,
    totalCost: toRupees(figures.investmentPaise),
    saleAmount: toRupees(figures.salePaise),
    netProfit: toRupees(figures.profitPaise),
    profitMargin: figures.marginPercent,
    landCost: toRupees(landPaise),
    developmentCost: toRupees(costPaise - landPaise),
    costBreakdown: shown.map((i, index) => ({
      label: i.label,
      value: toRupees(i.paise),
      percentage: percentages[index] ?? 0,
    })),
    investment: toRupees(figures.investmentPaise),
    amountReceived: toRupees(figures.receivedPaise),
    pendingBalance: toRupees(figures.pendingPaise),
    total: toRupees(figures.totalPaise),
  };
}
