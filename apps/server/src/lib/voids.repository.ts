import type { TenantDb } from '../db/tenancy.js';
import type { VOIDABLE } from '../db/types.js';

/** A money table's base table, which keeps its voided rows too (its live rows are the view named in `VOIDABLE`). */
export type VoidableRows = (typeof VOIDABLE)[keyof typeof VOIDABLE];

/**
 * The one writer of a void, for the four money tables: sets `voided_at`, `voided_by` and `void_reason` on a live row
 * of the base table, so it leaves its view and, through the base table's triggers, every total. False when there is
 * no live row of that id (missing, or voided already).
 */
export async function voidLiveRow(
  tdb: TenantDb,
  table: VoidableRows,
  id: number,
  userId: number,
  reason: string,
): Promise<boolean> {
  const voided = await tdb
    .updateTable(table)
    .set({ voided_at: new Date(), voided_by: userId, void_reason: reason })
    .where('id', '=', id)
    .where('voided_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return voided !== undefined;
}
