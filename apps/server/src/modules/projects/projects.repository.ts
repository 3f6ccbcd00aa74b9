import {
  type PlotDto,
  type PlotSummaryDto,
  type ProjectDto,
  type ProjectPartnerDto,
  type ProjectSummaryDto,
  toRupees,
} from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { Cursor } from '../../lib/paging.js';
import { afterCursor } from '../../lib/paging.repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

function projectQuery(tdb: TenantDb) {
  return tdb
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) =>
      eb
        .selectFrom('plots')
        .whereRef('plots.project_id', '=', 'projects.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('plot_count'),
    );
}

type ProjectRow = Awaited<ReturnType<ReturnType<typeof projectQuery>['executeTakeFirstOrThrow']>>;

function toProjectDto(r: ProjectRow): ProjectDto {
  return {
    projectId: r.id,
    projectName: r.project_name,
    city: r.city,
    totalArea: r.total_area,
    totalRate: r.total_rate,
    totalAmount: toRupees(r.total_amount_paise),
    saleableOption: r.saleable_option ? 'yes' : 'no',
    roadArea: r.road_area,
    mandirArea: r.mandir_area,
    amenitiesArea: r.amenities_area,
    saleableArea: r.saleable_area,
    status: r.status,
    plotCount: Number(r.plot_count ?? 0),
    createdDate: iso(r.created_at),
  };
}

export async function listProjects(tdb: TenantDb): Promise<ProjectDto[]> {
  const rows = await projectQuery(tdb).orderBy('projects.project_name').execute();
  return rows.map(toProjectDto);
}

export async function findProject(tdb: TenantDb, projectId: number, options: { lock?: boolean } = {}) {
  let query = projectQuery(tdb).where('projects.id', '=', projectId);
  if (options.lock) query = query.forUpdate('projects');
  const row = await query.executeTakeFirst();
  return row ? toProjectDto(row) : undefined;
}

/**
 * The plots of one project (or of several) with their sale state: the active sale's amount and date, whether
 * the plot is registered, and whether it is fully paid (received from Completed receipts covers the sale).
 */
export async function listPlots(tdb: TenantDb, where: { projectId?: number; plotId?: number }): Promise<PlotDto[]> {
  let query = tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.onRef('sales.plot_id', '=', 'plots.id').on('sales.status', '=', 'Active'))
    .leftJoin('registrations', 'registrations.plot_id', 'plots.id')

    .select([
      'plots.id',
      'plots.project_id',
      'plots.plot_name',
      'plots.total_plot_size',
      'plots.plot_number',
      'plots.created_at',
      'sales.sale_amount_paise',
      'sales.sale_date',
      'registrations.id as registration_id',
      // Σ Completed receipts of the plot, kept by triggers (0016_plot_money): one key lookup per plot (a join
      // would read every plot's row).
      (eb) =>
        eb
          .selectFrom('plot_money')
          .select('plot_money.received_paise')
          .whereRef('plot_money.plot_id', '=', 'plots.id')
          .as('received_paise'),
    ])
    .orderBy('plots.project_id')
    .orderBy('plots.id');
  if (where.projectId !== undefined) query = query.where('plots.project_id', '=', where.projectId);
  if (where.plotId !== undefined) query = query.where('plots.id', '=', where.plotId);
  const rows = await query.execute();
  return rows.map((r) => {
    const isSold = r.sale_amount_paise !== null;
    const received = Number(r.received_paise ?? 0);
    const isFullyPaid = isSold && received >= (r.sale_amount_paise as number);
    return {
      plotId: r.id,
      projectId: r.project_id,
      plotName: r.plot_name,
      totalPlotSize: r.total_plot_size,
      plotNumber: r.plot_number,
      saleAmount: isSold ? toRupees(r.sale_amount_paise as number) : null,
      plotSaleDate: r.sale_date,
      isSold,
      isRegistered: r.registration_id !== null,
      isFullyPaid,
      plotCreatedDate: iso(r.created_at),
      fullypaidYn: isFullyPaid ? 'Y' : 'N',
      registeredYn: r.registration_id !== null ? 'Y' : 'N',
    };
  });
}

/**
 * One page of All Project Details' projects in (created_at, id) order: whole projects, as many as fit in
 * `plotLimit` plots (always at least one), so a page never carries more plots than that unless one project alone
 * has more. `more` says whether projects follow; `total` counts every project.
 */
export async function pageProjects(
  tdb: TenantDb,
  page: { plotLimit: number; after: Cursor | null },
): Promise<{ rows: (ProjectDto & { cursorKey: string })[]; more: boolean; total: number }> {
  let after = projectQuery(tdb).select([
    sql<string>`projects.created_at::text`.as('cursor_key'),
    (eb) => eb.selectFrom('projects as every').select(eb.fn.countAll<number>().as('n')).as('total_count'),
  ]);
  if (page.after) after = after.where(afterCursor('projects.created_at', 'projects.id', page.after, 'timestamp'));
  const ranked = tdb
    .selectFrom(after.as('p'))
    .selectAll('p')
    .select([
      sql<number>`sum(p.plot_count) over (order by p.created_at, p.id)`.as('running'),
      sql<number>`row_number() over (order by p.created_at, p.id)`.as('position'),
    ]);
  // The projects that start within the budget, plus the second one whatever its size: the rows past the page
  // (at most one beyond the budget) only say that a next page exists.
  const rows = await tdb
    .selectFrom(ranked.as('r'))
    .selectAll('r')
    .where(sql<boolean>`r.running - r.plot_count <= ${page.plotLimit} or r.position <= 2`)
    .orderBy('r.created_at')
    .orderBy('r.id')
    .execute();
  const taken = rows.filter((r, index) => index === 0 || Number(r.running) <= page.plotLimit);
  const total =
    rows[0]?.total_count ??
    (await tdb.selectFrom('projects').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n;
  return {
    rows: taken.map((r) => ({ ...toProjectDto(r), cursorKey: r.cursor_key })),
    more: rows.length > taken.length,
    total: Number(total),
  };
}

/** Every plot of every project (or of the given ones) with just what All Project Details shows, by project id. */
export async function listPlotSummaries(
  tdb: TenantDb,
  projectId?: number | readonly number[],
): Promise<Map<number, PlotSummaryDto[]>> {
  let query = tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.onRef('sales.plot_id', '=', 'plots.id').on('sales.status', '=', 'Active'))
    .leftJoin('registrations', 'registrations.plot_id', 'plots.id')
    .select([
      'plots.id',
      'plots.project_id',
      'plots.plot_name',
      'plots.total_plot_size',
      'plots.plot_number',
      'sales.id as sale_id',
      'registrations.id as registration_id',
    ])
    .orderBy('plots.project_id')
    .orderBy('plots.id');
  if (typeof projectId === 'number') query = query.where('plots.project_id', '=', projectId);
  else if (projectId !== undefined) {
    if (projectId.length === 0) return new Map();
    query = query.where('plots.project_id', 'in', projectId);
  }
  const rows = await query.execute();
  const byProject = new Map<number, PlotSummaryDto[]>();
  for (const r of rows) {
    const list = byProject.get(r.project_id) ?? [];
    if (list.length === 0) byProject.set(r.project_id, list);
    list.push({
      plotId: r.id,
      plotName: r.plot_name,
      totalPlotSize: r.total_plot_size,
      plotNumber: r.plot_number,
      isSold: r.sale_id !== null,
      isRegistered: r.registration_id !== null,
    });
  }
  return byProject;
}

/** Every project with how many of its plots are sold and registered (counted in SQL, no plot rows sent). */
export async function listProjectSummaries(tdb: TenantDb): Promise<ProjectSummaryDto[]> {
  const rows = await projectQuery(tdb)
    .select((eb) => [
      eb
        .selectFrom('sales')
        .whereRef('sales.project_id', '=', 'projects.id')
        .where('sales.status', '=', 'Active')
        .select(eb.fn.countAll<number>().as('n'))
        .as('sold_count'),
      eb
        .selectFrom('registrations')
        .innerJoin('plots', 'plots.id', 'registrations.plot_id')
        .whereRef('plots.project_id', '=', 'projects.id')
        .select(eb.fn.countAll<number>().as('n'))
        .as('registered_count'),
    ])
    .orderBy('projects.project_name')
    .execute();
  return rows.map((r) => ({
    ...toProjectDto(r),
    soldCount: Number(r.sold_count ?? 0),
    registeredCount: Number(r.registered_count ?? 0),
  }));
}

export async function listProjectPartners(tdb: TenantDb, projectId: number): Promise<ProjectPartnerDto[]> {
  const rows = await tdb
    .selectFrom('partner_projects')
    .innerJoin('partners', 'partners.id', 'partner_projects.partner_id')
    .select(['partners.id', 'partners.partner_name', 'partner_projects.percentage_share'])
    .where('partner_projects.project_id', '=', projectId)
    .orderBy('partners.partner_name')
    .execute();
  return rows.map((r) => ({ partnerId: r.id, partnerName: r.partner_name, percentageShare: r.percentage_share }));
}

/** Counts of what refers to a project; a project with any of these cannot be deleted. */
export async function projectDependents(tdb: TenantDb, projectId: number) {
  const count = (table: 'purchase_entries' | 'development_entries' | 'sales' | 'receipts' | 'partner_payouts') =>
    tdb
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId);
  const row = await tdb
    .selectNoFrom(() => [
      count('purchase_entries').as('purchases'),
      count('development_entries').as('development'),
      count('sales').as('sales'),
      count('receipts').as('receipts'),
      count('partner_payouts').as('payouts'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)])) as Record<
    keyof typeof row,
    number
  >;
}

/** What refers to each plot: a plot with a sale, a charge, a receipt or a registration cannot be removed. */
export async function plotsInUse(tdb: TenantDb, plotIds: number[]): Promise<Set<number>> {
  if (plotIds.length === 0) return new Set();
  const rows = await tdb
    .selectFrom('sales')
    .select('plot_id')
    .where('plot_id', 'in', plotIds)
    .union(
      tdb
        .selectFrom('development_entries')
        .select('plot_id')
        .where('plot_id', 'in', plotIds)
        .$narrowType<{ plot_id: number }>(),
    )
    .union(tdb.selectFrom('receipts').select('plot_id').where('plot_id', 'in', plotIds))
    .union(tdb.selectFrom('registrations').select('plot_id').where('plot_id', 'in', plotIds))
    .execute();
  return new Set(rows.map((r) => r.plot_id as number));
}

/** A project's stored figures, as the service worked them out. */
export interface ProjectFigures {
  projectName: string;
  city: string;
  totalArea: number;
  totalRate: number;
  totalAmountPaise: number;
  saleableOption: boolean;
  roadArea: number;
  mandirArea: number;
  amenitiesArea: number;
  saleableArea: number;
}

export interface PlotValues {
  plotName: string;
  totalPlotSize: number;
  plotNumber: string | null;
}

function projectColumns(p: ProjectFigures) {
  return {
    project_name: p.projectName,
    city: p.city,
    total_area: p.totalArea,
    total_rate: p.totalRate,
    total_amount_paise: p.totalAmountPaise,
    saleable_option: p.saleableOption,
    road_area: p.roadArea,
    mandir_area: p.mandirArea,
    amenities_area: p.amenitiesArea,
    saleable_area: p.saleableArea,
  };
}

export async function insertProject(tdb: TenantDb, project: ProjectFigures): Promise<number> {
  const row = await tdb
    .insertInto('projects')
    .values(projectColumns(project))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateProjectRow(tdb: TenantDb, projectId: number, project: ProjectFigures): Promise<void> {
  await tdb
    .updateTable('projects')
    .set({ ...projectColumns(project), updated_at: new Date() })
    .where('id', '=', projectId)
    .execute();
}

export async function insertPlots(tdb: TenantDb, projectId: number, plots: PlotValues[]): Promise<void> {
  await tdb
    .insertInto('plots')
    .values(
      plots.map((p) => ({
        project_id: projectId,
        plot_name: p.plotName,
        total_plot_size: p.totalPlotSize,
        plot_number: p.plotNumber,
      })),
    )
    .execute();
}

/** Saves existing plots as sent. */
export async function updatePlotRows(tdb: TenantDb, plots: (PlotValues & { plotId: number })[]): Promise<void> {
  // Rename in two steps so swapping two plots' names does not trip the unique (project, name) constraint.
  for (const plot of plots) {
    await tdb
      .updateTable('plots')
      .set({ plot_name: `~${plot.plotId}~${plot.plotName}` })
      .where('id', '=', plot.plotId)
      .execute();
  }
  for (const plot of plots) {
    await tdb
      .updateTable('plots')
      .set({ plot_name: plot.plotName, total_plot_size: plot.totalPlotSize, plot_number: plot.plotNumber })
      .where('id', '=', plot.plotId)
      .execute();
  }
}

export async function deletePlotRows(tdb: TenantDb, plotIds: number[]): Promise<void> {
  if (plotIds.length === 0) return;
  await tdb.deleteFrom('plots').where('id', 'in', plotIds).execute();
}

/** Removes a project with its plots, partner shares and activities (the service has checked nothing else uses it). */
export async function deleteProjectRows(tdb: TenantDb, projectId: number): Promise<void> {
  await tdb.deleteFrom('activities').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('partner_projects').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('plots').where('project_id', '=', projectId).execute();
  await tdb.deleteFrom('projects').where('id', '=', projectId).execute();
}
