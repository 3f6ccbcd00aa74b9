import type { DevelopmentDto, DevelopmentRow } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { moneyColumns, moneyDto } from '../../lib/entry-rows.js';

export async function insertDevelopment(tdb: TenantDb, rows: DevelopmentRow[], userId: number) {
  return tdb
    .insertInto('development_entries')
    .values(
      rows.map((row) => ({ ...moneyColumns(row), category: row.category, plot_id: row.plotId, created_by: userId })),
    )
    .returning(['id', 'amount_paise'])
    .execute();
}

export async function listDevelopment(
  tdb: TenantDb,
  where: { projectId?: number; plotId?: number | null; id?: number },
): Promise<DevelopmentDto[]> {
  let query = tdb
    .selectFrom('development_entries as e')
    .innerJoin('projects', 'projects.id', 'e.project_id')
    .leftJoin('partners', 'partners.id', 'e.partner_id')
    .leftJoin('plots', 'plots.id', 'e.plot_id')
    .selectAll('e')
    .select(['projects.project_name', 'partners.partner_name', 'plots.plot_name'])
    .orderBy('e.entry_date')
    .orderBy('e.id');
  if (where.projectId !== undefined) query = query.where('e.project_id', '=', where.projectId);
  if (where.plotId) query = query.where('e.plot_id', '=', where.plotId);
  if (where.id !== undefined) query = query.where('e.id', '=', where.id);
  const rows = await query.execute();
  return rows.map((r) => ({
    developmentId: r.id,
    plotId: r.plot_id,
    plotName: r.plot_name,
    category: r.category,
    ...moneyDto(r),
  }));
}
