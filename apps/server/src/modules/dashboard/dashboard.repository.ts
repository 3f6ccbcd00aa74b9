import { type DashboardResponse, todayIso } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** The first day of the month `back` months before today's, as `YYYY-MM-01`. */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - back;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

export async function getDashboard(tdb: TenantDb, today = todayIso()): Promise<DashboardResponse> {
  const from = monthStart(today, 11);
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
  const byMonth = new Map(monthly.map((m) => [m.month, Number(m.paise)]));
  const receivedByMonth = Array.from({ length: 12 }, (_, i) => {
    const month = monthStart(today, 11 - i).slice(0, 7);
    return { month, amount: (byMonth.get(month) ?? 0) / 100 };
  });
  return {
    activeProjects: Number(counts.activeProjects ?? 0),
    totalPlots: Number(counts.totalPlots ?? 0),
    businessPartners: Number(counts.businessPartners ?? 0),
    totalRevenue: Number(revenue.paise) / 100,
    recentProjects: recent.map((p) => ({
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
    receivedByMonth,
  };
}
