import {
  type PartnerReceiptDto,
  type PayoutCommand,
  type PayoutDto,
  type ProjectMoney,
  toPaise,
  toRupees,
} from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import type { ListTotals, Page, PageRequest } from '../../lib/paging.js';
import {
  afterCursor,
  keysetPage,
  matchesSearch,
  pagedList,
  rupeesOf,
  takePage,
  toTotals,
  totalsSelection,
} from '../../lib/paging.repository.js';

export interface PartnerMoneyRow {
  partnerId: number;
  partnerName: string;
  percentageShare: number | null;
  investmentPaise: number;
  receivedPaise: number;
  /** The payouts part of `receivedPaise`. */
  payoutsPaise: number;
  /** Σ Pending receipt lines credited to the partner: not received yet, but reserved (`reservedDuePaise`). */
  pendingCreditedPaise: number;
}

/** `partner_id, Σ amount_paise` of one project's rows of a table, one row per partner. */
function sumsByPartner(
  tdb: TenantDb,
  table: 'purchase_entries' | 'development_entries' | 'partner_payouts',
  projectId: number,
) {
  return tdb
    .selectFrom(table)
    .select(['partner_id', sql<number>`sum(amount_paise)`.as('paise')])
    .where('project_id', '=', projectId)
    .groupBy('partner_id');
}

/**
 * The project (one row per partner, or one row with no partner) with each partner's money: what they paid into
 * it (purchase and development entries: "Pay") and what they were handed out of it (Completed receipt lines
 * credited to them, and payouts: "Receive"), and the Pending receipt lines credited to them (reserved, not yet
 * received). Each table is summed once per partner over the project's rows, not once per partner row; all in one
 * statement, so a receipt cleared meanwhile is counted once, either as Pending or as Completed. No rows: no such
 * project.
 */
function partnersMoneyQuery(tdb: TenantDb, projectId: number) {
  const creditedLines = (status: 'Completed' | 'Pending') =>
    tdb
      .selectFrom('receipt_lines')
      .select(['partner_id', sql<number>`sum(amount_paise)`.as('paise')])
      .where('project_id', '=', projectId)
      .where('receipt_status', '=', sql.lit(status))
      .where('partner_id', 'is not', null)
      .groupBy('partner_id');
  return tdb
    .selectFrom('projects as proj')
    .leftJoin('partner_projects as pp', 'pp.project_id', 'proj.id')
    .leftJoin('partners as p', 'p.id', 'pp.partner_id')
    .leftJoin(sumsByPartner(tdb, 'purchase_entries', projectId).as('pu'), 'pu.partner_id', 'p.id')
    .leftJoin(sumsByPartner(tdb, 'development_entries', projectId).as('de'), 'de.partner_id', 'p.id')
    .leftJoin(creditedLines('Completed').as('re'), 're.partner_id', 'p.id')
    .leftJoin(creditedLines('Pending').as('pe'), 'pe.partner_id', 'p.id')
    .leftJoin(sumsByPartner(tdb, 'partner_payouts', projectId).as('po'), 'po.partner_id', 'p.id')
    .select([
      'p.id',
      'p.partner_name',
      'pp.percentage_share',
      'pu.paise as purchases',
      'de.paise as development',
      're.paise as receipts',
      'po.paise as payouts',
      'pe.paise as pending',
    ])
    .where('proj.id', '=', projectId)
    .orderBy('p.partner_name')
    .orderBy('p.id');
}

type PartnersMoneyRows = Awaited<ReturnType<ReturnType<typeof partnersMoneyQuery>['execute']>>;

function toPartnerMoney(rows: PartnersMoneyRows): PartnerMoneyRow[] {
  return rows.flatMap((r) =>
    r.id === null || r.partner_name === null
      ? []
      : [
          {
            partnerId: r.id,
            partnerName: r.partner_name,
            percentageShare: r.percentage_share,
            investmentPaise: Number(r.purchases ?? 0) + Number(r.development ?? 0),
            receivedPaise: Number(r.receipts ?? 0) + Number(r.payouts ?? 0),
            payoutsPaise: Number(r.payouts ?? 0),
            pendingCreditedPaise: Number(r.pending ?? 0),
          },
        ],
  );
}

const partnersMoneyFixed = fixedQuery(partnersMoneyQuery);

/** Each partner of a project with what they paid into it and were handed out of it (see `partnersMoneyQuery`). */
export async function partnersMoney(tdb: TenantDb, projectId: number): Promise<PartnerMoneyRow[]> {
  return toPartnerMoney(await partnersMoneyFixed(tdb, projectId));
}

/** `partnersMoneyQuery` with the project's Σ active sales, land and development, kept in project_money (0017). */
const projectPartnersMoneyQuery = fixedQuery((tdb: TenantDb, projectId: number) =>
  partnersMoneyQuery(tdb, projectId)
    .leftJoin('project_money as pm', 'pm.project_id', 'proj.id')
    .select(['pm.sale_paise as sale', 'pm.land_paise as land', 'pm.development_paise as development_total']),
);

/**
 * Payment To Partner's figures in one query: the project's money (Σ sales, land, development, as project_money
 * keeps them) and each partner's; undefined when there is no such project.
 */
export async function projectPartnersMoney(
  tdb: TenantDb,
  projectId: number,
): Promise<{ money: ProjectMoney; partners: PartnerMoneyRow[] } | undefined> {
  const rows = await projectPartnersMoneyQuery(tdb, projectId);
  const first = rows[0];
  if (!first) return undefined;
  return {
    money: {
      salePaise: Number(first.sale ?? 0),
      landPaise: Number(first.land ?? 0),
      developmentPaise: Number(first.development_total ?? 0),
    },
    partners: toPartnerMoney(rows),
  };
}

/** The partner's name when they hold a share in the project, else undefined. */
export async function findProjectPartner(tdb: TenantDb, projectId: number, partnerId: number) {
  const row = await tdb
    .selectFrom('partner_projects as pp')
    .innerJoin('partners as p', 'p.id', 'pp.partner_id')
    .select('p.partner_name')
    .where('pp.project_id', '=', projectId)
    .where('pp.partner_id', '=', partnerId)
    .executeTakeFirst();
  return row?.partner_name;
}

/**
 * Locks the projects' rows, in id order, until the transaction ends, and returns the ids and names of those that
 * exist. FOR NO KEY UPDATE: writers of partners' dues wait for each other (and for Add Partner's FOR UPDATE), while
 * rows that only refer to a project (a receipt, a plot) still insert freely.
 */
export async function lockProjectRows(tdb: TenantDb, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await tdb
    .selectFrom('projects')
    .select(['id', 'project_name'])
    .where('id', 'in', projectIds)
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  return rows.map((r) => ({ projectId: r.id, projectName: r.project_name }));
}

/** The latest `limit` payouts to a partner out of a project, newest first, and how many there are: what a refusal names. */
export async function latestPayoutsTo(tdb: TenantDb, projectId: number, partnerId: number, limit: number) {
  const rows = await tdb
    .selectFrom('partner_payouts')
    .select(['payout_date', 'amount_paise', sql<number>`count(*) over ()`.as('count')])
    .where('project_id', '=', projectId)
    .where('partner_id', '=', partnerId)
    .orderBy('payout_date', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return {
    count: Number(rows[0]?.count ?? 0),
    payouts: rows.map((r) => ({ date: r.payout_date, amountPaise: Number(r.amount_paise) })),
  };
}

/** What Payment To Partner's receipts search: the cells it shows, and the date as typed either way. */
const RECEIPT_SEARCHED = [
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
  completedPaise: number;
  pendingPaise: number;
  cancelledPaise: number;
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
): Promise<Page<PartnerReceiptDto> & { totals: ReceiptLineTotals; projectFound: boolean }> {
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
  const completedPaise = Number(row.completed);
  return {
    count: Number(row.count),
    unfilteredCount: Number(row.unfiltered_count),
    amountPaise: completedPaise,
    completedPaise,
    pendingPaise: Number(row.pending),
    cancelledPaise: Number(row.cancelled),
  };
}

export async function insertPayout(tdb: TenantDb, input: PayoutCommand, userId: number): Promise<number> {
  const row = await tdb
    .insertInto('partner_payouts')
    .values({
      project_id: input.projectId,
      partner_id: input.partnerId,
      payout_date: input.date,
      mode: input.mode,
      mode_detail: input.modeDetail,
      amount_paise: toPaise(input.amount),
      note: input.note,
      created_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const PAYOUT_SEARCHED = [
  'partners.partner_name',
  'o.mode',
  'o.mode_detail',
  'o.note',
  "to_char(o.payout_date, 'DD/MM/YYYY')",
];

/** A project's payouts (or one partner's: `partnerId`, else null), with the partner's name. */
function payoutsOf(tdb: TenantDb, projectId: number, partnerId: number | null) {
  const query = tdb
    .selectFrom('partner_payouts as o')
    .innerJoin('partners', 'partners.id', 'o.partner_id')
    .where('o.project_id', '=', projectId);
  return partnerId === null ? query : query.where('o.partner_id', '=', partnerId);
}

/** A page of payouts and their totals; without a search, texts compiled once per shape (lib/paging.repository.ts). */
const payoutsPage = pagedList(
  (
    tdb: TenantDb,
    page: PageRequest,
    search: RawBuilder<SqlBool> | null,
    projectId: number,
    partnerId: number | null,
  ) => {
    let query = payoutsOf(tdb, projectId, partnerId).selectAll('o').select('partners.partner_name');
    if (search) query = query.where(search);
    return keysetPage(query, 'o.payout_date', 'o.id', page, 'date');
  },
  (tdb: TenantDb, search: RawBuilder<SqlBool> | null, projectId: number, partnerId: number | null) =>
    payoutsOf(tdb, projectId, partnerId).select(totalsSelection(search, 'o.amount_paise')),
  (text) => matchesSearch(PAYOUT_SEARCHED, text, [rupeesOf('o.amount_paise')]),
);

/** One page of a project's payouts (or one partner's) in (date, id) order, with the count and Σ amount. */
export async function pagePayouts(
  tdb: TenantDb,
  where: { projectId: number; partnerId?: number },
  page: PageRequest,
): Promise<Page<PayoutDto>> {
  const { rows, totals } = await payoutsPage(tdb, page, where.projectId, where.partnerId ?? null);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.payout_date, id: r.id }));
  return {
    rows: taken.rows.map((r) => ({
      payoutId: r.id,
      projectId: r.project_id,
      partnerId: r.partner_id,
      partnerName: r.partner_name,
      date: r.payout_date,
      mode: r.mode,
      modeDetail: r.mode_detail,
      amount: toRupees(r.amount_paise),
      note: r.note,
    })),
    next: taken.next,
    totals: toTotals(totals),
  };
}
