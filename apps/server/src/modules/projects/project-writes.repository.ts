import type { Paise } from '@plotbook/domain';
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

/** Stores a project's plots; their ids come back in the order of `plots`. */
export async function insertPlots(tdb: TenantDb, projectId: number, plots: PlotValues[]): Promise<number[]> {
  const rows = await tdb
    .insertInto('plots')
    .values(
      plots.map((p) => ({
        project_id: projectId,
        plot_name: p.plotName,
        total_plot_size: p.totalPlotSize,
        plot_number: p.plotNumber,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Saves the plots whose name, size or number differ from `current`, in two statements whatever their number
 * (a 1,000-plot project saved after one edit writes one row, not 2,000 round trips). Renamed plots first take a
 * name no plot has, so swapping two plots' names does not trip the unique (project, name) constraint.
 */
export async function updatePlotRows(
  tdb: TenantDb,
  plots: (PlotValues & { plotId: number })[],
  current: ReadonlyMap<number, PlotValues>,
): Promise<void> {
  const changed = plots.filter((plot) => {
    const was = current.get(plot.plotId);
    return (
      !was ||
      was.plotName !== plot.plotName ||
      Number(was.totalPlotSize) !== plot.totalPlotSize ||
      (was.plotNumber ?? null) !== (plot.plotNumber ?? null)
    );
  });
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
    update plots set plot_name = v.name, total_plot_size = v.size, plot_number = v.number
    from unnest(
      ${changed.map((p) => p.plotId)}::int[],
      ${changed.map((p) => p.plotName)}::text[],
      ${changed.map((p) => p.totalPlotSize)}::numeric[],
      ${changed.map((p) => p.plotNumber ?? null)}::text[]
    ) as v(id, name, size, number)
    where plots.id = v.id`.execute(tdb);
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
