import { type Paise, type PayoutAnswer, type PayoutCommand, type ProjectMoney, paise, toPaise } from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { voidColumns, voidDto } from '../../lib/entry-rows.repository.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import {
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
  investmentPaise: Paise;
  receivedPaise: Paise;
  /** The payouts part of `receivedPaise`. */
  payoutsPaise: Paise;
  /** Σ Pending receipt lines credited to the partner: not received yet, but reserved (`reservedDuePaise`). */
  pendingCreditedPaise: Paise;
}

/** `partner_id, Σ amount_paise` of one project's rows of a table, one row per partner. */
function sumsByPartner(
  tdb: TenantDb,
  table: 'purchase_entries' | 'development_entries' | 'partner_payouts',
  projectId: number,
) {
  return tdb
    .selectFrom(table)
    .select(['partner_id', sql<Paise>`sum(amount_paise)`.as('paise')])
    .where('project_id', '=', projectId)
    .groupBy('partner_id');
}

/** `partner_id, Σ amount_paise` of the project's paid (Completed) refunds' debits, one row per partner. */
function refundsPaidByPartner(tdb: TenantDb, projectId: number) {
  return tdb
    .selectFrom('sale_refund_debits as d')
    .innerJoin('sale_cancellations as c', 'c.id', 'd.cancellation_id')
    .select(['d.partner_id', sql<Paise>`sum(d.amount_paise)`.as('paise')])
    .where('c.project_id', '=', projectId)
    .where('c.refund_status', '=', sql.lit('Completed'))
    .groupBy('d.partner_id');
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
      .select(['partner_id', sql<Paise>`sum(amount_paise)`.as('paise')])
      .where('project_id', '=', projectId)
      .where('receipt_status', '=', sql.lit(status))
      .where('partner_id', 'is not', null)
      .groupBy('partner_id');
  return (
    tdb
      .selectFrom('projects as proj')
      .leftJoin('partner_projects as pp', 'pp.project_id', 'proj.id')
      .leftJoin('partners as p', 'p.id', 'pp.partner_id')
      .leftJoin(sumsByPartner(tdb, 'purchase_entries', projectId).as('pu'), 'pu.partner_id', 'p.id')
      .leftJoin(sumsByPartner(tdb, 'development_entries', projectId).as('de'), 'de.partner_id', 'p.id')
      .leftJoin(creditedLines('Completed').as('re'), 're.partner_id', 'p.id')
      .leftJoin(creditedLines('Pending').as('pe'), 'pe.partner_id', 'p.id')
      .leftJoin(sumsByPartner(tdb, 'partner_payouts', projectId).as('po'), 'po.partner_id', 'p.id')
      // Refunds of cancelled sales paid (Completed) out of each partner's hands (issue 20): less money held.
      .leftJoin(refundsPaidByPartner(tdb, projectId).as('rf'), 'rf.partner_id', 'p.id')
      .select([
        'p.id',
        'p.partner_name',
        'pp.percentage_share',
        'pu.paise as purchases',
        'de.paise as development',
        're.paise as receipts',
        'po.paise as payouts',
        'pe.paise as pending',
        'rf.paise as refunds',
      ])
      .where('proj.id', '=', projectId)
      .orderBy('p.partner_name')
      .orderBy('p.id')
  );
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
            investmentPaise: paise(Number(r.purchases ?? 0) + Number(r.development ?? 0)),
            receivedPaise: paise(Number(r.receipts ?? 0) + Number(r.payouts ?? 0) - Number(r.refunds ?? 0)),
            payoutsPaise: paise(Number(r.payouts ?? 0)),
            pendingCreditedPaise: paise(Number(r.pending ?? 0)),
          },
        ],
  );
}

/** `partnersMoneyQuery` with the project's Σ active sales, land and development, kept in project_money (0017). */
const projectPartnersMoneyQuery = fixedQuery((tdb: TenantDb, projectId: number) =>
  partnersMoneyQuery(tdb, projectId)
    .leftJoin('project_money as pm', 'pm.project_id', 'proj.id')
    .select(['pm.sale_paise as sale', 'pm.land_paise as land', 'pm.development_paise as development_total'])
    // Σ transfer fees charged on the project's active sales (0029): income, in the profit the partners share.
    .select(
      sql<number>`(select coalesce(sum(s.transfer_fee_paise), 0) from sales s where s.project_id = proj.id and s.status = 'Active')`.as(
        'transfer_fees',
      ),
    )
    // Σ retained on the project's cancelled sales: income, in the profit (issue 20).
    .select(
      sql<Paise | null>`(select sum(retained_paise) from sale_cancellations where project_id = proj.id)`.as(
        'forfeited',
      ),
    ),
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
      salePaise: paise(Number(first.sale ?? 0)),
      landPaise: paise(Number(first.land ?? 0)),
      developmentPaise: paise(Number(first.development_total ?? 0)),
      transferFeePaise: paise(Number(first.transfer_fees ?? 0)),
      forfeitedPaise: paise(Number(first.forfeited ?? 0)),
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
    payouts: rows.map((r) => ({ date: r.payout_date, amountPaise: r.amount_paise })),
  };
}

/** A payout as stored: amount in paise. */
export type PayoutRow = Omit<PayoutCommand, 'amount'> & { amountPaise: Paise };

/** Stores payouts, one statement per 1,000 (the seeds write many); the ids come back in the order of `payouts`. */
export async function insertPayouts(
  tdb: TenantDb,
  payouts: readonly PayoutRow[],
  userId: number | null,
): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < payouts.length; start += 1000) {
    const rows = await tdb
      .insertInto('partner_payouts')
      .values(
        payouts.slice(start, start + 1000).map((p) => ({
          project_id: p.projectId,
          partner_id: p.partnerId,
          payout_date: p.date,
          mode: p.mode,
          mode_detail: p.modeDetail,
          amount_paise: p.amountPaise,
          note: p.note,
          created_by: userId,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((row) => row.id));
  }
  return ids;
}

export async function insertPayout(tdb: TenantDb, input: PayoutCommand, userId: number): Promise<number> {
  const { amount, ...rest } = input;
  const [id] = await insertPayouts(tdb, [{ ...rest, amountPaise: toPaise(amount) }], userId);
  return id as number;
}

const PAYOUT_SEARCHED = [
  'partners.partner_name',
  'o.mode',
  'o.mode_detail',
  'o.note',
  "to_char(o.payout_date, 'DD/MM/YYYY')",
];

/** The live payouts (the view), or every payout, voided ones too (the base table: `?voided=include`). */
type From = 'partner_payouts' | 'partner_payout_rows';

/** A project's payouts (or one partner's: `partnerId`, else null), with the partner's name and the voider's. */
function payoutsOf(tdb: TenantDb, projectId: number, partnerId: number | null, from: From = 'partner_payouts') {
  const query = tdb
    .selectFrom(`${from} as o` as 'partner_payouts as o')
    .innerJoin('partners', 'partners.id', 'o.partner_id')
    .where('o.project_id', '=', projectId);
  return partnerId === null ? query : query.where('o.partner_id', '=', partnerId);
}

/**
 * A page of payouts (of `from`) and their totals; without a search, texts compiled once per shape
 * (lib/paging.repository.ts). The totals are always of the live payouts: a voided one is listed but counts in none.
 */
const payoutsPage = (from: From) =>
  pagedList(
    (
      tdb: TenantDb,
      page: PageRequest,
      search: RawBuilder<SqlBool> | null,
      projectId: number,
      partnerId: number | null,
    ) => {
      let query = payoutsOf(tdb, projectId, partnerId, from)
        .selectAll('o')
        .select(['partners.partner_name', ...voidColumns('o')]);
      if (search) query = query.where(search);
      return keysetPage(query, 'o.payout_date', 'o.id', page, 'date');
    },
    (tdb: TenantDb, search: RawBuilder<SqlBool> | null, projectId: number, partnerId: number | null) =>
      payoutsOf(tdb, projectId, partnerId).select(totalsSelection(search, 'o.amount_paise')),
    (text) => matchesSearch(PAYOUT_SEARCHED, text, [rupeesOf('o.amount_paise')]),
  );
const PAGES = { live: payoutsPage('partner_payouts'), all: payoutsPage('partner_payout_rows') };

/** One page of a project's payouts (or one partner's) in (date, id) order, with the count and Σ amount. */
export async function pagePayouts(
  tdb: TenantDb,
  where: { projectId: number; partnerId?: number },
  page: PageRequest,
  withVoided = false,
): Promise<Page<PayoutAnswer>> {
  const pages = PAGES[withVoided ? 'all' : 'live'];
  const { rows, totals } = await pages(tdb, page, where.projectId, where.partnerId ?? null);
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
      amount: r.amount_paise,
      note: r.note,
      ...voidDto(r),
    })),
    next: taken.next,
    totals: toTotals(totals),
  };
}
