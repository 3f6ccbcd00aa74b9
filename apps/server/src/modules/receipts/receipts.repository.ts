import type { Paise, ReceiptAnswer, ReceiptLine, ReceiptStatus } from '@plotbook/domain';
import { indiaDay, paise, ZERO_PAISE } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { voidColumns, voidDto } from '../../lib/entry-rows.repository.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { numberReceipts } from './receipt-numbers.repository.js';

export interface PlotRef {
  plotId: number;
  projectId: number;
}

export interface ActiveSale {
  saleId: number;
  salePaise: Paise;
  /** Σ transfer fees charged on the sale: owed = sale amount + this. */
  transferFeePaise: Paise;
  paymentType: 'Cash' | 'EMI';
  monthlyPaise: Paise;
  /** `YYYY-MM-DD`: no receipt line may be dated before it. */
  saleDate: string;
}

const plotById = fixedQuery((tdb: TenantDb, plotId: number) =>
  tdb.selectFrom('plots').select(['id', 'project_id']).where('id', '=', plotId),
);

export async function findPlot(tdb: TenantDb, plotId: number): Promise<PlotRef | undefined> {
  const [row] = await plotById(tdb, plotId);
  return row ? { plotId: row.id, projectId: row.project_id } : undefined;
}

const activeSaleQuery = (tdb: TenantDb, plotId: number) =>
  tdb
    .selectFrom('sales')
    .select(['id', 'sale_amount_paise', 'transfer_fee_paise', 'payment_type', 'monthly_amount_paise', 'sale_date'])
    .where('plot_id', '=', plotId)
    .where('status', '=', sql.lit('Active'));
const activeSale = fixedQuery(activeSaleQuery);
const lockedActiveSale = fixedQuery((tdb: TenantDb, plotId: number) => activeSaleQuery(tdb, plotId).forUpdate());

/**
 * The plot's active sale. With `lock`, the sale row is locked until the transaction ends: every receipt of the
 * plot (saved or cleared) takes this lock first, so two clerks' receipts are checked against the balance one
 * after the other and can never overpay together.
 */
export async function findActiveSale(
  tdb: TenantDb,
  plotId: number,
  options: { lock?: boolean } = {},
): Promise<ActiveSale | undefined> {
  const [row] = await (options.lock ? lockedActiveSale : activeSale)(tdb, plotId);
  return row
    ? {
        saleId: row.id,
        salePaise: row.sale_amount_paise,
        transferFeePaise: row.transfer_fee_paise,
        paymentType: row.payment_type,
        monthlyPaise: row.monthly_amount_paise,
        saleDate: row.sale_date,
      }
    : undefined;
}

/**
 * Σ of the plot's receipts by status, in paise (from the totals the triggers keep on each receipt): those of its
 * active sale (or of no sale); a cancelled sale's receipts are its own, not the plot's (issue 20).
 */
const plotReceiptSums = fixedQuery((tdb: TenantDb, plotId: number) =>
  tdb
    .selectFrom('receipts')
    .select(['status', sql<string | number>`coalesce(sum(total_paise), 0)`.as('total')])
    .where('plot_id', '=', plotId)
    .where(
      sql<boolean>`(receipts.sale_id is null or exists (select 1 from sales where sales.id = receipts.sale_id and sales.status = 'Active'))`,
    )
    .groupBy('status'),
);

export async function sumPlotReceipts(tdb: TenantDb, plotId: number): Promise<Record<ReceiptStatus, Paise>> {
  const rows = await plotReceiptSums(tdb, plotId);
  const sums: Record<ReceiptStatus, Paise> = {
    Pending: ZERO_PAISE,
    Completed: ZERO_PAISE,
    Cancelled: ZERO_PAISE,
    Reversed: ZERO_PAISE,
  };
  for (const row of rows) sums[row.status] = paise(Number(row.total));
  return sums;
}

/** A receipt line as it is stored: its amount already in paise (the service converts the request once). */
export type ReceiptLinePaise = Omit<ReceiptLine, 'amount'> & { amountPaise: Paise };

/**
 * The receipt and its lines; the lines' triggers keep the receipt's total (Σ of the lines' paise, which the
 * caller already knows) and the month totals.
 */
export async function insertReceipt(
  tdb: TenantDb,
  receipt: PlotRef & { saleId: number; status: ReceiptStatus; userId: number; numberedOn: string },
  lines: readonly ReceiptLinePaise[],
): Promise<{ receiptId: number; receiptNo: string | null }> {
  const [id] = (await insertReceipts(
    tdb,
    [
      {
        ...receipt,
        lines: lines.map((line) => ({
          particular: line.particular,
          date: line.date,
          mode: line.mode,
          modeDetail: line.modeDetail,
          creditTo: line.creditTo,
          modeDate: line.modeDate ?? line.date,
          amountPaise: line.amountPaise,
          partnerId: line.partnerId,
        })),
      },
    ],
    receipt.userId,
  )) as [number];
  const [receiptNo] = await receiptNumbersOf(tdb, [id]);
  return { receiptId: id, receiptNo: receiptNo ?? null };
}

/** A receipt line as stored: amount in paise. */
export interface ReceiptLineRow {
  particular: ReceiptLine['particular'];
  date: string;
  mode: ReceiptLine['mode'];
  modeDetail: string | null;
  creditTo: string | null;
  modeDate: string | null;
  amountPaise: Paise;
  partnerId: number | null;
}

export interface ReceiptToInsert {
  projectId: number;
  plotId: number;
  saleId: number | null;
  status: ReceiptStatus;
  lines: readonly ReceiptLineRow[];
  /** When the receipt was entered; now when left out (the demo seed back-dates its receipts). */
  createdAt?: Date;
  /** A Completed receipt's numbering day (India's, `YYYY-MM-DD`); the day of `createdAt` (or today) when left out. */
  numberedOn?: string;
}

/** Rows per INSERT statement (PostgreSQL takes at most 65,535 parameters per statement). */
const BATCH = 1000;

/**
 * Stores many receipts and their lines, one statement per 1,000 receipts and one per 1,000 lines (the seeds
 * write thousands); the lines' triggers keep each receipt's total and the month totals as for one receipt.
 * The ids come back in the order of `receipts`.
 */
export async function insertReceipts(
  tdb: TenantDb,
  receipts: readonly ReceiptToInsert[],
  userId: number | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < receipts.length; start += BATCH) {
    const chunk = receipts.slice(start, start + BATCH);
    const rows = await tdb
      .insertInto('receipts')
      .values(
        chunk.map((r) => ({
          project_id: r.projectId,
          plot_id: r.plotId,
          sale_id: r.saleId,
          status: r.status,
          created_by: userId,
          ...(r.createdAt ? { created_at: r.createdAt } : {}),
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  const lines = receipts.flatMap((r, i) =>
    r.lines.map((line) => ({
      receipt_id: ids[i] as number,
      particular: line.particular,
      line_date: line.date,
      mode: line.mode,
      mode_detail: line.modeDetail,
      credit_to: line.creditTo,
      mode_date: line.modeDate,
      amount_paise: line.amountPaise,
      partner_id: line.partnerId,
    })),
  );
  for (let start = 0; start < lines.length; start += BATCH) {
    await tdb
      .insertInto('receipt_lines')
      .values(lines.slice(start, start + BATCH))
      .execute();
  }
  // Each Completed receipt gets its number in its financial year's series, in the order of their days.
  const completed = receipts.flatMap((r, i) =>
    r.status === 'Completed'
      ? [{ receiptId: ids[i] as number, day: r.numberedOn ?? indiaDay(r.createdAt ?? new Date()) }]
      : [],
  );
  if (completed.length > 0) await numberReceipts(tdb, 'receipt', completed);
  return ids;
}

/** The numbers of receipts, in the order of `ids` (null: not numbered). */
export async function receiptNumbersOf(tdb: TenantDb, ids: readonly number[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const rows = await tdb.selectFrom('receipts').select(['id', 'receipt_no']).where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row.receipt_no]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** Credits every line of a receipt to a partner (Payment To Partner counts it as money that partner received). */
export async function creditReceiptLines(tdb: TenantDb, receiptId: number, partnerId: number): Promise<void> {
  await tdb.updateTable('receipt_lines').set({ partner_id: partnerId }).where('receipt_id', '=', receiptId).execute();
}

export interface ReceiptRow extends PlotRef {
  receiptId: number;
  saleId: number | null;
  status: ReceiptStatus;
  totalPaise: Paise;
  receiptNo: string | null;
  reversalNo: string | null;
}

/** One receipt; with `lock`, locked until the transaction ends (its status is about to change). */
export async function findReceipt(
  tdb: TenantDb,
  receiptId: number,
  options: { lock?: boolean } = {},
): Promise<ReceiptRow | undefined> {
  let query = tdb
    .selectFrom('receipts')
    .select(['id', 'project_id', 'plot_id', 'sale_id', 'status', 'total_paise', 'receipt_no', 'reversal_no'])
    .where('id', '=', receiptId);
  if (options.lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row
    ? {
        receiptId: row.id,
        projectId: row.project_id,
        plotId: row.plot_id,
        saleId: row.sale_id,
        status: row.status,
        totalPaise: row.total_paise,
        receiptNo: row.receipt_no,
        reversalNo: row.reversal_no,
      }
    : undefined;
}

/** Sets a receipt's status; a trigger copies it to the lines and moves the month totals. */
export async function updateReceiptStatus(tdb: TenantDb, receiptId: number, status: ReceiptStatus): Promise<void> {
  await tdb.updateTable('receipts').set({ status }).where('id', '=', receiptId).execute();
}

/** Reverses a Completed receipt: status 'Reversed' with who, when and why (the triggers take it out of every total). */
export async function markReceiptReversed(
  tdb: TenantDb,
  receiptId: number,
  reversal: { userId: number; reason: string },
): Promise<void> {
  await tdb
    .updateTable('receipts')
    .set({
      status: 'Reversed',
      reversed_at: sql<Date>`now()`,
      reversed_by: reversal.userId,
      reverse_reason: reversal.reason,
    })
    .where('id', '=', receiptId)
    .execute();
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value));

/** The name of the user who reversed a receipt, or null. */
const reversedByName = sql<string | null>`case when reversed_by is null then null
  else (select u.user_name from users u where u.id = reversed_by) end`.as('reversed_by_name');

/** A plot's receipts, newest first, each with its lines in the order they were entered. */
const plotReceipts = fixedQuery((tdb: TenantDb, plotId: number) =>
  tdb
    .selectFrom('receipts')
    .select(['id', 'project_id', 'plot_id', 'sale_id', 'status', 'total_paise', 'created_at'])
    .select(['receipt_no', 'reversal_no', 'reversed_at', 'reverse_reason', reversedByName])
    .where('plot_id', '=', plotId)
    .orderBy('id', 'desc'),
);
/** A plot's live receipt lines (the view), or every line, voided ones too (the base table: `?voided=include`). */
const plotReceiptLines = (from: 'receipt_lines' | 'receipt_line_rows') =>
  fixedQuery((tdb: TenantDb, plotId: number) =>
    tdb
      .selectFrom(`${from} as l` as 'receipt_lines as l')
      .leftJoin('partners', 'partners.id', 'l.partner_id')
      .select([
        'l.id',
        'l.receipt_id',
        'l.particular',
        'l.line_date',
        'l.mode',
        'l.mode_detail',
        'l.credit_to',
        'l.mode_date',
        'l.amount_paise',
        'l.partner_id',
        'partners.partner_name',
        ...voidColumns('l'),
      ])
      .where('l.receipt_id', 'in', (eb) =>
        eb.selectFrom('receipts').select('receipts.id').where('receipts.plot_id', '=', plotId),
      )
      .orderBy('l.id'),
  );
const LINES = { live: plotReceiptLines('receipt_lines'), all: plotReceiptLines('receipt_line_rows') };

/** A plot's receipts, amounts in paise (the route's schema writes them as rupees). */
export async function listPlotReceipts(tdb: TenantDb, plotId: number, withVoided = false): Promise<ReceiptAnswer[]> {
  const receipts = await plotReceipts(tdb, plotId);
  if (receipts.length === 0) return [];
  const lines = await LINES[withVoided ? 'all' : 'live'](tdb, plotId);
  const byReceipt = new Map<number, ReceiptAnswer['lines']>();
  for (const l of lines) {
    const list = byReceipt.get(l.receipt_id) ?? [];
    list.push({
      receiptLineId: l.id,
      particular: l.particular,
      date: l.line_date,
      mode: l.mode,
      modeDetail: l.mode_detail,
      creditTo: l.credit_to,
      modeDate: l.mode_date,
      amount: l.amount_paise,
      partnerId: l.partner_id,
      partnerName: l.partner_name,
      ...voidDto(l),
    });
    byReceipt.set(l.receipt_id, list);
  }
  return receipts.map((r) => {
    const receiptLines = byReceipt.get(r.id) ?? [];
    return {
      receiptId: r.id,
      receiptNo: r.receipt_no,
      reversalNo: r.reversal_no,
      projectId: r.project_id,
      plotId: r.plot_id,
      saleId: r.sale_id,
      status: r.status,
      total: r.total_paise,
      date: receiptLines[0]?.date ?? null,
      createdAt: iso(r.created_at),
      lines: receiptLines,
      reversedAt: r.reversed_at === null ? null : new Date(r.reversed_at).toISOString(),
      reversedBy: r.reversed_by_name,
      reverseReason: r.reverse_reason,
    };
  });
}
