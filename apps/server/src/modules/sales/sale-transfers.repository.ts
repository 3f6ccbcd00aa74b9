import { type Paise, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** The one writer of `sale_transfers` (0029): each hand-over of a sale to another buyer. */

export interface TransferRow {
  saleId: number;
  date: string;
  fromBuyerId: number | null;
  toBuyerId: number;
  feePaise: Paise;
  reason: string;
}

export async function insertTransfer(tdb: TenantDb, row: TransferRow, userId: number | null): Promise<number> {
  const saved = await tdb
    .insertInto('sale_transfers')
    .values({
      sale_id: row.saleId,
      transfer_date: row.date,
      from_buyer_id: row.fromBuyerId,
      to_buyer_id: row.toBuyerId,
      fee_paise: row.feePaise,
      reason: row.reason,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return saved.id;
}

/** How many times a sale has been handed over (an active one with any reads Transferred). */
export async function countTransfers(tdb: TenantDb, saleId: number): Promise<number> {
  const row = await tdb
    .selectFrom('sale_transfers')
    .select(sql<string>`count(*)`.as('n'))
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Σ the sale's live Transfer Fee receipt lines that are money or on their way to it (receipts Completed or
 * Pending): a new Transfer Fee line may take only what is left of the fees charged.
 */
export async function transferFeeLinesPaise(tdb: TenantDb, saleId: number): Promise<Paise> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string | number>`coalesce(sum(receipt_lines.amount_paise), 0)`.as('n'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipts.status', 'in', ['Completed', 'Pending'])
    .where('receipt_lines.particular', '=', sql.lit('Transfer Fee'))
    .executeTakeFirst();
  return paise(Number(row?.n ?? 0));
}

/** Σ Completed Transfer Fee receipt lines of the sale: the fees received. */
export async function transferFeesReceivedPaise(tdb: TenantDb, saleId: number): Promise<Paise> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string | number>`coalesce(sum(receipt_lines.amount_paise), 0)`.as('n'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipts.status', '=', sql.lit('Completed'))
    .where('receipt_lines.particular', '=', sql.lit('Transfer Fee'))
    .executeTakeFirst();
  return paise(Number(row?.n ?? 0));
}
