import type { DashboardResponse } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

export async function getDashboard(tdb: TenantDb): Promise<DashboardResponse> {
  const [counts, revenue, recent] = await Promise.all([
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
      .selectFrom('receipt_lines')
      .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
      .where('receipts.status', '=', 'Completed')
      .select(sql<number>`coalesce(sum(receipt_lines.amount_paise), 0)`.as('paise'))
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
  ]);
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
  };
}
