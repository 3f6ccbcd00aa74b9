import type { DOCUMENT_KINDS, Paise, ReceiptStatus } from '@plotbook/domain';
import { paise } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** A sale as the documents name it: project, plot, buyer, money. */
export interface SaleForDocument {
  saleId: number;
  projectId: number;
  projectName: string;
  city: string;
  plotId: number;
  plotName: string;
  plotNumber: string | null;
  plotSize: number;
  saleDate: string;
  salePaise: Paise;
  transferFeePaise: Paise;
  paymentType: 'Cash' | 'EMI';
  status: 'Active' | 'Cancelled';
  buyerId: number | null;
  buyerName: string | null;
  buyerMobile: string | null;
  /** Σ Completed receipts of this sale. */
  receivedPaise: Paise;
}

const saleQuery = (tdb: TenantDb) =>
  tdb
    .selectFrom('sales as s')
    .innerJoin('plots as p', 'p.id', 's.plot_id')
    .innerJoin('projects as j', 'j.id', 's.project_id')
    .select([
      's.id',
      's.project_id',
      'j.project_name',
      'j.city',
      's.plot_id',
      'p.plot_name',
      'p.plot_number',
      'p.total_plot_size',
      's.sale_date',
      's.sale_amount_paise',
      's.transfer_fee_paise',
      's.payment_type',
      's.status',
      's.buyer_id',
      's.buyer_name',
      's.buyer_mobile',
      sql<string>`(select coalesce(sum(r.total_paise), 0) from receipts r
        where r.sale_id = s.id and r.status = 'Completed')`.as('received'),
    ]);

type SaleRow = Awaited<ReturnType<ReturnType<typeof saleQuery>['execute']>>[number];
const saleOf = (r: SaleRow): SaleForDocument => ({
  saleId: r.id,
  projectId: r.project_id,
  projectName: r.project_name,
  city: r.city,
  plotId: r.plot_id,
  plotName: r.plot_name,
  plotNumber: r.plot_number,
  plotSize: Number(r.total_plot_size),
  saleDate: r.sale_date,
  salePaise: r.sale_amount_paise,
  transferFeePaise: r.transfer_fee_paise,
  paymentType: r.payment_type,
  status: r.status,
  buyerId: r.buyer_id,
  buyerName: r.buyer_name,
  buyerMobile: r.buyer_mobile,
  receivedPaise: paise(Number(r.received)),
});

export async function findSaleForDocument(tdb: TenantDb, saleId: number): Promise<SaleForDocument | undefined> {
  const row = await saleQuery(tdb).where('s.id', '=', saleId).executeTakeFirst();
  return row ? saleOf(row) : undefined;
}

/** A buyer's sales, oldest first. */
export async function listBuyerSalesForDocument(tdb: TenantDb, buyerId: number): Promise<SaleForDocument[]> {
  const rows = await saleQuery(tdb).where('s.buyer_id', '=', buyerId).orderBy('s.sale_date').orderBy('s.id').execute();
  return rows.map(saleOf);
}

export interface ReceiptLineForDocument {
  particular: string;
  date: string;
  mode: string;
  modeDetail: string | null;
  amountPaise: Paise;
}

export interface ReceiptForDocument {
  receiptId: number;
  receiptNo: string | null;
  reversalNo: string | null;
  status: ReceiptStatus;
  saleId: number | null;
  totalPaise: Paise;
  reversedAt: string | null;
  lines: ReceiptLineForDocument[];
}

/** Receipts with their live lines, by id (in the order of their ids). */
async function receiptsWhere(tdb: TenantDb, where: { receiptId?: number; saleIds?: number[] }) {
  let query = tdb
    .selectFrom('receipts')
    .select(['id', 'receipt_no', 'reversal_no', 'status', 'sale_id', 'total_paise', 'reversed_at'])
    .orderBy('id');
  if (where.receiptId !== undefined) query = query.where('id', '=', where.receiptId);
  if (where.saleIds !== undefined) query = query.where('sale_id', 'in', where.saleIds);
  const receipts = await query.execute();
  if (receipts.length === 0) return [];
  const lines = await tdb
    .selectFrom('receipt_lines')
    .select(['receipt_id', 'particular', 'line_date', 'mode', 'mode_detail', 'amount_paise'])
    .where(
      'receipt_id',
      'in',
      receipts.map((r) => r.id),
    )
    .orderBy('id')
    .execute();
  return receipts.map(
    (r): ReceiptForDocument => ({
      receiptId: r.id,
      receiptNo: r.receipt_no,
      reversalNo: r.reversal_no,
      status: r.status,
      saleId: r.sale_id,
      totalPaise: r.total_paise,
      reversedAt: r.reversed_at ? new Date(r.reversed_at).toISOString() : null,
      lines: lines
        .filter((l) => l.receipt_id === r.id)
        .map((l) => ({
          particular: l.particular,
          date: l.line_date,
          mode: l.mode,
          modeDetail: l.mode_detail,
          amountPaise: l.amount_paise,
        })),
    }),
  );
}

export async function findReceiptForDocument(tdb: TenantDb, receiptId: number) {
  const [receipt] = await receiptsWhere(tdb, { receiptId });
  return receipt;
}

/** The receipts of sales, each with its lines, oldest first. */
export async function listSaleReceiptsForDocument(tdb: TenantDb, saleIds: number[]) {
  return saleIds.length === 0 ? [] : receiptsWhere(tdb, { saleIds });
}

/** A cancelled sale's refund (issue 20), or undefined. */
export async function findRefund(tdb: TenantDb, saleId: number) {
  return tdb
    .selectFrom('sale_cancellations')
    .select(['cancel_date', 'refund_paise', 'retained_paise', 'refund_status', 'refund_paid_date'])
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
}

/**
 * Counts one more print of a receipt or an allotment letter and answers which copy this is (1: the original; more:
 * a DUPLICATE). The one writer of `document_copies`; the row's lock orders two prints at once.
 */
export async function countCopy(tdb: TenantDb, kind: (typeof DOCUMENT_KINDS)[number], refId: number): Promise<number> {
  const row = await tdb
    .insertInto('document_copies')
    .values({ kind, ref_id: refId, copies: 1 })
    .onConflict((oc) =>
      oc
        .columns(['kind', 'ref_id'])
        .doUpdateSet({ copies: sql<number>`document_copies.copies + 1`, last_printed_at: sql<Date>`now()` }),
    )
    .returning('copies')
    .executeTakeFirstOrThrow();
  return row.copies;
}
