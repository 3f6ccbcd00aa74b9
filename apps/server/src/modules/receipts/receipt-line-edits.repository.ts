import type { Paise } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { voidLiveRow } from '../../lib/voids.repository.js';

/**
 * A receipt line's edit and void (migration 0023): receipt_lines' other writer beside receipts.repository.ts, in the
 * same module. Both read and write the base table, so a voided line is found (a second void is a 409); the lines'
 * triggers keep the receipt's total and the month totals (a voided line counts as absent).
 */

/** A line (voided or not) with its receipt's plot, project, status and creation; unlocked (see `lockReceiptLine`). */
export async function findReceiptLine(tdb: TenantDb, lineId: number, options: { lock?: boolean } = {}) {
  let query = tdb
    .selectFrom('receipt_line_rows as l')
    .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
    .select(['l.id', 'l.receipt_id', 'l.particular', 'l.amount_paise', 'l.mode_detail', 'l.partner_id', 'l.voided_at'])
    .select(['r.project_id', 'r.plot_id', 'r.status', 'r.created_at', 'r.total_paise'])
    .where('l.id', '=', lineId);
  if (options.lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

/** How many live lines the receipt has. */
export async function liveLineCount(tdb: TenantDb, receiptId: number): Promise<number> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('receipt_id', '=', receiptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A live line's new amount (and mode detail, when given). */
export async function updateReceiptLine(
  tdb: TenantDb,
  lineId: number,
  change: { amountPaise: Paise; modeDetail?: string | null },
): Promise<void> {
  await tdb
    .updateTable('receipt_lines')
    .set({
      amount_paise: change.amountPaise,
      ...(change.modeDetail !== undefined ? { mode_detail: change.modeDetail } : {}),
    })
    .where('id', '=', lineId)
    .execute();
}

/** Voids a live line: it leaves the view `receipt_lines`, its receipt's total and every report. */
export async function voidReceiptLine(tdb: TenantDb, lineId: number, userId: number, reason: string): Promise<void> {
  await voidLiveRow(tdb, 'receipt_line_rows', lineId, userId, reason);
}
