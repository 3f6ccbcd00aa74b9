import type { TenantDb } from '../../db/tenancy.js';
import { voidLiveRow } from '../../lib/voids.repository.js';

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
export const voidPayout = (tdb: TenantDb, id: number, userId: number, reason: string) =>
  voidLiveRow(tdb, 'partner_payout_rows', id, userId, reason);
