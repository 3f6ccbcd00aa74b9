import type { TenantDb } from '../../db/tenancy.js';

/**
 * A payout's void (migration 0023): partner_payouts' other writer beside partner-payments.repository.ts, in the
 * same module. Both read and write the base table, so a voided payout is found (a second void is a 409).
 */

/** A payout (voided or not), its row locked until the transaction ends; undefined when there is none. */
export async function lockPayout(tdb: TenantDb, id: number) {
  return tdb
    .selectFrom('partner_payout_rows')
    .select(['id', 'project_id', 'partner_id', 'payout_date', 'amount_paise', 'voided_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** Voids a live payout: it leaves the view `partner_payouts` and every total; false when there is no live one. */
export async function voidPayout(tdb: TenantDb, id: number, userId: number, reason: string): Promise<boolean> {
  const voided = await tdb
    .updateTable('partner_payout_rows')
    .set({ voided_at: new Date(), voided_by: userId, void_reason: reason })
    .where('id', '=', id)
    .where('voided_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return voided !== undefined;
}
