import { type DashboardResponseAnswer, todayIso, ZERO_PAISE } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { readDashboard } from './dashboard.repository.js';

/** The first day of the month `back` months before today's, as `YYYY-MM-01`. */
function monthStart(today: string, back: number): string {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const total = y * 12 + (m - 1) - back;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}-01`;
}

/** The dashboard as of `today` (money in paise): the last 12 months of receipts include this one, months without any show 0. */
export async function getDashboard(tdb: TenantDb, today = todayIso()): Promise<DashboardResponseAnswer> {
  const figures = await readDashboard(tdb, monthStart(today, 11));
  const byMonth = new Map(figures.monthly.map((m) => [m.month, m.paise]));
  const receivedByMonth = Array.from({ length: 12 }, (_, i) => {
    const month = monthStart(today, 11 - i).slice(0, 7);
    return { month, amount: byMonth.get(month) ?? ZERO_PAISE };
  });
  return {
    ...figures.counts,
    totalRevenue: figures.revenuePaise,
    recentProjects: figures.recent,
    plotsByStatus: figures.plotsByStatus,
    receivedByMonth,
  };
}
