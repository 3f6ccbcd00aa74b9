import {
  type Installment,
  type Paise,
  paise,
  type SaleAnswer,
  type SaleDisplayStatus,
  type SaleListRowAnswer,
} from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';

/**
 * Joins a plot (`plots`) to its active sale (`sales`): `.leftJoin('sales', (join) => join.on(ACTIVE_SALE_OF_PLOT))`.
 * The plot's project is named on the sale too, so PostgreSQL reads the project's sales by index, and 'Active' is a
 * literal, so a prepared statement's generic plan can still use the partial index of active sales.
 */
export const ACTIVE_SALE_OF_PLOT = sql<boolean>`sales.plot_id = plots.id and sales.project_id = plots.project_id and sales.status = 'Active'`;

/** A plot with its project, locked for the rest of the transaction so two sales of it run one after the other. */
export async function lockPlot(tdb: TenantDb, plotId: number) {
  return tdb
    .selectFrom('plots')
    .select(['id', 'project_id', 'plot_name'])
    .where('id', '=', plotId)
    .forUpdate()
    .executeTakeFirst();
}

export async function hasActiveSale(tdb: TenantDb, plotId: number): Promise<boolean> {
  const row = await tdb
    .selectFrom('sales')
    .select('id')
    .where('plot_id', '=', plotId)
    .where('status', '=', sql.lit('Active'))
    .executeTakeFirst();
  return row !== undefined;
}

export interface SaleRow {
  projectId: number;
  plotId: number;
  saleDate: string;
  salePaise: Paise;
  paymentType: 'Cash' | 'EMI';
  advancePaise: Paise;
  visarpawatiPaise: Paise;
  emiTotalPaise: Paise;
  emiDuration: number | null;
  monthlyPaise: Paise;
  emiDate: string | null;
  buyerName: string | null;
  buyerMobile: string | null;
  /** The sale's buyer (buyers table); left out or null for none. */
  buyerId?: number | null;
  /** RERA s.13: the agreement for sale's registration date, when known at the sale. */
  agreementDate?: string | null;
}

/** A sale's columns as stored (the audit trail records them). */
export const saleRowColumns = (sale: SaleRow) => ({
  project_id: sale.projectId,
  plot_id: sale.plotId,
  sale_date: sale.saleDate,
  sale_amount_paise: sale.salePaise,
  payment_type: sale.paymentType,
  advance_amount_paise: sale.advancePaise,
  visarpawati_amount_paise: sale.visarpawatiPaise,
  emi_total_paise: sale.emiTotalPaise,
  emi_duration: sale.emiDuration,
  monthly_amount_paise: sale.monthlyPaise,
  emi_date: sale.emiDate,
  buyer_name: sale.buyerName,
  buyer_mobile: sale.buyerMobile,
  ...(sale.buyerId ? { buyer_id: sale.buyerId } : {}),
  agreement_date: sale.agreementDate ?? null,
});

/** Rows per INSERT statement in the batch writers (PostgreSQL takes at most 65,535 parameters per statement). */
const BATCH = 1000;

/**
 * Stores sales, in one statement per 1,000 (the demo and bench seeds write many at once); the ids come back in
 * the order of `sales`. At most one sale per plot in a call (a plot has one active sale).
 */
export async function insertSales(tdb: TenantDb, sales: readonly SaleRow[], userId: number | null): Promise<number[]> {
  const idOfPlot = new Map<number, number>();
  for (let start = 0; start < sales.length; start += BATCH) {
    const rows = await tdb
      .insertInto('sales')
      .values(sales.slice(start, start + BATCH).map((sale) => ({ ...saleRowColumns(sale), created_by: userId })))
      .returning(['id', 'plot_id'])
      .execute();
    for (const row of rows) idOfPlot.set(row.plot_id, row.id);
  }
  return sales.map((sale) => idOfPlot.get(sale.plotId) as number);
}

export async function insertSale(tdb: TenantDb, sale: SaleRow, userId: number | null): Promise<number> {
  const [id] = await insertSales(tdb, [sale], userId);
  return id as number;
}

/** Stores the EMI schedules of many sales, in one statement per 1,000 installments. */
export async function insertSchedules(
  tdb: TenantDb,
  schedules: readonly { saleId: number; schedule: readonly Installment[] }[],
): Promise<void> {
  const rows = schedules.flatMap(({ saleId, schedule }) =>
    schedule.map((i) => ({
      sale_id: saleId,
      installment_no: i.installmentNo,
      due_date: i.dueDate,
      amount_paise: i.amountPaise,
    })),
  );
  for (let start = 0; start < rows.length; start += BATCH) {
    await tdb
      .insertInto('emi_installments')
      .values(rows.slice(start, start + BATCH))
      .execute();
  }
}

export async function insertInstallments(tdb: TenantDb, saleId: number, schedule: readonly Installment[]) {
  await insertSchedules(tdb, [{ saleId, schedule }]);
}

/** A sale as stored, locked until the transaction ends (a correction rewrites it); undefined when missing. */
export async function lockSaleRow(
  tdb: TenantDb,
  saleId: number,
): Promise<(SaleRow & { status: 'Active' | 'Cancelled' }) | undefined> {
  const r = await tdb.selectFrom('sales').selectAll().where('id', '=', saleId).forUpdate().executeTakeFirst();
  if (!r) return undefined;
  return {
    projectId: r.project_id,
    plotId: r.plot_id,
    saleDate: r.sale_date,
    salePaise: r.sale_amount_paise,
    paymentType: r.payment_type,
    advancePaise: r.advance_amount_paise,
    visarpawatiPaise: r.visarpawati_amount_paise,
    emiTotalPaise: r.emi_total_paise,
    emiDuration: r.emi_duration,
    monthlyPaise: r.monthly_amount_paise,
    emiDate: r.emi_date,
    buyerName: r.buyer_name,
    buyerMobile: r.buyer_mobile,
    buyerId: r.buyer_id,
    status: r.status,
  };
}

/** Rewrites a sale's figures (a correction); its project and plot stay. */
export async function updateSale(tdb: TenantDb, saleId: number, sale: SaleRow): Promise<void> {
  const { project_id: _project, plot_id: _plot, ...columns } = saleRowColumns(sale);
  await tdb.updateTable('sales').set(columns).where('id', '=', saleId).execute();
}

/**
 * Replaces a sale's EMI schedule (a correction): the old installments deleted, the new ones inserted. The allocation
 * triggers re-run after each statement, so the money already received pays the new schedule's oldest installments.
 */
export async function replaceInstallments(tdb: TenantDb, saleId: number, schedule: readonly Installment[]) {
  await tdb.deleteFrom('emi_installments').where('sale_id', '=', saleId).execute();
  if (schedule.length > 0) await insertInstallments(tdb, saleId, schedule);
}

/** The earliest line date of a sale's Pending or Completed receipts, or null: a sale date may not pass it. */
export async function firstReceiptDate(tdb: TenantDb, saleId: number): Promise<string | null> {
  const row = await tdb
    .selectFrom('receipt_lines')
    .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
    .select(sql<string | null>`min(receipt_lines.line_date)`.as('first'))
    .where('receipts.sale_id', '=', saleId)
    .where('receipts.status', 'in', ['Pending', 'Completed'])
    .executeTakeFirst();
  return row?.first ?? null;
}

const saleColumns = [
  'sales.id',
  'sales.project_id',
  'sales.plot_id',
  'plots.plot_name',
  'sales.sale_date',
  'sales.sale_amount_paise',
  'sales.payment_type',
  'sales.advance_amount_paise',
  'sales.visarpawati_amount_paise',
  'sales.emi_total_paise',
  'sales.emi_duration',
  'sales.monthly_amount_paise',
  'sales.emi_date',
  'sales.buyer_name',
  'sales.buyer_mobile',
  'sales.buyer_id',
  'sales.status',
  'sales.agreement_date',
  'sales.transfer_fee_paise',
] as const;

interface JoinedSale {
  id: number;
  project_id: number;
  plot_id: number;
  plot_name: string;
  sale_date: string;
  sale_amount_paise: Paise;
  payment_type: 'Cash' | 'EMI';
  advance_amount_paise: Paise;
  visarpawati_amount_paise: Paise;
  emi_total_paise: Paise;
  emi_duration: number | null;
  monthly_amount_paise: Paise;
  emi_date: string | null;
  buyer_name: string | null;
  buyer_mobile: string | null;
  buyer_id: number | null;
  status: 'Active' | 'Cancelled';
  agreement_date: string | null;
  transfer_fee_paise: Paise;
}

const toSaleDto = (r: JoinedSale): SaleAnswer => ({
  saleId: r.id,
  projectId: r.project_id,
  plotId: r.plot_id,
  plotName: r.plot_name,
  saleDate: r.sale_date,
  saleAmount: r.sale_amount_paise,
  paymentType: r.payment_type,
  advanceAmount: r.advance_amount_paise,
  visarpawatiAmount: r.visarpawati_amount_paise,
  emiTotal: r.emi_total_paise,
  emiDuration: r.emi_duration,
  monthlyAmount: r.monthly_amount_paise,
  emiDate: r.emi_date,
  buyerName: r.buyer_name,
  buyerMobile: r.buyer_mobile,
  buyerId: r.buyer_id,
  status: r.status,
  agreementDate: r.agreement_date,
  transferFee: r.transfer_fee_paise,
});

/**
 * The Sales listing's rows, amounts in paise: the sales of a project in plot order (as the project lists its plots),
 * each with what it has received (an active sale: its plot's money, plot_money, kept by triggers from the receipts of
 * the plot's active sale; a cancelled one: what it had received when cancelled, its receipts being frozen) and the
 * rest as pending (none on a cancelled sale). Active ones only, or with the cancelled ones (`?cancelled=include`).
 */
const projectSalesQuery = (withCancelled: boolean) =>
  fixedQuery((tdb: TenantDb, projectId: number) => {
    const paid = sql<Paise>`case when sales.status = 'Active' then coalesce(plot_money.received_paise, 0) else coalesce(sale_cancellations.received_paise, 0) end`;
    const query = tdb
      .selectFrom('sales')
      .innerJoin('plots', 'plots.id', 'sales.plot_id')
      .leftJoin('plot_money', 'plot_money.plot_id', 'sales.plot_id')
      .leftJoin('sale_cancellations', 'sale_cancellations.sale_id', 'sales.id')
      .leftJoin('buyers', 'buyers.id', 'sales.buyer_id')
      .select([
        'sales.id as saleId',
        'sales.project_id as projectId',
        'sales.plot_id as plotId',
        'plots.plot_name as plotName',
        'sales.sale_date as saleDate',
        'sales.sale_amount_paise as saleAmount',
        'sales.payment_type as paymentType',
        'sales.advance_amount_paise as advanceAmount',
        'sales.visarpawati_amount_paise as visarpawatiAmount',
        'sales.emi_total_paise as emiTotal',
        'sales.emi_duration as emiDuration',
        'sales.monthly_amount_paise as monthlyAmount',
        'sales.emi_date as emiDate',
        // The buyer's record when the sale names one (the screens read the buyer), else what the sale was given.
        sql<string | null>`coalesce(buyers.name, sales.buyer_name)`.as('buyerName'),
        sql<string | null>`coalesce(buyers.mobile, sales.buyer_mobile)`.as('buyerMobile'),
        'sales.buyer_id as buyerId',
        'sales.agreement_date as agreementDate',
        // Transferred: an active sale handed to another buyer at least once (issue 20).
        sql<SaleDisplayStatus>`case when sales.status = 'Active' and exists (select 1 from sale_transfers t where t.sale_id = sales.id) then 'Transferred' else sales.status end`.as(
          'status',
        ),
        'sales.transfer_fee_paise as transferFee',
        paid.as('received'),
        // An active sale's owed (sale amount + transfer fees) − received; a cancelled one owes nothing.
        sql<Paise>`case when sales.status = 'Active' then sales.sale_amount_paise + sales.transfer_fee_paise - ${paid} else 0 end`.as(
          'pending',
        ),
      ])
      .where('sales.project_id', '=', projectId);
    return (withCancelled ? query : query.where('sales.status', '=', sql.lit('Active')))
      .orderBy('plots.id')
      .orderBy('sales.id');
  });
const activeSales = projectSalesQuery(false);
const allSales = projectSalesQuery(true);

export const listProjectSales = (
  tdb: TenantDb,
  projectId: number,
  withCancelled = false,
): Promise<Omit<SaleListRowAnswer, 'reraFlag'>[]> => (withCancelled ? allSales : activeSales)(tdb, projectId);

/** One sale with Σ Completed receipts of its plot and Σ of their Installment lines; undefined when missing. */
export async function findSale(tdb: TenantDb, saleId: number) {
  const row = await tdb
    .selectFrom('sales')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .select(saleColumns)
    // Σ Completed receipts of the plot's active sale and of their Installment lines, kept by triggers (0016_plot_money).
    .leftJoin('plot_money', 'plot_money.plot_id', 'sales.plot_id')
    .select(['plot_money.received_paise', 'plot_money.installment_paise'])
    // The buyer's record when the sale names one (the screens read the buyer).
    .leftJoin('buyers', 'buyers.id', 'sales.buyer_id')
    .select(['buyers.name as buyer_record_name', 'buyers.mobile as buyer_record_mobile'])
    .where('sales.id', '=', saleId)
    .executeTakeFirst();
  if (!row) return undefined;
  const named =
    row.buyer_id === null ? row : { ...row, buyer_name: row.buyer_record_name, buyer_mobile: row.buyer_record_mobile };
  if (row.status !== 'Active') {
    // A cancelled sale's own receipts (frozen since): what it had received, and of it, its Installment lines.
    const own = await tdb
      .selectFrom('receipts')
      .select([
        sql<string>`coalesce(sum(total_paise), 0)`.as('received'),
        sql<string>`coalesce(sum(installment_paise), 0)`.as('installment'),
      ])
      .where('sale_id', '=', saleId)
      .where('status', '=', sql.lit('Completed'))
      .executeTakeFirstOrThrow();
    return {
      ...toSaleDto(named),
      salePaise: row.sale_amount_paise,
      transferFeePaise: row.transfer_fee_paise,
      receivedPaise: paise(Number(own.received)),
      installmentPaise: paise(Number(own.installment)),
    };
  }
  return {
    ...toSaleDto(named),
    salePaise: row.sale_amount_paise,
    transferFeePaise: row.transfer_fee_paise,
    receivedPaise: paise(Number(row.received_paise ?? 0)),
    installmentPaise: paise(Number(row.installment_paise ?? 0)),
  };
}

export async function listInstallments(tdb: TenantDb, saleId: number): Promise<Installment[]> {
  const rows = await tdb
    .selectFrom('emi_installments')
    .select(['installment_no', 'due_date', 'amount_paise'])
    .where('sale_id', '=', saleId)
    .orderBy('installment_no')
    .execute();
  return rows.map((r) => ({ installmentNo: r.installment_no, dueDate: r.due_date, amountPaise: r.amount_paise }));
}

/** Hands a sale to another buyer: its buyer (and the name and mobile spec clients read) and the fee charged. */
export async function transferSaleRow(
  tdb: TenantDb,
  saleId: number,
  to: { buyerId: number; buyerName: string; buyerMobile: string | null; transferFeePaise: Paise },
): Promise<void> {
  await tdb
    .updateTable('sales')
    .set({
      buyer_id: to.buyerId,
      buyer_name: to.buyerName,
      buyer_mobile: to.buyerMobile,
      transfer_fee_paise: to.transferFeePaise,
    })
    .where('id', '=', saleId)
    .execute();
}

/** A sale's status (a cancellation: Active → Cancelled; the triggers take its money out of its plot's). */
export async function setSaleStatus(tdb: TenantDb, saleId: number, status: 'Active' | 'Cancelled'): Promise<void> {
  await tdb.updateTable('sales').set({ status }).where('id', '=', saleId).execute();
}
