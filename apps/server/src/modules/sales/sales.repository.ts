import { type Installment, type Paise, paise, type SaleAnswer, type SaleListRowAnswer } from '@plotbook/domain';
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
  'sales.status',
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
  status: 'Active' | 'Cancelled';
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
  status: r.status,
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
        'sales.buyer_name as buyerName',
        'sales.buyer_mobile as buyerMobile',
        'sales.status',
        paid.as('received'),
        sql<Paise>`case when sales.status = 'Active' then sales.sale_amount_paise - ${paid} else 0 end`.as('pending'),
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
): Promise<SaleListRowAnswer[]> => (withCancelled ? allSales : activeSales)(tdb, projectId);

/** One sale with Σ Completed receipts of its plot and Σ of their Installment lines; undefined when missing. */
export async function findSale(tdb: TenantDb, saleId: number) {
  const row = await tdb
    .selectFrom('sales')
    .innerJoin('plots', 'plots.id', 'sales.plot_id')
    .select(saleColumns)
    // Σ Completed receipts of the plot's active sale and of their Installment lines, kept by triggers (0016_plot_money).
    .leftJoin('plot_money', 'plot_money.plot_id', 'sales.plot_id')
    .select(['plot_money.received_paise', 'plot_money.installment_paise'])
    .where('sales.id', '=', saleId)
    .executeTakeFirst();
  if (!row) return undefined;
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
      ...toSaleDto(row),
      salePaise: row.sale_amount_paise,
      receivedPaise: paise(Number(own.received)),
      installmentPaise: paise(Number(own.installment)),
    };
  }
  return {
    ...toSaleDto(row),
    salePaise: row.sale_amount_paise,
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

/** A sale's status (a cancellation: Active → Cancelled; the triggers take its money out of its plot's). */
export async function setSaleStatus(tdb: TenantDb, saleId: number, status: 'Active' | 'Cancelled'): Promise<void> {
  await tdb.updateTable('sales').set({ status }).where('id', '=', saleId).execute();
}
