import { type Paise, paise, type SaleTransferRowAnswer } from '@plotbook/domain';
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

/** Whether the plot's sale deed is registered (a registered plot cannot be transferred). */
export async function isPlotRegistered(tdb: TenantDb, plotId: number): Promise<boolean> {
  const row = await tdb.selectFrom('registrations').select('id').where('plot_id', '=', plotId).executeTakeFirst();
  return row !== undefined;
}

/** The hand-overs the query selects, newest first, with the project, plot and both buyers' names. */
function transfersQuery(tdb: TenantDb) {
  return tdb
    .selectFrom('sale_transfers as t')
    .innerJoin('sales', 'sales.id', 't.sale_id')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .innerJoin('projects', 'projects.id', 'sales.project_id')
    .leftJoin('buyers as fb', 'fb.id', 't.from_buyer_id')
    .innerJoin('buyers as tb', 'tb.id', 't.to_buyer_id')
    .select([
      't.id as transferId',
      't.sale_id as saleId',
      'projects.project_name as projectName',
      'plots.plot_name as plotName',
      't.transfer_date as date',
      't.from_buyer_id as fromBuyerId',
      'fb.name as fromBuyerName',
      't.to_buyer_id as toBuyerId',
      'tb.name as toBuyerName',
      't.fee_paise as transferFee',
      't.reason',
    ])
    .orderBy('t.id', 'desc');
}

/** Every hand-over to or from the buyer (their page shows them), newest first. */
export async function listBuyerTransfers(tdb: TenantDb, buyerId: number): Promise<SaleTransferRowAnswer[]> {
  return transfersQuery(tdb)
    .where((eb) => eb.or([eb('t.from_buyer_id', '=', buyerId), eb('t.to_buyer_id', '=', buyerId)]))
    .execute();
}

export async function findTransfer(tdb: TenantDb, transferId: number): Promise<SaleTransferRowAnswer | undefined> {
  return transfersQuery(tdb).where('t.id', '=', transferId).executeTakeFirst();
}

/** A sale with its plot, locked (the sale row) for a transfer; undefined when missing. */
export async function lockSaleRow(tdb: TenantDb, saleId: number) {
  return tdb
    .selectFrom('sales')
    .select(['id', 'project_id', 'plot_id', 'status', 'buyer_id', 'buyer_name', 'buyer_mobile', 'transfer_fee_paise'])
    .where('id', '=', saleId)
    .forUpdate()
    .executeTakeFirst();
}

/** The date of the sale's last transfer (`YYYY-MM-DD`), or null when it was never transferred. */
export async function lastTransferDate(tdb: TenantDb, saleId: number): Promise<string | null> {
  const row = await tdb
    .selectFrom('sale_transfers')
    .select(sql<string | null>`max(transfer_date)::text`.as('last'))
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
  return row?.last ?? null;
}
