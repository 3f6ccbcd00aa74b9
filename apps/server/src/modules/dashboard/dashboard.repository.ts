import { type Paise, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';

/**
 * The dashboard's figures in one query (one round trip): counts, Σ Completed receipts (paise), the five newest
 * projects, plots by state, and Completed receipts per month (`YYYY-MM`, paise) from `from` (a `YYYY-MM-01`) on.
 * Plots by state come from counts of sales and registrations (a plot has at most one active sale and one
 * registration), not from joining every plot; the newest projects count only their own plots.
 */
const dashboardQuery = fixedQuery((tdb: TenantDb, from: string) =>
  tdb.selectNoFrom((eb) => [
    eb
      .selectFrom('projects')
      .select(eb.fn.countAll<number>().as('n'))
      .where('status', '=', sql.lit('Active'))
      .as('active'),
    eb.selectFrom('plots').select(eb.fn.countAll<number>().as('n')).as('plots'),
    eb.selectFrom('partners').select(eb.fn.countAll<number>().as('n')).as('partners'),
    eb
      .selectFrom('receipt_month_totals')
      .where('status', '=', sql.lit('Completed'))
      .select(sql<Paise>`coalesce(sum(total_paise), 0)`.as('paise'))
      .as('revenue'),
    // Refunds paid on cancelled sales (issue 20): revenue is net of them, as Project Wise's received.
    eb
      .selectFrom('sale_cancellations')
      .where('refund_status', '=', sql.lit('Completed'))
      .select(sql<Paise>`coalesce(sum(refund_paise), 0)`.as('paise'))
      .as('refunded'),
    eb
      .selectFrom('sales')
      .select(eb.fn.countAll<number>().as('n'))
      .where('status', '=', sql.lit('Active'))
      .as('active_sales'),
    eb.selectFrom('registrations').select(eb.fn.countAll<number>().as('n')).as('registered'),
    eb
      .selectFrom('registrations')
      .innerJoin('sales', (join) =>
        join.onRef('sales.plot_id', '=', 'registrations.plot_id').on('sales.status', '=', sql.lit('Active')),
      )
      .select(eb.fn.countAll<number>().as('n'))
      .as('registered_sold'),
    jsonArrayFrom(
      eb
        .selectFrom('projects')
        .select((inner) => [
          'projects.id as projectId',
          'projects.project_name as name',
          'projects.city',
          'projects.status',
          inner
            .selectFrom('plots')
            .whereRef('plots.project_id', '=', 'projects.id')
            .select(inner.fn.countAll<number>().as('n'))
            .as('plotCount'),
        ])
        .orderBy('projects.created_at', 'desc')
        .orderBy('projects.id', 'desc')
        .limit(5),
    ).as('recent'),
    jsonArrayFrom(
      eb
        .selectFrom('receipt_month_totals')
        .where('status', '=', sql.lit('Completed'))
        .where('month', '>=', from)
        .select([sql<string>`to_char(month, 'YYYY-MM')`.as('month'), sql<Paise>`sum(total_paise)`.as('paise')])
        .groupBy('month'),
    ).as('monthly'),
  ]),
);

export async function readDashboard(tdb: TenantDb, from: string) {
  const [row] = await dashboardQuery(tdb, from);
  if (!row) throw new Error('The dashboard query gave no row.');
  const plots = Number(row.plots ?? 0);
  const registered = Number(row.registered ?? 0);
  const sold = Number(row.active_sales ?? 0) - Number(row.registered_sold ?? 0);
  return {
    counts: {
      activeProjects: Number(row.active ?? 0),
      totalPlots: plots,
      businessPartners: Number(row.partners ?? 0),
    },
    revenuePaise: paise(Number(row.revenue ?? 0) - Number(row.refunded ?? 0)),
    recent: row.recent.map((p) => ({
      projectId: p.projectId,
      name: p.name,
      city: p.city,
      plotCount: Number(p.plotCount ?? 0),
      status: p.status,
    })),
    plotsByStatus: { available: plots - sold - registered, sold, registered },
    monthly: row.monthly.map((m) => ({ month: m.month, paise: paise(Number(m.paise)) })),
  };
}
