import type { PurchaseDto, PurchaseRow } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { moneyColumns, moneyDto } from '../../lib/entry-rows.js';

export async function insertPurchases(tdb: TenantDb, rows: PurchaseRow[], userId: number) {
  return tdb
    .insertInto('purchase_entries')
    .values(rows.map((row) => ({ ...moneyColumns(row), created_by: userId })))
    .returning(['id', 'amount_paise'])
    .execute();
}

export async function listPurchases(tdb: TenantDb, where: { projectId?: number; id?: number }): Promise<PurchaseDto[]> {
  let query = tdb
    .selectFrom('purchase_entries as e')
    .innerJoin('projects', 'projects.id', 'e.project_id')
    .leftJoin('partners', 'partners.id', 'e.partner_id')
    .selectAll('e')
    .select(['projects.project_name', 'partners.partner_name'])
    .orderBy('e.entry_date')
    .orderBy('e.id');
  if (where.projectId !== undefined) query = query.where('e.project_id', '=', where.projectId);
  if (where.id !== undefined) query = query.where('e.id', '=', where.id);
  const rows = await query.execute();
  return rows.map((r) => ({ plotPurchaseId: r.id, ...moneyDto(r) }));
}
