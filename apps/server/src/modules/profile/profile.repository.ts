import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { ACTIVE_SALE_OF_PLOT } from '../sales/sales.repository.js';

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

/**
 * What Project Profile works from: the project, its plots with sale and money received, and its costs, in one
 * query. The plots and the development sums come as JSON arrays of values (PostgreSQL writes them; parsing one
 * JSON text costs the server less than a result row per plot), and money received is the plot's trigger-kept
 * Σ Completed receipts (plot_money, 0016), one key lookup per plot instead of adding up the project's receipts.
 */
export async function readProfileData(tdb: TenantDb, projectId: number) {
  const row = await tdb
    .selectFrom('projects')
    .select((eb) => [
      'projects.project_name',
      eb
        .selectFrom('purchase_entries')
        .select(sql<number>`coalesce(sum(amount_paise), 0)`.as('paise'))
        .whereRef('purchase_entries.project_id', '=', 'projects.id')
        .as('land_paise'),
      eb
        .selectFrom('plots')
        .leftJoin('sales', (join) => join.on(ACTIVE_SALE_OF_PLOT))
        .select(
          sql<string>`coalesce(json_agg(json_build_array(
            plots.id, plots.plot_name, plots.total_plot_size, sales.sale_amount_paise,
            (select plot_money.received_paise from plot_money where plot_money.plot_id = plots.id)
          ) order by plots.id), '[]')::text`.as('plots'),
        )
        .whereRef('plots.project_id', '=', 'projects.id')
        .as('plots'),
      eb
        .selectFrom(
          eb
            .selectFrom('development_entries')
            .select(['category', 'particular', 'plot_id', sql<number>`sum(amount_paise)`.as('paise')])
            .whereRef('development_entries.project_id', '=', 'projects.id')
            .groupBy(['category', 'particular', 'plot_id'])
            .as('d'),
        )
        .select(
          sql<string>`coalesce(json_agg(json_build_array(d.category, d.particular, d.plot_id, d.paise) order by d.particular), '[]')::text`.as(
            'development',
          ),
        )
        .as('development'),
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return undefined;
  const plots = JSON.parse(row.plots ?? '[]') as [number, string, number, number | null, number | null][];
  const development = JSON.parse(row.development ?? '[]') as [
    DevelopmentSum['category'],
    string,
    number | null,
    number,
  ][];
  return {
    projectName: row.project_name,
    plots: plots.map(
      ([plotId, plotName, area, salePaise, receivedPaise]): ProfilePlotRow => ({
        plotId,
        plotName,
        area: Number(area),
        salePaise: Number(salePaise ?? 0),
        isSold: salePaise !== null,
        receivedPaise: Number(receivedPaise ?? 0),
      }),
    ),
    landPaise: Number(row.land_paise ?? 0),
    development: development.map(
      ([category, particular, plotId, paise]): DevelopmentSum => ({
        category,
        particular,
        plotId,
        paise: Number(paise),
      }),
    ),
  };
}

/** The project a plot belongs to, or undefined when there is no such plot. */
export async function findPlotProject(tdb: TenantDb, plotId: number): Promise<number | undefined> {
  const row = await tdb.selectFrom('plots').select('project_id').where('id', '=', plotId).executeTakeFirst();
  return row?.project_id;
}
