import {
  type PlotAnswer,
  type PlotSummaryAnswer,
  type ProjectAnswer,
  type ProjectCommand,
  type ProjectDetailsAnswer,
  type ProjectPartnerAnswer,
  type ProjectSummaryAnswer,
  type ProjectWithPlotsAnswer,
  plotsOverflow,
  pluralize,
  saleableArea,
  totalAmountPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { JsonRows } from '../../lib/serializer.js';
import { removeProjectPlan } from '../plans/plans.service.js';
import { plotValuesOf, recordedPlot, storedPlot } from './plot-values.js';
import { listPlotSummaries, pageProjectsJson } from './project-details.repository.js';
import {
  deletePlotRows,
  deleteProjectRows,
  insertPlots,
  insertProject,
  type PlotValues,
  type ProjectFigures,
  plotColumns,
  plotsInUse,
  projectColumns,
  projectDependents,
  updatePlotRows,
  updateProjectRow,
} from './project-writes.repository.js';
import {
  findProject,
  listPlots,
  listProjectPartners,
  listProjectSummaries,
  listProjects,
} from './projects.repository.js';

function checkProject(input: ProjectCommand) {
  const overflow = plotsOverflow(
    { ...input, isSaleable: input.saleableOption },
    input.plots.map((p) => p.totalPlotSize),
  );
  if (overflow) {
    const message = `Sum of plot sizes cannot exceed ${overflow === 'total' ? 'Total Area' : 'Saleable Area'}.`;
    throw badRequest(message, { plots: message });
  }
  const names = new Set<string>();
  for (const plot of input.plots) {
    const key = plot.plotName.toLowerCase();
    if (names.has(key))
      throw badRequest(`Plot name "${plot.plotName}" is used twice. Plot names must be unique in a project.`);
    names.add(key);
  }
}

/** The stored figures of a project: without a saleable option there are no deductions. */
function projectFigures(input: ProjectCommand): ProjectFigures {
  const road = input.saleableOption ? input.roadArea : 0;
  const mandir = input.saleableOption ? input.mandirArea : 0;
  const amenities = input.saleableOption ? input.amenitiesArea : 0;
  return {
    projectName: input.projectName,
    city: input.city,
    totalArea: input.totalArea,
    totalRate: input.totalRate,
    totalAmountPaise: totalAmountPaise(input.totalArea, input.totalRate),
    saleableOption: input.saleableOption,
    roadArea: road,
    mandirArea: mandir,
    amenitiesArea: amenities,
    saleableArea: saleableArea(input.totalArea, road, mandir, amenities),
  };
}

export async function assertProject(tdb: TenantDb, projectId: number, options: { lock?: boolean } = {}) {
  const project = await findProject(tdb, projectId, options);
  if (!project) throw notFound('Project not found.');
  return project;
}

/** Every project of the company (the project dropdowns); the archived ones only with `includeArchived`. */
export const getProjects = (tdb: TenantDb, includeArchived = false): Promise<ProjectAnswer[]> =>
  listProjects(tdb, includeArchived);

/** View Projects: every project with its plot counts. */
export const getProjectSummaries = (tdb: TenantDb): Promise<ProjectSummaryAnswer[]> => listProjectSummaries(tdb);

/** The partners holding a share of a project (archived ones only when asked); 404 when there is no such project. */
export async function getProjectPartners(
  tdb: TenantDb,
  projectId: number,
  includeArchived = false,
): Promise<ProjectPartnerAnswer[]> {
  await assertProject(tdb, projectId);
  return listProjectPartners(tdb, projectId, includeArchived);
}

/**
 * A page of the spec's All Project Details: whole projects with their plots, in creation order, as many projects
 * as fit in `page.limit` plots (docs/design.md §8's 500 by default; at least one project a page). The rows that grow are
 * the plots, so the page is measured in plots: 20 projects of 250 plots come as ten pages of 500 plots, never as
 * one reply of 5,000. View Projects itself reads `/api/project/summaries` and each project's plot-summaries.
 */
export async function pageProjectDetails(
  tdb: TenantDb,
  page: PageRequest,
): Promise<Omit<Page<unknown>, 'rows'> & { rows: JsonRows<ProjectDetailsAnswer[]> }> {
  const projects = await pageProjectsJson(tdb, { plotLimit: page.limit, after: page.after });
  const last = projects.rows.at(-1);
  return {
    rows: new JsonRows<ProjectDetailsAnswer[]>(`[${projects.rows.map((p) => p.json).join(',')}]`),
    next: projects.more && last ? { key: last.cursorKey, id: last.projectId } : null,
    totals: { count: projects.total, unfilteredCount: projects.total },
  };
}

/** One project's plots as All Project Details shows them; a project has at least one plot (else: is there one?). */
export async function getPlotSummaries(tdb: TenantDb, projectId: number): Promise<PlotSummaryAnswer[]> {
  const plots = await listPlotSummaries(tdb, projectId);
  if (plots.length === 0) await assertProject(tdb, projectId);
  return plots;
}

/**
 * A project's plots with their sale state (the archived ones only with `includeArchived`). A project has at least
 * one plot, so only an empty answer costs a second query, to tell a project without plots from one that does not
 * exist (404).
 */
export async function getProjectPlots(
  tdb: TenantDb,
  projectId: number,
  includeArchived = false,
): Promise<PlotAnswer[]> {
  const plots = await listPlots(tdb, { projectId, includeArchived });
  if (plots.length === 0) await assertProject(tdb, projectId);
  return plots;
}

export async function getProject(tdb: TenantDb, projectId: number): Promise<ProjectWithPlotsAnswer> {
  const project = await assertProject(tdb, projectId);
  return { ...project, plots: await listPlots(tdb, { projectId }) };
}

/** A project's stored columns as its answer gives them back (the "before" of an edit's trail row). */
const storedProject = (p: ProjectAnswer) => ({
  project_name: p.projectName,
  city: p.city,
  total_area: p.totalArea,
  total_rate: p.totalRate,
  total_amount_paise: p.totalAmount,
  saleable_option: p.saleableOption === 'yes',
  road_area: p.roadArea,
  mandir_area: p.mandirArea,
  amenities_area: p.amenitiesArea,
  saleable_area: p.saleableArea,
});

/** Stores new plots of a project, one trail row each. */
async function addPlots(tdb: TenantDb, projectId: number, plots: PlotValues[]): Promise<void> {
  const ids = await insertPlots(tdb, projectId, plots);
  ids.forEach((id, i) => {
    const after = { project_id: projectId, ...recordedPlot(plots[i] as PlotValues) };
    recordChange(tdb, { entity: 'plot', entityId: id, action: 'create', changes: changedFields(null, after) });
  });
}

/** A project and its plots: one trail row for the project and one for each plot. */
export async function createProject(tdb: TenantDb, input: ProjectCommand): Promise<number> {
  checkProject(input);
  const figures = projectFigures(input);
  const projectId = await insertProject(tdb, figures);
  recordChange(tdb, {
    entity: 'project',
    entityId: projectId,
    action: 'create',
    changes: changedFields(null, projectColumns(figures)),
  });
  await addPlots(tdb, projectId, input.plots.map(plotValuesOf));
  return projectId;
}

/**
 * Saves a project and its plots as sent: plots with an id are updated, new ones inserted, missing ones removed.
 * The project row is locked first, so two clerks editing the same project save one after the other.
 */
export async function updateProject(tdb: TenantDb, projectId: number, input: ProjectCommand): Promise<void> {
  checkProject(input);
  const existing = await findProject(tdb, projectId, { lock: true });
  if (!existing) throw notFound('Project not found.');
  const current = await listPlots(tdb, { projectId });
  const currentIds = new Set(current.map((p) => p.plotId));
  for (const plot of input.plots) {
    // Most often a save from a screen opened before another save removed that plot.
    if (plot.plotId !== undefined && !currentIds.has(plot.plotId))
      throw conflict(
        `${plot.plotName} is no longer one of this project's plots (it was removed meanwhile). Reload the project and make your changes again.`,
      );
  }
  const keptIds = new Set(input.plots.flatMap((p) => (p.plotId === undefined ? [] : [p.plotId])));
  const removed = current.filter((p) => !keptIds.has(p.plotId));
  const inUse = await plotsInUse(
    tdb,
    removed.map((p) => p.plotId),
  );
  const blocked = removed.find((p) => inUse.has(p.plotId));
  if (blocked) {
    throw conflict(
      blocked.isSold
        ? `${blocked.plotName} is sold and cannot be removed.`
        : `${blocked.plotName} has entries recorded against it and cannot be removed.`,
    );
  }

  const figures = projectFigures(input);
  await updateProjectRow(tdb, projectId, figures);
  const projectChanges = changedFields(storedProject(existing), projectColumns(figures));
  if (Object.keys(projectChanges).length > 0)
    recordChange(tdb, { entity: 'project', entityId: projectId, action: 'update', changes: projectChanges });
  await deletePlotRows(
    tdb,
    removed.map((p) => p.plotId),
  );
  for (const plot of removed) recordPlotDeleted(tdb, plot);
  const kept = input.plots.flatMap((p) => (p.plotId === undefined ? [] : [{ ...plotValuesOf(p), plotId: p.plotId }]));
  const byId = new Map(current.map((p) => [p.plotId, storedPlot(p)]));
  await updatePlotRows(tdb, kept, byId);
  for (const plot of kept) {
    const changes = changedFields(plotColumns(byId.get(plot.plotId) as PlotValues), plotColumns(plot));
    if (Object.keys(changes).length > 0)
      recordChange(tdb, { entity: 'plot', entityId: plot.plotId, action: 'update', changes });
  }
  const added = input.plots.filter((p) => p.plotId === undefined);
  if (added.length > 0) await addPlots(tdb, projectId, added.map(plotValuesOf));
}

/** A plot removed: its trail row keeps what it was. */
function recordPlotDeleted(tdb: TenantDb, plot: PlotAnswer) {
  recordDeletedValues(tdb, plot.plotId, plot.projectId, storedPlot(plot));
}

function recordDeletedValues(tdb: TenantDb, plotId: number, projectId: number, plot: PlotValues) {
  const before = { project_id: projectId, ...recordedPlot(plot) };
  recordChange(tdb, { entity: 'plot', entityId: plotId, action: 'delete', changes: changedFields(before, null) });
}

/** How each kind of entry that keeps a project from being deleted is counted in the refusal. */
const DEPENDENT_NOUNS = {
  purchases: ['purchase entry', 'purchase entries'],
  development: ['development entry', 'development entries'],
  sales: ['sale', 'sales'],
  receipts: ['receipt', 'receipts'],
  payouts: ['partner payout', 'partner payouts'],
} as const;

export async function deleteProject(tdb: TenantDb, projectId: number): Promise<void> {
  const project = await findProject(tdb, projectId, { lock: true });
  if (!project) throw notFound('Project not found.');
  const deps = await projectDependents(tdb, projectId);
  const used = (Object.keys(DEPENDENT_NOUNS) as Array<keyof typeof deps>)
    .filter((name) => deps[name] > 0)
    .map((name) => pluralize(deps[name], DEPENDENT_NOUNS[name][0], DEPENDENT_NOUNS[name][1]));
  if (used.length > 0) {
    throw conflict(
      `${project.projectName} has ${used.join(', ')} recorded and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.`,
    );
  }
  // Its layout plan goes with it (the plan's own trail row, 'plan' delete).
  await removeProjectPlan(tdb, projectId);
  const { activities, plots } = await deleteProjectRows(tdb, projectId);
  recordChange(tdb, {
    entity: 'project',
    entityId: projectId,
    action: 'delete',
    changes: changedFields(storedProject(project), null),
  });
  for (const p of plots) {
    recordDeletedValues(tdb, p.id, projectId, {
      plotName: p.plot_name,
      totalPlotSize: p.total_plot_size,
      plotNumber: p.plot_number,
      listRatePaise: p.list_rate_paise,
      listPricePaise: p.list_price_paise,
      facing: p.facing,
      corner: p.corner,
      sector: p.sector,
    });
  }
  for (const { id, created_at: _c, ...before } of activities)
    recordChange(tdb, { entity: 'activity', entityId: id, action: 'delete', changes: changedFields(before, null) });
}

export async function getPlot(tdb: TenantDb, plotId: number): Promise<PlotAnswer> {
  const [plot] = await listPlots(tdb, { plotId });
  if (!plot) throw notFound('Plot not found.');
  return plot;
}

export async function deletePlot(tdb: TenantDb, plotId: number): Promise<void> {
  const plot = await getPlot(tdb, plotId);
  const project = await findProject(tdb, plot.projectId, { lock: true });
  if ((project?.plotCount ?? 0) <= 1) throw badRequest('At least one plot is required.');
  if ((await plotsInUse(tdb, [plotId])).size > 0) {
    throw conflict(
      `${plot.plotName} ${plot.isSold ? 'is sold' : 'has entries recorded against it'} and cannot be deleted. Archive it instead: it leaves the lists and its money stays in the reports.`,
    );
  }
  await deletePlotRows(tdb, [plotId]);
  recordPlotDeleted(tdb, plot);
}
