import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

export interface ProfilePlotRow {
  plotId: number;
  plotName: string;
  area: number;
  /** The active sale's amount, or 0 when unsold. */
  salePaise: number;
  isSold: boolean;
  /** Σ Completed receipts of the plot. */
  receivedPaise: number;
}

export interface DevelopmentSum {
  category: 'per_sqft' | 'per_plot' | 'per_project';
  particular: string;
  plotId: number | null;
  paise: number;
}

/** What Project Profile works from: the project, its plots with sale and money received, and its costs. */
export async function readProfileData(tdb: TenantDb, projectId: number) {
  // One connection runs these one after the other: the project and its land cost are one query.
  const [project, plots, development] = await Promise.all([
    tdb
      .selectFrom('projects')
      .select((eb) => [
        'id',
        'project_name',
        eb
          .selectFrom('purchase_entries')
          .select(sql<number>`coalesce(sum(amount_paise), 0)`.as('paise'))
          .whereRef('purchase_entries.project_id', '=', 'projects.id')
          .as('land_paise'),
      ])
      .where('id', '=', projectId)
      .executeTakeFirst(),
    readPlots(tdb, projectId),
    tdb
      .selectFrom('development_entries')
      .select(['category', 'particular', 'plot_id', sql<number>`sum(amount_paise)`.as('paise')])
      .where('project_id', '=', projectId)
      .groupBy(['category', 'particular', 'plot_id'])
      .orderBy('particular')
      .execute(),
  ]);
  if (!project) return undefined;
  return {
    projectName: project.project_name,
    plots,
    landPaise: Number(project.land_paise ?? 0),
    development: development.map(
      (d): DevelopmentSum => ({
        category: d.category,
        particular: d.particular,
        plotId: d.plot_id,
        paise: Number(d.paise),
      }),
    ),
  };
}

async function readPlots(tdb: TenantDb, projectId: number): Promise<ProfilePlotRow[]> {
  const received = tdb
    .selectFrom('receipts')
    .where('receipts.project_id', '=', projectId)
    .where('receipts.status', '=', 'Completed')
    .select(['receipts.plot_id', sql<number>`sum(receipts.total_paise)`.as('paid')])
    .groupBy('receipts.plot_id');
  const rows = await tdb
    .selectFrom('plots')
    .leftJoin('sales', (join) => join.onRef('sales.plot_id', '=', 'plots.id').on('sales.status', '=', 'Active'))
    .leftJoin(received.as('received'), 'received.plot_id', 'plots.id')
    .select([
      'plots.id',
      'plots.plot_name',
      'plots.total_plot_size',
      'sales.sale_amount_paise',
      'received.paid as received_paise',
    ])
    .where('plots.project_id', '=', projectId)
    .orderBy('plots.id')
    .execute();
  return rows.map((r) => ({
    plotId: r.id,
    plotName: r.plot_name,
    area: Number(r.total_plot_size),
    salePaise: Number(r.sale_amount_paise ?? 0),
    isSold: r.sale_amount_paise !== null,
    receivedPaise: Number(r.received_paise ?? 0),
  }));
}

/** The project a plot belongs to, or undefined when there is no such plot. */
export async function findPlotProject(tdb: TenantDb, plotId: number): Promise<number | undefined> {
  const row = await tdb.selectFrom('plots').select('project_id').where('id', '=', plotId).executeTakeFirst();
  return row?.project_id;
}
