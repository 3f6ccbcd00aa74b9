import type { Paise, TallyExportQuery } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** A money row as the export reads it: its narration's words apart, the domain joins them. */
export interface TallyReadRow {
  id: number;
  date: string;
  particular: string;
  mode: string;
  /** The partner the row is credited to (who received or paid the money), named in the narration. */
  partner: string | null;
  amountPaise: Paise;
  project: string;
  plot: string | null;
  /** Buyer (receipts, refunds), credited-to (purchases, development) or partner (payouts). */
  party: string | null;
  detail: string | null;
  /** A receipt's number in the company's series (issue 22), its voucher number in Tally. */
  receiptNo?: string | null;
}

/**
 * A Completed receipt's live lines dated within the range (a receipt counts as received by its lines' dates, as the
 * month-wise report counts it), oldest first. Cancelled, Reversed and Pending receipts and voided lines: none.
 */
export async function completedReceiptLines(tdb: TenantDb, q: TallyExportQuery): Promise<TallyReadRow[]> {
  const rows = await tdb
    .selectFrom('receipt_lines as l')
    .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
    .innerJoin('projects as p', 'p.id', 'r.project_id')
    .innerJoin('plots as pl', 'pl.id', 'r.plot_id')
    .leftJoin('sales as s', 's.id', 'r.sale_id')
    .leftJoin('buyers as b', 'b.id', 's.buyer_id')
    .leftJoin('partners as pa', 'pa.id', 'l.partner_id')
    .select([
      'r.id',
      'l.line_date as date',
      'l.particular',
      'l.mode',
      'pa.partner_name as partner',
      'l.amount_paise as amountPaise',
      'p.project_name as project',
      'pl.plot_name as plot',
      sql<string | null>`coalesce(b.name, s.buyer_name)`.as('party'),
      'l.mode_detail as detail',
      'r.receipt_no as receiptNo',
    ])
    .where('r.status', '=', sql.lit('Completed'))
    .where('l.line_date', '>=', q.from)
    .where('l.line_date', '<=', q.to)
    .orderBy('l.line_date')
    .orderBy('r.id')
    .orderBy('l.id')
    .execute();
  return rows;
}

/** The live purchase (land) entries dated within the range: money paid to farmers. */
export function purchasesPaid(tdb: TenantDb, q: TallyExportQuery): Promise<TallyReadRow[]> {
  return tdb
    .selectFrom('purchase_entries as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .leftJoin('partners as pa', 'pa.id', 'e.partner_id')
    .select([
      'e.id',
      'e.entry_date as date',
      'e.particular',
      'e.mode',
      'pa.partner_name as partner',
      'e.amount_paise as amountPaise',
      'p.project_name as project',
      sql<string | null>`null`.as('plot'),
      'e.credit_to as party',
      'e.mode_detail as detail',
    ])
    .where('e.entry_date', '>=', q.from)
    .where('e.entry_date', '<=', q.to)
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .execute();
}

/** The live development entries dated within the range. */
export function developmentPaid(tdb: TenantDb, q: TallyExportQuery): Promise<TallyReadRow[]> {
  return tdb
    .selectFrom('development_entries as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .leftJoin('plots as pl', 'pl.id', 'e.plot_id')
    .leftJoin('partners as pa', 'pa.id', 'e.partner_id')
    .select([
      'e.id',
      'e.entry_date as date',
      'e.particular',
      'e.mode',
      'pa.partner_name as partner',
      'e.amount_paise as amountPaise',
      'p.project_name as project',
      'pl.plot_name as plot',
      'e.credit_to as party',
      'e.mode_detail as detail',
    ])
    .where('e.entry_date', '>=', q.from)
    .where('e.entry_date', '<=', q.to)
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .execute();
}

/** The live partner payouts dated within the range. */
export function payoutsPaid(tdb: TenantDb, q: TallyExportQuery): Promise<TallyReadRow[]> {
  return tdb
    .selectFrom('partner_payouts as e')
    .innerJoin('projects as p', 'p.id', 'e.project_id')
    .innerJoin('partners as pa', 'pa.id', 'e.partner_id')
    .select([
      'e.id',
      'e.payout_date as date',
      sql<string>`'Partner payout'`.as('particular'),
      'e.mode',
      sql<string | null>`null`.as('partner'),
      'e.amount_paise as amountPaise',
      'p.project_name as project',
      sql<string | null>`null`.as('plot'),
      'pa.partner_name as party',
      'e.mode_detail as detail',
    ])
    .where('e.payout_date', '>=', q.from)
    .where('e.payout_date', '<=', q.to)
    .orderBy('e.payout_date')
    .orderBy('e.id')
    .execute();
}

/** The refunds of cancelled sales paid (Completed) within the range; a Pending refund cheque has not moved money. */
export function refundsPaid(tdb: TenantDb, q: TallyExportQuery): Promise<TallyReadRow[]> {
  return tdb
    .selectFrom('sale_cancellations as c')
    .innerJoin('projects as p', 'p.id', 'c.project_id')
    .innerJoin('plots as pl', 'pl.id', 'c.plot_id')
    .innerJoin('sales as s', 's.id', 'c.sale_id')
    .leftJoin('buyers as b', 'b.id', 's.buyer_id')
    .select([
      'c.id',
      sql<string>`c.refund_paid_date`.as('date'),
      sql<string>`'Refund'`.as('particular'),
      sql<string>`coalesce(c.refund_mode, 'Cash')`.as('mode'),
      sql<string | null>`null`.as('partner'),
      'c.refund_paise as amountPaise',
      'p.project_name as project',
      'pl.plot_name as plot',
      sql<string | null>`coalesce(b.name, s.buyer_name)`.as('party'),
      'c.mode_detail as detail',
    ])
    .where('c.refund_status', '=', sql.lit('Completed'))
    .where('c.refund_paise', '>', sql.lit(0) as never)
    .where('c.refund_paid_date', '>=', q.from)
    .where('c.refund_paid_date', '<=', q.to)
    .orderBy('c.refund_paid_date')
    .orderBy('c.id')
    .execute();
}

/** The company's stored mapping, or undefined when it keeps the defaults. */
export async function readTallyLedgers(tdb: TenantDb): Promise<unknown> {
  const row = await tdb.selectFrom('tally_ledgers').select('ledgers').executeTakeFirst();
  return row?.ledgers;
}

/** Writes the mapping (the table's one writer), under the row's lock taken by the upsert. */
export async function saveTallyLedgers(tdb: TenantDb, ledgers: object, userId: number): Promise<void> {
  const json = JSON.stringify(ledgers);
  await tdb
    .insertInto('tally_ledgers')
    .values({ id: true, ledgers: json, updated_by: userId })
    .onConflict((oc) => oc.column('id').doUpdateSet({ ledgers: json, updated_by: userId, updated_at: new Date() }))
    .execute();
}
