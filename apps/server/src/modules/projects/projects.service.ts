import {
  type PlotDto,
  type ProjectCommand,
  type ProjectWithPlotsDto,
  plotsFitArea,
  saleableArea,
  totalAmountPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { findProject, listPlots, plotsInUse, projectDependents } from './projects.repository.js';

function checkProject(input: ProjectCommand) {
  if (
    !plotsFitArea(
      input.totalArea,
      input.plots.map((p) => p.totalPlotSize),
    )
  ) {
    throw badRequest('Sum of plot sizes cannot exceed Total Area.', {
      plots: 'Sum of plot sizes cannot exceed Total Area.',
    });
  }
  const names = new Set<string>();
  for (const plot of input.plots) {
    const key = plot.plotName.toLowerCase();
    if (names.has(key))
      throw badRequest(`Plot name "${plot.plotName}" is used twice. Plot names must be unique in a project.`);
    names.add(key);
  }
}

function projectColumns(input: ProjectCommand) {
  const road = input.saleableOption ? input.roadArea : 0;
  const mandir = input.saleableOption ? input.mandirArea : 0;
  const amenities = input.saleableOption ? input.amenitiesArea : 0;
  return {
    project_name: input.projectName,
    city: input.city,
    total_area: input.totalArea,
    total_rate: input.totalRate,
    total_amount_paise: totalAmountPaise(input.totalArea, input.totalRate),
    saleable_option: input.saleableOption,
    road_area: road,
    mandir_area: mandir,
    amenities_area: amenities,
    saleable_area: saleableArea(input.totalArea, road, mandir, amenities),
  };
}

export async function assertProject(tdb: TenantDb, projectId: number, options: { lock?: boolean } = {}) {
  const project = await findProject(tdb, projectId, options);
  if (!project) throw notFound('Project not found.');
  return project;
}

export async function getProject(tdb: TenantDb, projectId: number): Promise<ProjectWithPlotsDto> {
  const project = await findProject(tdb, projectId);
  if (!project) throw notFound('Project not found.');
  return { ...project, plots: await listPlots(tdb, { projectId }) };
}

export async function createProject(tdb: TenantDb, input: ProjectCommand): Promise<number> {
  checkProject(input);
  const project = await tdb
    .insertInto('projects')
    .values(projectColumns(input))
    .returning('id')
    .executeTakeFirstOrThrow();
  await tdb
    .insertInto('plots')
    .values(
      input.plots.map((p) => ({
        project_id: project.id,
        plot_name: p.plotName,
        total_plot_size: p.totalPlotSize,
        plot_number: p.plotNumber,
      })),
    )
    .execute();
  return project.id;
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
    if (plot.plotId !== undefined && !currentIds.has(plot.plotId))
      throw badRequest(`Plot ${plot.plotId} does not belong to this project.`);
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

  await tdb
    .updateTable('projects')
    .set({ ...projectColumns(input), updated_at: new Date() })
    .where('id', '=', projectId)
    .execute();
  if (removed.length > 0) {
    await tdb
      .deleteFrom('plots')
      .where(
        'id',
        'in',
        removed.map((p) => p.plotId),
      )
      .execute();
  }
  // Rename in two steps so swapping two plots' names does not trip the unique (project, name) constraint.
  const updates = input.plots.filter((p) => p.plotId !== undefined);
  for (const plot of updates) {
    await tdb
      .updateTable('plots')
      .set({ plot_name: `~${plot.plotId}~${plot.plotName}` })
      .where('id', '=', plot.plotId as number)
      .execute();
  }
  for (const plot of updates) {
    await tdb
      .updateTable('plots')
      .set({ plot_name: plot.plotName, total_plot_size: plot.totalPlotSize, plot_number: plot.plotNumber })
      .where('id', '=', plot.plotId as number)
      .execute();
  }
  const added = input.plots.filter((p) => p.plotId === undefined);
  if (added.length > 0) {
    await tdb
      .insertInto('plots')
      .values(
        added.map((p) => ({
          project_id: projectId,
          plot_name: p.plotName,
          total_plot_size: p.totalPlotSize,
          plot_number: p.plotNumber,
        })),
      )
      .execute();
  }
}

export async function deleteProject(tdb: TenantDb, projectId: number): Promise<void> {
  const project = await findProject(tdb, projectId, { lock: true });
  if (!project) throw notFound('Project not found.');
  const deps = await projectDependents(tdb, projectId);
  const used = Object.entries(deps)
    .filter(([, n]) => n > 0)
    .map(([name, n]) => `${n} ${name}`);
  if (used.length > 0) {
    throw conflict(`${project.projectName} has ${used.join(', ')} recorded and cannot be deleted.`);
  }
  await tdb.deleteFrom('activities').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('partner_projects').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('plots').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('projects').where('id', '=', projectId).execute();
}

export async function getPlot(tdb: TenantDb, plotId: number): Promise<PlotDto> {
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
      plot.isSold
        ? `${plot.plotName} is sold and cannot be removed.`
        : `${plot.plotName} has entries recorded against it and cannot be removed.`,
    );
  }
  await tdb.deleteFrom('plots').where('id', '=', plotId).execute();
}
