import type { Installment } from '@plotbook/domain';
import { sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { selectReceiptLines } from '../partner-payments/partner-payments.repository.js';

/** `coalesce(sum(column), 0)`: a total of no rows is 0. */
const total = (column: string) => sql<number>`coalesce(sum(${sql.ref(column)}), 0)`;
const iso = (d: Date | string) => new Date(d).toISOString();

export interface ProjectMoneyRow {
  projectId: number;
  projectName: string;
  createdDate: string;
  salePaise: number;
  landPaise: number;
  developmentPaise: number;
  receivedPaise: number;
}

/**
 * Every project created in [from, before) (either bound optional) with Σ active sales, Σ purchase entries (land),
 * Σ development entries and Σ Completed receipt lines, in paise; oldest first.
 */
export async function projectsMoney(tdb: TenantDb, range: { from?: Date; before?: Date }): Promise<ProjectMoneyRow[]> {
  let query = tdb
    .selectFrom('projects as p')
    .select((eb) => [
      'p.id',
      'p.project_name',
      'p.created_at',
      eb
        .selectFrom('sales')
        .select(total('sale_amount_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .where('status', '=', 'Active')
        .as('sale'),
      eb
        .selectFrom('purchase_entries')
        .select(total('amount_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .as('land'),
      eb
        .selectFrom('development_entries')
        .select(total('amount_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .as('development'),
      eb
        .selectFrom('receipts')
        .select(total('total_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .where('status', '=', 'Completed')
        .as('received'),
    ])
    .orderBy('p.created_at')
    .orderBy('p.id');
  if (range.from) query = query.where('p.created_at', '>=', range.from);
  if (range.before) query = query.where('p.created_at', '<', range.before);
  const rows = await query.execute();
  return rows.map((r) => ({
    projectId: r.id,
    projectName: r.project_name,
    createdDate: iso(r.created_at),
    salePaise: Number(r.sale ?? 0),
    landPaise: Number(r.land ?? 0),
    developmentPaise: Number(r.development ?? 0),
    receivedPaise: Number(r.received ?? 0),
  }));
}

export interface PlotMoneyRow {
  plotId: number;
  plotName: string;
  area: number;
  createdDate: string;
  salePaise: number;
  receivedPaise: number;
  /** per_plot and per_sqft development entries charged to the plot. */
  directPaise: number;
}

export interface PlotReportData {
  plots: PlotMoneyRow[];
  landPaise: number;
  /** per_project development by particular (each a pool spread by area share, as Project Profile does). */
  sharedDevelopment: { particular: string; paise: number }[];
}

/** What the plot-wise report needs: each plot's sale, receipts and direct charges, and the shared cost pools. */
export async function plotReportData(tdb: TenantDb, projectId: number): Promise<PlotReportData> {
  const [plots, land, shared] = await Promise.all([
    tdb
      .selectFrom('plots as pl')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('sales')
            .select(['plot_id', total('sale_amount_paise').as('n')])
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .groupBy('plot_id')
            .as('sale'),
        (join) => join.onRef('sale.plot_id', '=', 'pl.id'),
      )
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('receipts')
            .select(['plot_id', total('total_paise').as('n')])
            .where('project_id', '=', projectId)
            .where('status', '=', 'Completed')
            .groupBy('plot_id')
            .as('received'),
        (join) => join.onRef('received.plot_id', '=', 'pl.id'),
      )
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('development_entries')
            .select(['plot_id', total('amount_paise').as('n')])
            .where('project_id', '=', projectId)
            .where('category', '<>', 'per_project')
            .groupBy('plot_id')
            .as('direct'),
        (join) => join.onRef('direct.plot_id', '=', 'pl.id'),
      )
      .where('pl.project_id', '=', projectId)
      .select([
        'pl.id',
        'pl.plot_name',
        'pl.total_plot_size',
        'pl.created_at',
        'sale.n as sale',
        'received.n as received',
        'direct.n as direct',
      ])
      .orderBy('pl.id')
      .execute(),
    tdb
      .selectFrom('purchase_entries')
      .select(total('amount_paise').as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow(),
    tdb
      .selectFrom('development_entries')
      .select(['particular', total('amount_paise').as('n'), sql<number>`min(id)`.as('first')])
      .where('project_id', '=', projectId)
      .where('category', '=', 'per_project')
      .groupBy('particular')
      .orderBy('first')
      .execute(),
  ]);
  return {
    plots: plots.map((r) => ({
      plotId: r.id,
      plotName: r.plot_name,
      area: Number(r.total_plot_size),
      createdDate: iso(r.created_at),
      salePaise: Number(r.sale ?? 0),
      receivedPaise: Number(r.received ?? 0),
      directPaise: Number(r.direct ?? 0),
    })),
    landPaise: Number(land.n),
    sharedDevelopment: shared.map((s) => ({ particular: s.particular, paise: Number(s.n) })),
  };
}

/** Every receipt line of a project (all statuses) in (date, id) order. */
export async function receiptLines(tdb: TenantDb, projectId: number) {
  const rows = await selectReceiptLines(tdb, projectId).execute();
  return rows.map((r) => ({
    receiptId: r.receipt_id,
    lineId: r.id,
    projectName: r.project_name,
    plotName: r.plot_name,
    particular: r.particular,
    date: r.line_date,
    mode: r.mode,
    modeDetail: r.mode_detail,
    creditTo: r.credit_to,
    modeDate: r.mode_date,
    status: r.receipt_status,
    partnerId: r.partner_id,
    partnerName: r.partner_name,
    amountPaise: Number(r.amount_paise),
  }));
}

/** Σ receipt lines of a project by status, in paise. */
export async function receiptTotalsByStatus(tdb: TenantDb, projectId: number) {
  const rows = await tdb
    .selectFrom('receipt_lines')
    .select(['receipt_status', total('amount_paise').as('n')])
    .where('project_id', '=', projectId)
    .groupBy('receipt_status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.receipt_status === status)?.n ?? 0);
  return { Completed: of('Completed'), Pending: of('Pending'), Cancelled: of('Cancelled') };
}

/** The project's purchase entries (money paid to the farmer) in (date, id) order, and their Σ. */
export async function purchaseEntries(tdb: TenantDb, projectId: number) {
  const scoped = tdb.selectFrom('purchase_entries as e').where('e.project_id', '=', projectId);
  const [rows, sum] = await Promise.all([
    scoped
      .leftJoin('partners', 'partners.id', 'e.partner_id')
      .select([
        'e.id',
        'e.particular',
        'e.entry_date',
        'e.mode',
        'e.mode_detail',
        'e.credit_to',
        'e.mode_date',
        'e.partner_id',
        'e.amount_paise',
        'partners.partner_name',
      ])
      .orderBy('e.entry_date')
      .orderBy('e.id')
      .execute(),
    scoped.select(total('e.amount_paise').as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    rows: rows.map((r) => ({
      plotPurchaseId: r.id,
      particular: r.particular,
      date: r.entry_date,
      mode: r.mode,
      modeDetail: r.mode_detail,
      creditTo: r.credit_to,
      modeDate: r.mode_date,
      partnerId: r.partner_id,
      partnerName: r.partner_name,
      amountPaise: Number(r.amount_paise),
    })),
    totalPaise: Number(sum.n),
  };
}

/** Completed receipt money of a project per month (`YYYY-MM`): Installment lines and the other lines apart. */
export async function receivedByMonth(tdb: TenantDb, projectId: number) {
  const month = sql<string>`to_char(line_date, 'YYYY-MM')`;
  const rows = await tdb
    .selectFrom('receipt_lines')
    .select([
      month.as('month'),
      sql<number>`coalesce(sum(amount_paise) filter (where particular = 'Installment'), 0)`.as('emi'),
      sql<number>`coalesce(sum(amount_paise) filter (where particular <> 'Installment'), 0)`.as('other'),
    ])
    .where('project_id', '=', projectId)
    .where('receipt_status', '=', 'Completed')
    .groupBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, emiPaise: Number(r.emi), otherPaise: Number(r.other) }));
}

export interface SaleSchedule {
  saleId: number;
  plotId: number;
  plotName: string;
  /** Σ Completed Installment lines of the plot: what pays the schedule, oldest installment first. */
  installmentPaidPaise: number;
  schedule: Installment[];
}

/** The EMI schedules of the project's active sales, each with the installment money received for its plot. */
export async function projectSchedules(tdb: TenantDb, projectId: number): Promise<SaleSchedule[]> {
  const [installments, paid] = await Promise.all([
    tdb
      .selectFrom('emi_installments as i')
      .innerJoin('sales', 'sales.id', 'i.sale_id')
      .innerJoin('plots', 'plots.id', 'sales.plot_id')
      .select(['i.sale_id', 'sales.plot_id', 'plots.plot_name', 'i.installment_no', 'i.due_date', 'i.amount_paise'])
      .where('sales.project_id', '=', projectId)
      .where('sales.status', '=', 'Active')
      .orderBy('i.sale_id')
      .orderBy('i.installment_no')
      .execute(),
    tdb
      .selectFrom('receipt_lines as l')
      .innerJoin('receipts', 'receipts.id', 'l.receipt_id')
      .select(['receipts.plot_id', total('l.amount_paise').as('n')])
      .where('l.project_id', '=', projectId)
      .where('l.receipt_status', '=', 'Completed')
      .where('l.particular', '=', 'Installment')
      .groupBy('receipts.plot_id')
      .execute(),
  ]);
  const paidByPlot = new Map(paid.map((p) => [p.plot_id, Number(p.n)]));
  const bySale = new Map<number, SaleSchedule>();
  for (const i of installments) {
    let sale = bySale.get(i.sale_id);
    if (!sale) {
      sale = {
        saleId: i.sale_id,
        plotId: i.plot_id,
        plotName: i.plot_name,
        installmentPaidPaise: paidByPlot.get(i.plot_id) ?? 0,
        schedule: [],
      };
      bySale.set(i.sale_id, sale);
    }
    sale.schedule.push({ installmentNo: i.installment_no, dueDate: i.due_date, amountPaise: Number(i.amount_paise) });
  }
  return [...bySale.values()];
}

export interface PartnerEntryRow {
  source: 'purchase' | 'development' | 'receipt' | 'payout';
  sourceId: number;
  partnerId: number;
  partnerName: string;
  particular: string;
  date: string;
  mode: string;
  modeDate: string | null;
  creditTo: string | null;
  modeDetail: string | null;
  payReceive: 'Pay' | 'Receive';
  amountPaise: number;
}

/** What a payout row shows under Particular. */
export const PAYOUT_PARTICULAR = 'Payment To Partner';

/**
 * The partners' money of a project, one row per entry (DESIGN §7): purchase and development entries a partner
 * paid are Pay; Completed receipt lines credited to a partner and payouts to them are Receive. Only partners
 * holding a share in the project count (as on Payment To Partner). Ordered by date, then partner, source, id.
 */
export async function partnerEntries(tdb: TenantDb, projectId: number, partnerId?: number): Promise<PartnerEntryRow[]> {
  const entryColumns = [
    'e.id as source_id',
    'e.partner_id',
    'e.particular',
    'e.entry_date as date',
    'e.mode',
    'e.mode_date',
    'e.credit_to',
    'e.mode_detail',
    sql.lit('Pay').as('pay_receive'),
    'e.amount_paise',
  ] as const;
  const purchases = tdb
    .selectFrom('purchase_entries as e')
    .select([sql.lit('purchase').as('source'), ...entryColumns])
    .where('e.project_id', '=', projectId);
  const development = tdb
    .selectFrom('development_entries as e')
    .select([sql.lit('development').as('source'), ...entryColumns])
    .where('e.project_id', '=', projectId);
  const lines = tdb
    .selectFrom('receipt_lines as l')
    .select([
      sql.lit('receipt').as('source'),
      'l.id as source_id',
      'l.partner_id',
      'l.particular',
      'l.line_date as date',
      'l.mode',
      'l.mode_date',
      'l.credit_to',
      'l.mode_detail',
      sql.lit('Receive').as('pay_receive'),
      'l.amount_paise',
    ])
    .where('l.project_id', '=', projectId)
    .where('l.receipt_status', '=', 'Completed');
  const payouts = tdb
    .selectFrom('partner_payouts as o')
    .select([
      sql.lit('payout').as('source'),
      'o.id as source_id',
      'o.partner_id',
      sql.lit(PAYOUT_PARTICULAR).as('particular'),
      'o.payout_date as date',
      'o.mode',
      sql<string | null>`null::date`.as('mode_date'),
      sql<string | null>`null::text`.as('credit_to'),
      'o.mode_detail',
      sql.lit('Receive').as('pay_receive'),
      'o.amount_paise',
    ])
    .where('o.project_id', '=', projectId);
  const all = purchases.unionAll(development).unionAll(lines).unionAll(payouts);
  let query = tdb
    .selectFrom(all.as('m'))
    .innerJoin('partner_projects as pp', (join) =>
      join.onRef('pp.partner_id', '=', 'm.partner_id').on('pp.project_id', '=', projectId),
    )
    .innerJoin('partners as p', 'p.id', 'm.partner_id')
    .selectAll('m')
    .select('p.partner_name')
    .orderBy('m.date')
    .orderBy('p.partner_name')
    .orderBy('m.partner_id')
    .orderBy(sql`case m.source when 'purchase' then 1 when 'development' then 2 when 'receipt' then 3 else 4 end`)
    .orderBy('m.source_id');
  if (partnerId !== undefined) query = query.where('m.partner_id', '=', partnerId);
  const rows = await query.execute();
  return rows.map((r) => ({
    source: r.source as PartnerEntryRow['source'],
    sourceId: r.source_id,
    partnerId: r.partner_id as number,
    partnerName: r.partner_name,
    particular: r.particular,
    date: r.date,
    mode: r.mode,
    modeDate: r.mode_date,
    creditTo: r.credit_to,
    modeDetail: r.mode_detail,
    payReceive: r.pay_receive as 'Pay' | 'Receive',
    amountPaise: Number(r.amount_paise),
  }));
}
