import { type Paise, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { isoTime } from '../../lib/json-rows.js';
import { type CancelledMoney, cancelledOf, cancelledSums } from '../sales/cancellations.repository.js';

export type { CancelledMoney };

/** `coalesce(sum(column), 0)`: a total of no rows is 0. */
const total = (column: string) => sql<Paise>`coalesce(sum(${sql.ref(column)}), 0)`;
const iso = (d: Date | string) => new Date(d).toISOString();

export interface ProjectMoneyRow {
  projectId: number;
  projectName: string;
  createdDate: string;
  salePaise: Paise;
  landPaise: Paise;
  developmentPaise: Paise;
  receivedPaise: Paise;
  /** Σ transfer fees charged on the project's active sales (0029). */
  transferFeePaise: Paise;
  /** The project's cancelled sales (issue 20): what they had received, retained (forfeited) and refunded (paid). */
  cancelled: CancelledMoney;
}

/**
 * Every project created in [from, before) (either bound optional) with Σ active sales, Σ purchase entries (land),
 * Σ development entries and Σ Completed receipt lines, in paise; oldest first. The first three are kept by triggers
 * (0017_project_money): one row per project, however many entries it has.
 */
export async function projectsMoney(tdb: TenantDb, range: { from?: Date; before?: Date }): Promise<ProjectMoneyRow[]> {
  let query = tdb
    .selectFrom('projects as p')
    .leftJoin('project_money as m', 'm.project_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.project_name',
      'p.created_at',
      'm.sale_paise as sale',
      'm.land_paise as land',
      'm.development_paise as development',
      // Σ Completed receipt lines, from the per-month totals their triggers keep: a few rows per project.
      eb
        .selectFrom('receipt_month_totals')
        .select(total('total_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .where('status', '=', sql.lit('Completed'))
        .as('received'),
      eb
        .selectFrom('sales')
        .select(total('transfer_fee_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .where('status', '=', sql.lit('Active'))
        .as('transfer_fees'),
      cancelledSums(sql`project_id = p.id`).as('cancelled'),
    ])
    .orderBy('p.created_at')
    .orderBy('p.id');
  if (range.from) query = query.where('p.created_at', '>=', range.from);
  if (range.before) query = query.where('p.created_at', '<', range.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    projectId: r.id,
    projectName: r.project_name,
    createdDate: iso(r.created_at),
    salePaise: paise(Number(r.sale ?? 0)),
    landPaise: paise(Number(r.land ?? 0)),
    developmentPaise: paise(Number(r.development ?? 0)),
    receivedPaise: paise(Number(r.received ?? 0)),
    transferFeePaise: paise(Number(r.transfer_fees ?? 0)),
    cancelled: cancelledOf(r.cancelled),
  }));
}

export interface PlotMoneyRow {
  plotId: number;
  plotName: string;
  area: number;
  createdDate: string;
  salePaise: Paise;
  transferFeePaise: Paise;
  receivedPaise: Paise;
  /** per_plot and per_sqft development entries charged to the plot. */
  directPaise: Paise;
  /** The plot's cancelled sales (issue 20). */
  cancelled: CancelledMoney;
}

export interface PlotReportData {
  plots: PlotMoneyRow[];
  landPaise: Paise;
  /** per_project development by particular (each a pool spread by area share, as Project Profile does). */
  sharedDevelopment: { particular: string; paise: Paise }[];
}

/**
 * What the plot-wise report needs: each plot's sale, receipts and direct charges, and the shared cost pools, in one
 * statement (each round trip to the database costs the server a socket write and PostgreSQL a statement): the
 * pools come on every row from sub-selects PostgreSQL computes once. A project without plots needs no pools.
 * Undefined when the project does not exist (its row is the statement's first table: one round trip fewer). The
 * query is compiled once (lib/fixed-query.ts).
 */
const plotReportQuery = fixedQuery((tdb: TenantDb, projectId: number) =>
  tdb
    .selectFrom('projects as p')
    .leftJoin('plots as pl', 'pl.project_id', 'p.id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sales')
          .select(['plot_id', total('sale_amount_paise').as('n'), total('transfer_fee_paise').as('fees')])
          .where('project_id', '=', projectId)
          .where('status', '=', sql.lit('Active'))
          .groupBy('plot_id')
          .as('sale'),
      (join) => join.onRef('sale.plot_id', '=', 'pl.id'),
    )

    .leftJoin(
      (eb) =>
        eb
          .selectFrom('development_entries')
          .select(['plot_id', total('amount_paise').as('n')])
          .where('project_id', '=', projectId)
          // = category <> 'per_project' (a CHECK ties the two): read from the (project_id, plot_id) index alone.
          .where('plot_id', 'is not', null)
          .groupBy('plot_id')
          .as('direct'),
      (join) => join.onRef('direct.plot_id', '=', 'pl.id'),
    )
    .where('p.id', '=', projectId)
    .select([
      'pl.id',
      'pl.plot_name',
      'pl.total_plot_size',
      // As JavaScript's toISOString writes it, by PostgreSQL: no Date parsed and formatted again per plot.
      isoTime('pl.created_at').as('created_at'),
      'sale.n as sale',
      'sale.fees as transfer_fees',
      // Σ Completed receipts of the plot, kept by triggers (0016_plot_money): one key lookup per plot.
      (eb) =>
        eb
          .selectFrom('plot_money')
          .select('plot_money.received_paise')
          .whereRef('plot_money.plot_id', '=', 'pl.id')
          .as('received'),
      'direct.n as direct',
      cancelledSums(sql`plot_id = pl.id`).as('cancelled'),
      // Σ purchase entries, kept by triggers (0017_project_money); a project nothing was written to has no row.
      sql<number | null>`(select land_paise from project_money where project_id = ${projectId})`.as('land'),
      // Per-project development by particular, in the order first entered: [[particular, paise], …] as text.
      sql<string | null>`(
          select json_agg(json_build_array(particular, n) order by first)::text
          from (
            select particular, sum(amount_paise) as n, min(id) as first
            from development_entries
            where project_id = ${projectId} and plot_id is null /* = category 'per_project' */
            group by particular
          ) d
        )`.as('shared'),
    ])
    .orderBy('pl.id'),
);

export async function plotReportData(tdb: TenantDb, projectId: number): Promise<PlotReportData | undefined> {
  const plots = await plotReportQuery(tdb, projectId);
  const first = plots[0];
  if (first === undefined) return undefined;
  const shared = first.shared ? (JSON.parse(first.shared) as [string, number][]) : [];
  return {
    // A project without plots comes as one row without a plot.
    plots: plots.flatMap((r) =>
      r.id === null || r.plot_name === null || r.created_at === null
        ? []
        : [
            {
              plotId: r.id,
              plotName: r.plot_name,
              area: Number(r.total_plot_size),
              createdDate: r.created_at,
              salePaise: paise(Number(r.sale ?? 0)),
              transferFeePaise: paise(Number(r.transfer_fees ?? 0)),
              receivedPaise: paise(Number(r.received ?? 0)),
              directPaise: paise(Number(r.direct ?? 0)),
              cancelled: cancelledOf(r.cancelled),
            },
          ],
    ),
    landPaise: paise(Number(first.land ?? 0)),
    sharedDevelopment: shared.map(([particular, amount]) => ({ particular, paise: paise(Number(amount)) })),
  };
}

/**
 * The project's purchase entries (money paid to the farmer) in (date, id) order, and their Σ (kept by triggers,
 * 0017_project_money), in one statement: the project's row left-joined to its entries, so a project without entries
 * comes as one row without an entry, and undefined means there is no such project.
 */
export async function purchaseEntries(tdb: TenantDb, projectId: number) {
  const rows = await tdb
    .selectFrom('projects as p')
    .leftJoin('purchase_entries as e', 'e.project_id', 'p.id')
    .leftJoin('partners', 'partners.id', 'e.partner_id')
    .select([
      'e.id',
      'e.particular',
      'e.entry_date',
      'e.mode',
      'e.mode_detail',
      'e.credit_to',
      'e.mode_date',
      'e.partner_id',
      'e.amount_paise',
      'partners.partner_name',
      sql<number | null>`(select land_paise from project_money where project_id = p.id)`.as('land'),
    ])
    .where('p.id', '=', projectId)
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .execute();
  const first = rows[0];
  if (first === undefined) return undefined;
  return {
    rows: rows.flatMap((r) =>
      r.id === null || r.particular === null || r.entry_date === null || r.mode === null || r.amount_paise === null
        ? []
        : [
            {
              plotPurchaseId: r.id,
              particular: r.particular,
              date: r.entry_date,
              mode: r.mode,
              modeDetail: r.mode_detail,
              creditTo: r.credit_to,
              modeDate: r.mode_date,
              partnerId: r.partner_id,
              partnerName: r.partner_name,
              amountPaise: paise(Number(r.amount_paise)),
            },
          ],
    ),
    totalPaise: paise(Number(first.land ?? 0)),
  };
}
