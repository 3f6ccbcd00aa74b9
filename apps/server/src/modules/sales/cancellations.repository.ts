import { type Paise, paise, type RefundStatus } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';

/** A sale locked for the rest of the transaction (after the project's dues lock): a cancel and a receipt take turns. */
export async function lockSaleById(tdb: TenantDb, saleId: number) {
  return tdb
    .selectFrom('sales')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .select(['sales.id', 'sales.project_id', 'sales.plot_id', 'sales.status', 'sales.sale_date', 'plots.plot_name'])
    .where('sales.id', '=', saleId)
    .forUpdate('sales')
    .executeTakeFirst();
}

/** The sale's project, unlocked: which project's dues lock to take first. */
export async function findSaleProject(tdb: TenantDb, saleId: number): Promise<number | undefined> {
  const row = await tdb.selectFrom('sales').select('project_id').where('id', '=', saleId).executeTakeFirst();
  return row?.project_id;
}

export async function isPlotRegistered(tdb: TenantDb, plotId: number): Promise<boolean> {
  const row = await tdb.selectFrom('registrations').select('id').where('plot_id', '=', plotId).executeTakeFirst();
  return row !== undefined;
}

/** Σ of the sale's receipts by status (receipts.total_paise is Σ of its live lines, kept by a trigger). */
export async function sumSaleReceipts(tdb: TenantDb, saleId: number) {
  const rows = await tdb
    .selectFrom('receipts')
    .select(['status', sql<string>`coalesce(sum(total_paise), 0)`.as('total')])
    .where('sale_id', '=', saleId)
    .groupBy('status')
    .execute();
  const of = (status: string) => paise(Number(rows.find((r) => r.status === status)?.total ?? 0));
  return { completed: of('Completed'), pending: of('Pending') };
}

/** Σ of the sale's Completed receipt lines credited to each partner (what each of them holds of its money). */
export async function creditedByPartner(tdb: TenantDb, saleId: number) {
  const rows = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(['receipt_lines.partner_id', sql<string>`sum(receipt_lines.amount_paise)`.as('total')])
    .where('receipts.sale_id', '=', saleId)
    .where('receipts.status', '=', sql.lit('Completed'))
    .where('receipt_lines.partner_id', 'is not', null)
    .groupBy('receipt_lines.partner_id')
    .orderBy('receipt_lines.partner_id')
    .execute();
  return rows.map((r) => ({ partnerId: r.partner_id as number, paise: paise(Number(r.total)) }));
}

export interface CancellationRow {
  saleId: number;
  projectId: number;
  plotId: number;
  cancelDate: string;
  reason: string;
  receivedPaise: Paise;
  refundPaise: Paise;
  retainedPaise: Paise;
  refundMode: string | null;
  modeDetail: string | null;
  refundStatus: RefundStatus;
  refundPaidDate: string | null;
}

/** Stores a cancellation and its partners' debits; the sale's own status is the sales repository's to write. */
export async function insertCancellation(
  tdb: TenantDb,
  row: CancellationRow,
  debits: readonly { partnerId: number; paise: Paise }[],
  userId: number | null,
): Promise<number> {
  const { id } = await tdb
    .insertInto('sale_cancellations')
    .values({
      sale_id: row.saleId,
      project_id: row.projectId,
      plot_id: row.plotId,
      cancel_date: row.cancelDate,
      reason: row.reason,
      received_paise: row.receivedPaise,
      refund_paise: row.refundPaise,
      retained_paise: row.retainedPaise,
      refund_mode: row.refundMode,
      mode_detail: row.modeDetail,
      refund_status: row.refundStatus,
      refund_paid_date: row.refundPaidDate,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rows = debits.filter((d) => d.paise > 0);
  if (rows.length > 0) {
    await tdb
      .insertInto('sale_refund_debits')
      .values(rows.map((d) => ({ cancellation_id: id, partner_id: d.partnerId, amount_paise: d.paise })))
      .execute();
  }
  return id;
}

/** A sale's cancellation, locked when asked (clearing its refund). */
export async function findCancellation(tdb: TenantDb, saleId: number, options: { lock?: boolean } = {}) {
  const query = tdb
    .selectFrom('sale_cancellations')
    .select([
      'id',
      'sale_id',
      'project_id',
      'plot_id',
      'cancel_date',
      'reason',
      'received_paise',
      'refund_paise',
      'retained_paise',
      'refund_mode',
      'mode_detail',
      'refund_status',
      'refund_paid_date',
    ])
    .where('sale_id', '=', saleId);
  const row = await (options.lock ? query.forUpdate() : query).executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    saleId: row.sale_id,
    projectId: row.project_id,
    plotId: row.plot_id,
    cancelDate: row.cancel_date,
    reason: row.reason,
    receivedPaise: row.received_paise,
    refundPaise: row.refund_paise,
    retainedPaise: row.retained_paise,
    refundMode: row.refund_mode,
    modeDetail: row.mode_detail,
    refundStatus: row.refund_status,
    refundPaidDate: row.refund_paid_date,
  };
}

/** The partners a sale's refund was paid from, with what each paid back, largest first. */
export async function refundPaidBy(tdb: TenantDb, saleId: number) {
  const rows = await tdb
    .selectFrom('sale_refund_debits')
    .innerJoin('sale_cancellations', 'sale_cancellations.id', 'sale_refund_debits.cancellation_id')
    .innerJoin('partners', 'partners.id', 'sale_refund_debits.partner_id')
    .select(['partners.id', 'partners.partner_name', 'sale_refund_debits.amount_paise'])
    .where('sale_cancellations.sale_id', '=', saleId)
    .orderBy('sale_refund_debits.amount_paise', 'desc')
    .orderBy('partners.partner_name')
    .execute();
  return rows.map((r) => ({ partnerId: r.id, partnerName: r.partner_name, amount: r.amount_paise }));
}

/** A Pending refund cheque paid: Completed on `date`. */
export async function completeRefund(tdb: TenantDb, cancellationId: number, date: string): Promise<void> {
  await tdb
    .updateTable('sale_cancellations')
    .set({ refund_status: 'Completed', refund_paid_date: date })
    .where('id', '=', cancellationId)
    .execute();
}

/** Σ over cancelled sales: received when cancelled, retained (the company's income), refunds paid (Completed). */
export interface CancelledMoney {
  receivedPaise: Paise;
  forfeitedPaise: Paise;
  refundPaidPaise: Paise;
}

/** The cancellations' sums over `where` (a project's or a plot's), as `cancelled` (text: received,retained,paid). */
export const cancelledSums = (where: ReturnType<typeof sql>) =>
  sql<string | null>`(select sum(received_paise) || ',' || sum(retained_paise) || ',' ||
    coalesce(sum(refund_paise) filter (where refund_status = 'Completed'), 0) from sale_cancellations where ${where})`;
export const cancelledOf = (text: string | null | undefined): CancelledMoney => {
  const [received, forfeited, paid] = (text ?? '0,0,0').split(',').map(Number);
  return {
    receivedPaise: paise(received ?? 0),
    forfeitedPaise: paise(forfeited ?? 0),
    refundPaidPaise: paise(paid ?? 0),
  };
};

/** The latest line date of the sale's Pending and Completed receipts, or null when it has none. */
export async function lastReceiptDate(tdb: TenantDb, saleId: number): Promise<string | null> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string | null>`max(receipt_lines.line_date)`.as('last'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipts.status', 'in', ['Pending', 'Completed'])
    .executeTakeFirst();
  return row?.last ?? null;
}
