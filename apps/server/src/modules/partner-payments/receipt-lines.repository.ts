import { type Paise, type PartnerReceiptAnswer, paise } from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import type { ListTotals, Page, PageRequest } from '../../lib/paging.js';
import { afterCursor, matchesSearch, rupeesOf, takePage } from '../../lib/paging.repository.js';

/**
 * A project's receipt lines as Payment To Partner lists them and the Payment Receipts report shows them: every
 * status, in (date, id) order, money in paise, with the counts and Σ by status.
 */

/** What Payment To Partner's receipts search: the cells it shows, and the date as typed either way. */
const RECEIPT_SEARCHED = [
  'receipts.receipt_no',
  'partners.partner_name',
  'l.particular',
  'l.mode',
  'l.mode_detail',
  'plots.plot_name',
  'l.receipt_status',
  "to_char(l.line_date, 'DD/MM/YYYY')",
  'l.line_date::text',
];
/** The Payment Receipts report searches any field it shows (spec 001 §4): also Credited To and Mode Date. */
const REPORT_RECEIPT_SEARCHED = [...RECEIPT_SEARCHED, 'l.credit_to', "to_char(l.mode_date, 'DD/MM/YYYY')"];

/** A project's receipt lines (every status) with their receipt's plot, the project and the partner. */
function receiptLinesOf(tdb: TenantDb, projectId: number) {
  return tdb
    .selectFrom('receipt_lines as l')
    .innerJoin('receipts', 'receipts.id', 'l.receipt_id')
    .innerJoin('plots', 'plots.id', 'receipts.plot_id')
    .innerJoin('projects', 'projects.id', 'l.project_id')
    .leftJoin('partners', 'partners.id', 'l.partner_id')
    .where('l.project_id', '=', projectId);
}

/** The columns of a project's receipt lines in (date, id) order: Payment To Partner's list and the reports. */
function selectReceiptLines(tdb: TenantDb, projectId: number) {
  return receiptLinesOf(tdb, projectId)
    .select([
      'l.id',
      'l.receipt_id',
      'receipts.receipt_no',
      'l.particular',
      'l.line_date',
      'l.mode',
      'l.mode_detail',
      'l.credit_to',
      'l.mode_date',
      'l.receipt_status',
      'l.partner_id',
      'l.amount_paise',
      'partners.partner_name',
      'plots.plot_name',
      'projects.project_name',
    ])
    .orderBy('l.line_date')
    .orderBy('l.id');
}

/** Counts and Σ by status of a project's receipt lines (after the search), in paise. */
export interface ReceiptLineTotals extends ListTotals {
  completedPaise: Paise;
  pendingPaise: Paise;
  cancelledPaise: Paise;
}

/**
 * One page of a project's receipt lines (every status) in (date, id) order, with the counts and Σ by status of
 * the whole (searched) list; `amountPaise` is Σ Completed, the money received. `searchAll` searches every field
 * of the Payment Receipts report instead of the cells of Payment To Partner's list. A limit of Infinity reads
 * every line (the exports).
 */
export async function pageReceiptLines(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
  options: { searchAll?: boolean } = {},
): Promise<Page<PartnerReceiptAnswer> & { totals: ReceiptLineTotals; projectFound: boolean }> {
  const searched = options.searchAll ? REPORT_RECEIPT_SEARCHED : RECEIPT_SEARCHED;
  const search = page.search ? matchesSearch(searched, page.search, [rupeesOf('l.amount_paise')]) : null;
  let query = selectReceiptLines(tdb, projectId);
  if (Number.isFinite(page.limit)) query = query.limit(page.limit + 1);
  if (search) query = query.where(search);
  if (page.after) query = query.where(afterCursor('l.line_date', 'l.id', page.after, 'date'));
  const [rows, totals] = await Promise.all([query.execute(), receiptLineTotals(tdb, projectId, search)]);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.line_date, id: r.id }));
  return {
    projectFound: totals.projectFound,
    rows: taken.rows.map((r) => ({
      receiptId: r.receipt_id,
      receiptNo: r.receipt_no,
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
      amount: r.amount_paise,
    })),
    next: taken.next,
    totals,
  };
}

/**
 * The counts and Σ by status of a project's receipt lines, and whether the project exists (in the same statement:
 * one round trip fewer for the report). Without a search they come from receipt_month_totals (kept by the lines'
 * trigger: a few rows per project); a search needs the joined plot and partner names.
 */
async function receiptLineTotals(
  tdb: TenantDb,
  projectId: number,
  search: RawBuilder<SqlBool> | null,
): Promise<ReceiptLineTotals & { projectFound: boolean }> {
  const row = await receiptLineTotalsQuery(tdb, projectId, search).executeTakeFirstOrThrow();
  return { ...toReceiptLineTotals(row), projectFound: row.project_found };
}

/** The totals' row, with `project_found`: whether the project exists. */
function receiptLineTotalsQuery(tdb: TenantDb, projectId: number, search: RawBuilder<SqlBool> | null) {
  const found = sql<boolean>`exists (select from projects where id = ${projectId})`.as('project_found');
  if (!search) {
    const byStatus = (status: string) =>
      sql<number>`coalesce(sum(t.total_paise) filter (where t.status = ${sql.lit(status)}), 0)`;
    return tdb
      .selectFrom('receipt_month_totals as t')
      .where('t.project_id', '=', projectId)
      .select([
        sql<number>`coalesce(sum(t.lines), 0)`.as('count'),
        sql<number>`coalesce(sum(t.lines), 0)`.as('unfiltered_count'),
        byStatus('Completed').as('completed'),
        byStatus('Pending').as('pending'),
        byStatus('Cancelled').as('cancelled'),
        found,
      ]);
  }
  const byStatus = (status: string) =>
    sql<number>`coalesce(sum(l.amount_paise) filter (where ${search} and l.receipt_status = ${status}), 0)`;
  return receiptLinesOf(tdb, projectId).select([
    sql<number>`count(*) filter (where ${search})`.as('count'),
    sql<number>`count(*)`.as('unfiltered_count'),
    byStatus('Completed').as('completed'),
    byStatus('Pending').as('pending'),
    byStatus('Cancelled').as('cancelled'),
    found,
  ]);
}

function toReceiptLineTotals(row: {
  count: number;
  unfiltered_count: number;
  completed: number;
  pending: number;
  cancelled: number;
}): ReceiptLineTotals {
  const completedPaise = paise(Number(row.completed));
  return {
    count: Number(row.count),
    unfilteredCount: Number(row.unfiltered_count),
    amountPaise: completedPaise,
    completedPaise,
    pendingPaise: paise(Number(row.pending)),
    cancelledPaise: paise(Number(row.cancelled)),
  };
}
