import type { Facing, Paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** What a project and its plots are written with, and what refers to them (the writes of Project and Edit Project). */

/**
 * Counts of what refers to a project; a project with any of these cannot be deleted. Voided rows count (the base
 * tables, migration 0023): they stay, and still refer to it.
 */
export async function projectDependents(tdb: TenantDb, projectId: number) {
  const count = (
    table: 'purchase_entry_rows' | 'development_entry_rows' | 'sales' | 'receipts' | 'partner_payout_rows',
  ) =>
    tdb
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId);
  const row = await tdb
    .selectNoFrom(() => [
      count('purchase_entry_rows').as('purchases'),
      count('development_entry_rows').as('development'),
      count('sales').as('sales'),
      count('receipts').as('receipts'),
      count('partner_payout_rows').as('payouts'),
    ])
    .executeTakeFirstOrThrow();
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)])) as Record<
    keyof typeof row,
    number
  >;
}

/**
 * What refers to each plot: a plot with a sale, a charge (voided ones too: they stay), a receipt or a registration
 * cannot be removed.
 */
export async function plotsInUse(tdb: TenantDb, plotIds: number[]): Promise<Set<number>> {
  if (plotIds.length === 0) return new Set();
  const rows = await tdb
    .selectFrom('sales')
    .select('plot_id')
    .where('plot_id', 'in', plotIds)
    .union(
      tdb
        .selectFrom('development_entry_rows')
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
  totalAmountPaise: Paise;
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
  /** The list rate per sq ft and list price, in paise (issue 21). */
  listRatePaise: Paise | null;
  listPricePaise: Paise | null;
  facing: Facing | null;
  corner: boolean;
  sector: string | null;
}

/** A plot to insert: the list price, facing, corner and sector may be left out (none, not a corner). */
export type NewPlot = Pick<PlotValues, 'plotName' | 'totalPlotSize' | 'plotNumber'> & Partial<PlotValues>;

const plotWithDefaults = (p: NewPlot): PlotValues => ({
  listRatePaise: null,
  listPricePaise: null,
  facing: null,
  corner: false,
  sector: null,
  ...p,
});

/** A project's columns as stored (the audit trail records them as they change). */
export function projectColumns(p: ProjectFigures) {
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

/** A plot's own columns as stored (the audit trail records them as they change). */
export const plotColumns = (p: PlotValues) => ({
  plot_name: p.plotName,
  total_plot_size: p.totalPlotSize,
  plot_number: p.plotNumber ?? null,
  list_rate_paise: p.listRatePaise,
  list_price_paise: p.listPricePaise,
  facing: p.facing,
  corner: p.corner,
  sector: p.sector,
});

/** Stores a project's plots; their ids come back in the order of `plots`. */
export async function insertPlots(tdb: TenantDb, projectId: number, plots: NewPlot[]): Promise<number[]> {
  const rows = await tdb
    .insertInto('plots')
    .values(plots.map((p) => ({ project_id: projectId, ...plotColumns(plotWithDefaults(p)) })))
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether a plot's stored values differ from `was` (a plot not stored yet differs). */
function plotChanged(plot: PlotValues, was: PlotValues | undefined): boolean {
  return (
    !was ||
    was.plotName !== plot.plotName ||
    Number(was.totalPlotSize) !== plot.totalPlotSize ||
    (was.plotNumber ?? null) !== (plot.plotNumber ?? null) ||
    was.listRatePaise !== plot.listRatePaise ||
    was.listPricePaise !== plot.listPricePaise ||
    was.facing !== plot.facing ||
    was.corner !== plot.corner ||
    was.sector !== plot.sector
  );
}

/**
 * Saves the plots whose values differ from `current`, in two statements whatever their number
 * (a 1,000-plot project saved after one edit writes one row, not 2,000 round trips). Renamed plots first take a
 * name no plot has, so swapping two plots' names does not trip the unique (project, name) constraint.
 */
export async function updatePlotRows(
  tdb: TenantDb,
  plots: (PlotValues & { plotId: number })[],
  current: ReadonlyMap<number, PlotValues>,
): Promise<void> {
  const changed = plots.filter((plot) => plotChanged(plot, current.get(plot.plotId)));
  if (changed.length === 0) return;
  const renamed = changed.filter((plot) => current.get(plot.plotId)?.plotName !== plot.plotName);
  if (renamed.length > 0) {
    await tdb
      .updateTable('plots')
      .set({ plot_name: sql`'~' || id || '~' || plot_name` })
      .where('id', '=', sql<number>`any(${renamed.map((p) => p.plotId)}::int[])`)
      .execute();
  }
  // unnest over arrays: one query text for any number of plots (prepared once, db/engine.ts).
  await sql`
    update plots set plot_name = v.name, total_plot_size = v.size, plot_number = v.number,
      list_rate_paise = v.rate, list_price_paise = v.price, facing = v.facing, corner = v.corner, sector = v.sector
    from unnest(
      ${changed.map((p) => p.plotId)}::int[],
      ${changed.map((p) => p.plotName)}::text[],
      ${changed.map((p) => p.totalPlotSize)}::numeric[],
      ${changed.map((p) => p.plotNumber ?? null)}::text[],
      ${changed.map((p) => p.listRatePaise)}::int8[],
      ${changed.map((p) => p.listPricePaise)}::int8[],
      ${changed.map((p) => p.facing)}::text[],
      ${changed.map((p) => p.corner)}::bool[],
      ${changed.map((p) => p.sector)}::text[]
    ) as v(id, name, size, number, rate, price, facing, corner, sector)
    where plots.id = v.id`.execute(tdb);
}

export async function deletePlotRows(tdb: TenantDb, plotIds: number[]): Promise<void> {
  if (plotIds.length === 0) return;
  await tdb.deleteFrom('plots').where('id', 'in', plotIds).execute();
}

/**
 * Removes a project with its plots, partner shares and activities (the service has checked nothing else uses it);
 * answers the plots and activities removed, as they were.
 */
export async function deleteProjectRows(tdb: TenantDb, projectId: number) {
  const activities = await tdb.deleteFrom('activities').where('project_id', '=', projectId).returningAll().execute();
  await tdb.deleteFrom('partner_projects').where('project_id', '=', projectId).execute();
  const plots = await tdb
    .deleteFrom('plots')
    .where('project_id', '=', projectId)
    .returning([
      'id',
      'plot_name',
      'total_plot_size',
      'plot_number',
      'list_rate_paise',
      'list_price_paise',
      'facing',
      'corner',
      'sector',
    ])
    .execute();
  await tdb.deleteFrom('projects').where('id', '=', projectId).execute();
  return { activities, plots };
}

/**
 * Archives (`archive` given) or restores (null) a project or a plot, its row locked first: answers its name, project
 * and archive columns before and after (after null when it already was as asked), or undefined when there is none.
 */
export async function setArchived(
  tdb: TenantDb,
  table: 'projects' | 'plots',
  id: number,
  archive: { by: number; reason: string } | null,
) {
  const archiveColumns = ['archived_at', 'archived_by', 'archive_reason'] as const;
  const before =
    table === 'projects'
      ? await tdb
          .selectFrom('projects')
          .select(['project_name as name', 'id as project_id', ...archiveColumns])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()
      : await tdb
          .selectFrom('plots')
          .select(['plot_name as name', 'project_id', ...archiveColumns])
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst();
  if (!before) return undefined;
  const { name, project_id: projectId, ...columns } = before;
  const after = archive
    ? { archived_at: new Date(), archived_by: archive.by, archive_reason: archive.reason }
    : { archived_at: null, archived_by: null, archive_reason: null };
  if ((columns.archived_at === null) === (archive === null)) return { name, projectId, before: columns, after: null };
  await tdb.updateTable(table).set(after).where('id', '=', id).execute();
  return { name, projectId, before: columns, after };
}
