import type { InstallmentState } from '@plotbook/domain';
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
      // Σ Completed receipt lines, from the per-month totals their triggers keep: a few rows per project.
      eb
        .selectFrom('receipt_month_totals')
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
            // = category <> 'per_project' (a CHECK ties the two): read from the (project_id, plot_id) index alone.
            .where('plot_id', 'is not', null)
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
      .where('plot_id', 'is', null) // = category 'per_project'
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

/**
 * A `date` column's calendar month (its first day, as a timestamp) to group by: cheap per row, unlike `to_char` of
 * a date (a time-zone conversion each row, ~20× slower on thousands of installments). `YYYY-MM` of a grouped month.
 */
const monthOf = (column: string) => sql<Date>`date_trunc('month', ${sql.ref(column)}::timestamp)`;
const monthText = (month: ReturnType<typeof sql>) => sql<string>`to_char(${month}, 'YYYY-MM')`;

/**
 * Each installment of the project's active sales with what installment money has paid of it (DESIGN §7), as a
 * query for the callers to aggregate: a plot's Σ Completed Installment lines pays its schedule oldest installment
 * first, so installment i gets clamp(paid − Σ amounts before it, 0, amount) — the running Σ is a window over the
 * sale's installments by number. The same figures as the domain's `allocateInstallments`, to the paisa.
 */
function allocatedInstallments(tdb: TenantDb, projectId: number) {
  return tdb
    .with('paid', (db) =>
      db
        .selectFrom('receipt_lines as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select(['r.plot_id', sql<number>`sum(l.amount_paise)::bigint`.as('paid_paise')])
        .where('l.project_id', '=', projectId)
        .where('l.receipt_status', '=', 'Completed')
        .where('l.particular', '=', 'Installment')
        // The same rows named on the receipt too (the lines carry copies): both sides are read from an index.
        .where('r.project_id', '=', projectId)
        .where('r.status', '=', 'Completed')
        .groupBy('r.plot_id'),
    )
    .with('alloc', (db) =>
      db
        .selectFrom('sales as s')
        .innerJoin('emi_installments as i', 'i.sale_id', 's.id')
        .leftJoin('paid as p', 'p.plot_id', 's.plot_id')
        .select([
          'i.sale_id',
          's.plot_id',
          'i.installment_no',
          'i.due_date',
          'i.amount_paise',
          // bigint throughout (a sum is numeric): cheaper arithmetic on every installment.
          sql<number>`least(i.amount_paise, greatest(0, coalesce(p.paid_paise, 0) - ((sum(i.amount_paise) over (
            partition by i.sale_id order by i.installment_no rows between unbounded preceding and current row
          ))::bigint - i.amount_paise)))`.as('paid_paise'),
        ])
        .where('s.project_id', '=', projectId)
        .where('s.status', '=', 'Active'),
    );
}

export interface MonthFiguresRow {
  month: string;
  /** Completed receipt lines other than Installment. */
  otherPaise: number;
  /** Completed Installment lines. */
  emiPaise: number;
  /** Installments (active sales) due in the month. */
  expectedPaise: number;
  /** What of those installments installment money has not paid. */
  pendingPaise: number;
}

/** Payment Details – Month Wise in one query: money received and EMI expected / pending per month, oldest first. */
export async function monthFigures(tdb: TenantDb, projectId: number): Promise<MonthFiguresRow[]> {
  const rows = await allocatedInstallments(tdb, projectId)
    .with('due', (db) =>
      db
        .selectFrom('alloc')
        .select([
          monthOf('due_date').as('month'),
          sql<number>`sum(amount_paise)`.as('expected'),
          sql<number>`sum(amount_paise - paid_paise)`.as('pending'),
        ])
        .groupBy(monthOf('due_date')),
    )
    .with('received', (db) =>
      db
        .selectFrom('receipt_lines')
        .select([
          monthOf('line_date').as('month'),
          sql<number>`coalesce(sum(amount_paise) filter (where particular = 'Installment'), 0)`.as('emi'),
          sql<number>`coalesce(sum(amount_paise) filter (where particular <> 'Installment'), 0)`.as('other'),
        ])
        .where('project_id', '=', projectId)
        .where('receipt_status', '=', 'Completed')
        .groupBy(monthOf('line_date')),
    )
    .selectFrom('due')
    .fullJoin('received', 'received.month', 'due.month')
    .select([
      monthText(sql`coalesce(due.month, received.month)`).as('month'),
      'received.other',
      'received.emi',
      'due.expected',
      'due.pending',
    ])
    .orderBy(sql`1`)
    .execute();
  return rows.map((r) => ({
    month: r.month,
    otherPaise: Number(r.other ?? 0),
    emiPaise: Number(r.emi ?? 0),
    expectedPaise: Number(r.expected ?? 0),
    pendingPaise: Number(r.pending ?? 0),
  }));
}

export interface ExpectedMonthRow {
  month: string;
  expectedPaise: number;
  /** The plots owing an installment in the month, by due date then plot name. */
  plotNames: string[];
}

/** Payment Expected – Month Wise: the installments (active sales) due each month, oldest first. */
export async function expectedByMonth(tdb: TenantDb, projectId: number): Promise<ExpectedMonthRow[]> {
  const month = monthOf('i.due_date');
  const rows = await tdb
    .selectFrom('sales as s')
    .innerJoin('emi_installments as i', 'i.sale_id', 's.id')
    .innerJoin('plots as pl', 'pl.id', 's.plot_id')
    .select([
      monthText(month).as('month'),
      sql<number>`sum(i.amount_paise)`.as('expected'),
      // One JSON array per month: the driver parses it in one go instead of a row per installment.
      sql<string[]>`json_agg(pl.plot_name order by i.due_date, pl.plot_name, s.id)`.as('plots'),
    ])
    .where('s.project_id', '=', projectId)
    .where('s.status', '=', 'Active')
    .groupBy(month)
    .orderBy(month)
    .execute();
  return rows.map((r) => ({ month: r.month, expectedPaise: Number(r.expected), plotNames: r.plots }));
}

export interface AllocatedInstallmentRow {
  saleId: number;
  plotId: number;
  plotName: string;
  installmentNo: number;
  dueDate: string;
  amountPaise: number;
  paidPaise: number;
  state: InstallmentState;
}

/**
 * The project's installments due in [from, before) (`YYYY-MM-DD`), each with what installment money has paid of it
 * and its state on `today` (DESIGN §7: paid, overdue once past due and not paid, part-paid, due); by due date, plot.
 */
export async function allocatedInstallmentsDue(
  tdb: TenantDb,
  projectId: number,
  range: { from: string; before: string },
  today: string,
): Promise<AllocatedInstallmentRow[]> {
  const rows = await allocatedInstallments(tdb, projectId)
    .selectFrom('alloc as a')
    .innerJoin('plots as pl', 'pl.id', 'a.plot_id')
    .select([
      'a.sale_id',
      'a.plot_id',
      'pl.plot_name',
      'a.installment_no',
      'a.due_date',
      'a.amount_paise',
      'a.paid_paise',
      sql<InstallmentState>`case
        when a.paid_paise >= a.amount_paise then 'paid'
        when a.due_date < ${today}::date then 'overdue'
        when a.paid_paise > 0 then 'part-paid'
        else 'due' end`.as('state'),
    ])
    .where('a.due_date', '>=', range.from)
    .where('a.due_date', '<', range.before)
    .orderBy('a.due_date')
    .orderBy('pl.plot_name')
    .orderBy('a.sale_id')
    .orderBy('a.installment_no')
    .execute();
  return rows.map((r) => ({
    saleId: r.sale_id,
    plotId: r.plot_id,
    plotName: r.plot_name,
    installmentNo: r.installment_no,
    dueDate: r.due_date,
    amountPaise: Number(r.amount_paise),
    paidPaise: Number(r.paid_paise),
    state: r.state,
  }));
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
