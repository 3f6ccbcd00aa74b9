import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/**
 * The dashboard's figures in one round of queries: counts, Σ Completed receipts (paise), the five newest projects,
 * plots by state, and Completed receipts per month (`YYYY-MM`, paise) from `from` (a `YYYY-MM-01`) on.
 */
export async function readDashboard(tdb: TenantDb, from: string) {
  const [counts, revenue, recent, plotStates, monthly] = await Promise.all([
    tdb
      .selectNoFrom((eb) => [
        eb
          .selectFrom('projects')
          .select(eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'Active')
          .as('activeProjects'),
        eb.selectFrom('plots').select(eb.fn.countAll<number>().as('n')).as('totalPlots'),
        eb.selectFrom('partners').select(eb.fn.countAll<number>().as('n')).as('businessPartners'),
      ])
      .executeTakeFirstOrThrow(),
    tdb
      .selectFrom('receipt_month_totals')
      .where('status', '=', 'Completed')
      .select(sql<number>`coalesce(sum(total_paise), 0)`.as('paise'))
      .executeTakeFirstOrThrow(),
    tdb
      .selectFrom('projects')
      .leftJoin('plots', 'plots.project_id', 'projects.id')
      .select((eb) => [
        'projects.id',
        'projects.project_name',
        'projects.city',
        'projects.status',
        eb.fn.count<number>('plots.id').as('plot_count'),
      ])
      .groupBy('projects.id')
      .orderBy('projects.created_at', 'desc')
      .orderBy('projects.id', 'desc')
      .limit(5)
      .execute(),
    tdb
      .selectFrom('plots')
      .leftJoin('sales', (join) => join.onRef('sales.plot_id', '=', 'plots.id').on('sales.status', '=', 'Active'))
      .leftJoin('registrations', 'registrations.plot_id', 'plots.id')
      .select([
        sql<number>`count(*) filter (where sales.id is null and registrations.id is null)`.as('available'),
        sql<number>`count(*) filter (where sales.id is not null and registrations.id is null)`.as('sold'),
        sql<number>`count(*) filter (where registrations.id is not null)`.as('registered'),
      ])
      .executeTakeFirstOrThrow(),
    tdb
      .selectFrom('receipt_month_totals')
      .where('status', '=', 'Completed')
      .where('month', '>=', from)
      .select([sql<string>`to_char(month, 'YYYY-MM')`.as('month'), sql<number>`sum(total_paise)`.as('paise')])
      .groupBy('month')
      .execute(),
  ]);
  return {
    counts: {
      activeProjects: Number(counts.activeProjects ?? 0),
      totalPlots: Number(counts.totalPlots ?? 0),
      businessPartners: Number(counts.businessPartners ?? 0),
    },
    revenuePaise: Number(revenue.paise),
    recent: recent.map((p) => ({
      projectId: p.id,
      name: p.project_name,
      city: p.city,
      plotCount: Number(p.plot_count),
      status: p.status,
    })),
    plotsByStatus: {
      available: Number(plotStates.available),
      sold: Number(plotStates.sold),
      registered: Number(plotStates.registered),
    },
    monthly: monthly.map((m) => ({ month: m.month, paise: Number(m.paise) })),
  };
}
