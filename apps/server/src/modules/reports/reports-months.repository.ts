import { type InstallmentState, installmentState, type Paise, paise } from '@plotbook/domain';
import { type RawBuilder, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { rupees } from '../../lib/json-rows.js';

/**
 * A `date` column's calendar month (its first day, as a timestamp) to group by: cheap per row, unlike `to_char` of
 * a date (a time-zone conversion each row, ~20× slower on thousands of installments). `YYYY-MM` of a grouped month.
 */
const monthOf = (column: string) => sql<Date>`date_trunc('month', ${sql.ref(column)}::timestamp)`;
const monthText = (month: ReturnType<typeof sql>) => sql<string>`to_char(${month}, 'YYYY-MM')`;
/** Paise as the JSON number of rupees JavaScript's `toRupees` writes (lib/json-rows.ts `rupees`), as text. */
const rupeesText = (paise: RawBuilder<number>) => sql<string>`(${rupees(paise)})::text`;

/**
 * Each installment of the project's active sales with what installment money has paid of it (docs/design.md §7): a plot's
 * Σ Completed Installment lines pays its schedule oldest installment first. `emi_installments.paid_paise` holds that
 * allocation, kept by triggers (0016_plot_money) — the same figures as the domain's `allocateInstallments`, to the
 * paisa — so this is a plain read of the installments.
 */
function allocatedInstallments(tdb: TenantDb, projectId: number) {
  return tdb.with('alloc', (db) =>
    db
      .selectFrom('sales as s')
      .innerJoin('emi_installments as i', 'i.sale_id', 's.id')
      .select(['i.sale_id', 's.plot_id', 'i.installment_no', 'i.due_date', 'i.amount_paise', 'i.paid_paise'])
      .where('s.project_id', '=', projectId)
      .where('s.status', '=', sql.lit('Active'))
      // The same installments (copied from the sale, 0019_emi_month_totals): one range of the (project, due date)
      // index for a month's.
      .where('i.project_id', '=', projectId)
      .where('i.active', '=', sql.lit(true)),
  );
}

export interface MonthFiguresRow {
  month: string;
  /** Completed receipt lines other than Installment. */
  otherPaise: Paise;
  /** Completed Installment lines. */
  emiPaise: Paise;
  /** Installments (active sales) due in the month. */
  expectedPaise: Paise;
  /** What of those installments installment money has not paid. */
  pendingPaise: Paise;
  /** Refunds of cancelled sales paid (Completed) in the month (issue 20). */
  refundsPaise: Paise;
}

/**
 * Payment Details – Month Wise in one query: money received and EMI expected / pending per month, oldest first, from
 * the per-month totals triggers keep (receipt_month_totals, emi_month_totals: a few rows each, however many lines and
 * installments). Undefined when the project does not exist (checked in the same statement: one round trip fewer).
 */
export async function monthFigures(tdb: TenantDb, projectId: number): Promise<MonthFiguresRow[] | undefined> {
  const rows = await tdb
    // Installments of active sales due by month (a month with none has no row, or a row counting 0).
    .with('due', (db) =>
      db
        .selectFrom('emi_month_totals')
        .select([
          sql<Date>`month::timestamp`.as('month'),
          'amount_paise as expected',
          sql<Paise>`amount_paise - paid_paise`.as('pending'),
        ])
        .where('project_id', '=', projectId)
        .where('installments', '>', 0),
    )
    // Completed money by month from the totals the line triggers keep (Installment apart): a few rows.
    .with('received', (db) =>
      db
        .selectFrom('receipt_month_totals')
        .select([
          sql<Date>`month::timestamp`.as('month'),
          'installment_paise as emi',
          sql<Paise>`total_paise - installment_paise`.as('other'),
        ])
        .where('project_id', '=', projectId)
        .where('status', '=', sql.lit('Completed'))
        .where((eb) => eb.or([eb('total_paise', '<>', paise(0)), eb('installment_paise', '<>', paise(0))])),
    )
    // Refunds of cancelled sales by the month they were paid (issue 20): money out, apart from the receipts.
    .with('refunded', (db) =>
      db
        .selectFrom('sale_cancellations')
        .select([
          sql<Date>`date_trunc('month', refund_paid_date::timestamp)`.as('month'),
          sql<Paise>`sum(refund_paise)`.as('refunds'),
        ])
        .where('project_id', '=', projectId)
        .where('refund_status', '=', sql.lit('Completed'))
        .where('refund_paise', '>', paise(0))
        .groupBy(sql`1`),
    )
    .with('months', (db) =>
      db
        .selectFrom('due')
        .fullJoin('received', 'received.month', 'due.month')
        .fullJoin('refunded', (join) => join.on(sql<boolean>`refunded.month = coalesce(due.month, received.month)`))
        .select([
          monthText(sql`coalesce(due.month, received.month, refunded.month)`).as('month'),
          'received.other',
          'received.emi',
          'due.expected',
          'due.pending',
          'refunded.refunds',
        ]),
    )
    // The project's row, with no month when it has none; no row when there is no such project.
    .selectFrom('projects as p')
    .leftJoin('months as m', (join) => join.onTrue())
    .select(['m.month', 'm.other', 'm.emi', 'm.expected', 'm.pending', 'm.refunds'])
    .where('p.id', '=', projectId)
    .orderBy('m.month')
    .execute();
  if (rows.length === 0) return undefined;
  return rows.flatMap((r) =>
    r.month === null
      ? []
      : [
          {
            month: r.month,
            otherPaise: paise(Number(r.other ?? 0)),
            emiPaise: paise(Number(r.emi ?? 0)),
            expectedPaise: paise(Number(r.expected ?? 0)),
            pendingPaise: paise(Number(r.pending ?? 0)),
            refundsPaise: paise(Number(r.refunds ?? 0)),
          },
        ],
  );
}

/**
 * Payment Expected – Month Wise as the API's JSON, written by PostgreSQL (lib/json-rows.ts): the installments of the
 * project's active sales due each month (Σ as `expectedEmi`) with the plots owing them, by due date then plot name
 * (then sale), oldest month first; `totals.expectedEmi` is the Σ of the months. Each due date's count, Σ and names
 * (in that order, as JSON strings) are kept by triggers (0020_emi_due_names), so this reads a row per due date and
 * joins the days by month, instead of joining every installment to its plot's name and sorting them (bench: 6,000).
 * Undefined when the project does not exist (checked in the same statement: one round trip fewer).
 */
export async function expectedByMonthJson(tdb: TenantDb, projectId: number): Promise<string | undefined> {
  const { rows } = await sql<{ json: string }>`
    with months as (
      select ${monthOf('due_date')} as month, sum(amount_paise) as expected,
        string_agg(names, ',' order by due_date) as names
      from emi_due_names
      where project_id = ${projectId} and installments > 0
      group by 1
    )
    select (select concat(
      '{"data":[',
      string_agg(
        concat('{"month":', to_json(${monthText(sql`month`)})::text, ',"expectedEmi":', ${rupeesText(sql<number>`expected`)},
          ',"plotNames":[', names, ']}'),
        ',' order by month
      ),
      '],"totals":{"expectedEmi":', ${rupeesText(sql<number>`coalesce(sum(expected), 0)`)}, '}}'
    ) from months) as json
    where exists (select from projects where id = ${projectId})`.execute(tdb);
  return rows[0]?.json;
}

export interface AllocatedInstallmentRow {
  saleId: number;
  plotId: number;
  plotName: string;
  installmentNo: number;
  dueDate: string;
  amountPaise: Paise;
  paidPaise: Paise;
  state: InstallmentState;
}

/**
 * The project's installments due in [from, before) (`YYYY-MM-DD`), each with what installment money has paid of it
 * and its state on `today` (docs/design.md §7: paid, overdue once past due and not paid, part-paid, due); by due date, plot.
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
    amountPaise: paise(Number(r.amount_paise)),
    paidPaise: paise(Number(r.paid_paise)),
    // The domain's rule, not a second copy in SQL.
    state: installmentState(
      { dueDate: r.due_date, amountPaise: paise(Number(r.amount_paise)) },
      paise(Number(r.paid_paise)),
      today,
    ),
  }));
}
