import { type Paise, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { cancelledOf, cancelledSums } from '../sales/cancellations.repository.js';
import { ACTIVE_SALE_OF_PLOT } from '../sales/sales.repository.js';

/** A plot's own figures in Project Profile. */
export interface ProfilePlot {
  plotName: string;
  area: number;
  /** The active sale's amount, or 0 when unsold. */
  salePaise: Paise;
  isSold: boolean;
  /** Σ Completed receipts of the plot. */
  receivedPaise: Paise;
  /** Σ transfer fees charged on the active sale (0029). */
  transferFeePaise: Paise;
}

export interface DevelopmentSum {
  category: 'per_sqft' | 'per_plot' | 'per_project';
  particular: string;
  plotId: number | null;
  paise: Paise;
}

interface ProfileRow {
  project_name: string;
  land_paise: Paise;
  plot_count: number;
  sold_count: number;
  sale_paise: Paise;
  transfer_fee_paise: Paise;
  received_paise: Paise;
  area: number;
  development: string;
  areas: string | null;
  plot_index: number | null;
  plot_name: string | null;
  plot_area: number | null;
  plot_sale_paise: Paise | null;
  plot_transfer_fee_paise: Paise | null;
  plot_received_paise: Paise | null;
  cancelled: string | null;
}

/**
 * What Project Profile works from, in one query: the project with its land cost (kept in project_money, 0017), its
 * plots' totals (count, sold, sale, money received, area: PostgreSQL adds them up, so no row per plot reaches the
 * server) and its development sums. With `plotId`, also that plot's own figures, its place among the project's
 * plots (by id) and every plot's area in that order, from which its share of the shared costs is worked out. Money
 * received is each plot's trigger-kept Σ Completed receipts (plot_money, 0016), one key lookup per plot (a join
 * read all of plot_money). `plot` is null when the plot is not in this project.
 */
export async function readProfileData(tdb: TenantDb, projectId: number, plotId?: number) {
  const forPlot = plotId ?? null;
  const result = await sql<ProfileRow>`
    select projects.project_name,
      coalesce((select project_money.land_paise from project_money where project_money.project_id = projects.id), 0)
        as land_paise,
      totals.plot_count, totals.sold_count, totals.sale_paise, totals.transfer_fee_paise, totals.received_paise, totals.area, totals.areas,
      (select coalesce(json_agg(json_build_array(d.category, d.particular, d.plot_id, d.paise) order by d.particular), '[]')::text
        from (select category, particular, plot_id, sum(amount_paise) as paise from development_entries
          where development_entries.project_id = projects.id group by category, particular, plot_id) d) as development,
      own.plot_index, own.plot_name, own.plot_area, own.plot_sale_paise, own.plot_transfer_fee_paise, own.plot_received_paise,
      case when ${forPlot}::int is null then ${cancelledSums(sql`project_id = projects.id`)}
        else ${cancelledSums(sql`plot_id = ${forPlot}::int and project_id = projects.id`)} end as cancelled
    from projects
    cross join lateral (
      select count(*) as plot_count, count(sales.id) as sold_count,
        coalesce(sum(sales.sale_amount_paise), 0) as sale_paise,
        coalesce(sum(sales.transfer_fee_paise), 0) as transfer_fee_paise,
        coalesce(sum((select plot_money.received_paise from plot_money where plot_money.plot_id = plots.id)), 0)
          as received_paise,
        coalesce(sum(plots.total_plot_size), 0) as area,
        case when ${forPlot}::int is not null then json_agg(plots.total_plot_size order by plots.id)::text end as areas
      from plots
      left join sales on ${ACTIVE_SALE_OF_PLOT}
      where plots.project_id = projects.id
    ) totals
    left join lateral (
      select (select count(*) from plots earlier where earlier.project_id = plots.project_id and earlier.id < plots.id)
          as plot_index,
        plots.plot_name, plots.total_plot_size as plot_area, sales.sale_amount_paise as plot_sale_paise,
        sales.transfer_fee_paise as plot_transfer_fee_paise,
        coalesce(plot_money.received_paise, 0) as plot_received_paise
      from plots
      left join sales on ${ACTIVE_SALE_OF_PLOT}
      left join plot_money on plot_money.plot_id = plots.id
      where plots.id = ${forPlot}::int and plots.project_id = projects.id
    ) own on true
    where projects.id = ${projectId}`.execute(tdb);
  const row = result.rows[0];
  if (!row) return undefined;
  const development = JSON.parse(row.development) as [DevelopmentSum['category'], string, number | null, number][];
  const plot: ProfilePlot | null =
    row.plot_name === null
      ? null
      : {
          plotName: row.plot_name,
          area: Number(row.plot_area),
          salePaise: paise(Number(row.plot_sale_paise ?? 0)),
          isSold: row.plot_sale_paise !== null,
          receivedPaise: paise(Number(row.plot_received_paise ?? 0)),
          transferFeePaise: paise(Number(row.plot_transfer_fee_paise ?? 0)),
        };
  return {
    projectName: row.project_name,
    landPaise: paise(Number(row.land_paise)),
    plotCount: Number(row.plot_count),
    soldCount: Number(row.sold_count),
    salePaise: paise(Number(row.sale_paise)),
    transferFeePaise: paise(Number(row.transfer_fee_paise)),
    receivedPaise: paise(Number(row.received_paise)),
    area: Number(row.area),
    development: development.map(
      ([category, particular, plotId, amount]): DevelopmentSum => ({
        category,
        particular,
        plotId,
        paise: paise(Number(amount)),
      }),
    ),
    plot,
    /** With `plotId`: every plot's area, by plot id, and this plot's place among them. */
    areas: row.areas === null ? [] : (JSON.parse(row.areas) as number[]),
    plotIndex: row.plot_index === null ? -1 : Number(row.plot_index),
    /** The cancelled sales of the project (or, with `plotId`, of the plot): issue 20. */
    cancelled: cancelledOf(row.cancelled),
  };
}

/** The project a plot belongs to, or undefined when there is no such plot. */
export async function findPlotProject(tdb: TenantDb, plotId: number): Promise<number | undefined> {
  const row = await tdb.selectFrom('plots').select('project_id').where('id', '=', plotId).executeTakeFirst();
  return row?.project_id;
}
