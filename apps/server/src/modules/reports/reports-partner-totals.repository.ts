import { type Paise, type PartnerRowSource, paise, sumPaise } from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import type { ListTotals } from '../../lib/paging.js';

/**
 * Whether the scope's project exists and (with a partner) whether that partner holds a share in it: checked in the
 * totals' statement, one round trip fewer for the report. The rows of a scope not found are empty.
 */
export interface PartnerScopeFound {
  project: boolean;
  partner: boolean;
}

/** Counts (after and without the search) and Σ Pay, Σ Receive of the whole (searched) list, in paise. */
export interface PartnerEntryTotals extends ListTotals {
  payPaise: Paise;
  receivePaise: Paise;
}

/**
 * Which partners' money: every partner holding a share in the project (the Project Wise Partner Summary), or one
 * of them (Partner Payment Details); `searchPartnerName` adds the partner's name to what the search looks at
 * (spec 001 §4: the summary searches partner name, particular, mode and credited-to; the details the last three).
 */
export interface PartnerEntryScope {
  projectId: number;
  partnerId?: number;
  searchPartnerName: boolean;
}

/** The partners holding a share in the project: only their money counts on the partner reports. */
export const partnersSharing = (tdb: TenantDb, projectId: number) =>
  tdb
    .selectFrom('partner_projects')
    .select('partner_projects.partner_id')
    .where('partner_projects.project_id', '=', projectId);

function partnerEntryTotalsQuery(
  tdb: TenantDb,
  scope: PartnerEntryScope,
  searches: Record<PartnerRowSource, RawBuilder<SqlBool> | null>,
) {
  const { projectId, partnerId } = scope;
  const sums = (part: number, search: RawBuilder<SqlBool> | null, amount: string, negative = false) => {
    const where = search ?? sql<SqlBool>`true`;
    const sign = negative ? sql`-` : sql``;
    return [
      sql<number>`${sql.lit(part)}`.as('part'),
      sql<number>`count(*) filter (where ${where})`.as('count'),
      sql<number>`count(*)`.as('unfiltered_count'),
      sql<Paise>`${sign}coalesce(sum(${sql.ref(amount)}) filter (where ${where}), 0)`.as('paise'),
    ];
  };
  // The partner's name is needed only by the summary's search (every entry's partner exists: a foreign key).
  const named = scope.searchPartnerName && Object.values(searches).some((search) => search !== null);
  const sharing = partnerId === undefined ? partnersSharing(tdb, projectId) : [partnerId];
  const purchases = tdb
    .selectFrom('purchase_entries as e')
    .$if(named, (q) => q.innerJoin('partners as p', 'p.id', 'e.partner_id'))
    .select(sums(0, searches.purchase, 'e.amount_paise'))
    .where('e.project_id', '=', projectId)
    .where('e.partner_id', 'in', sharing);
  const development = tdb
    .selectFrom('development_entries as e')
    .$if(named, (q) => q.innerJoin('partners as p', 'p.id', 'e.partner_id'))
    .select(sums(1, searches.development, 'e.amount_paise'))
    .where('e.project_id', '=', projectId)
    .where('e.partner_id', 'in', sharing);
  const lines = tdb
    .selectFrom('receipt_lines as l')
    .$if(named, (q) => q.innerJoin('partners as p', 'p.id', 'l.partner_id'))
    .select(sums(2, searches.receipt, 'l.amount_paise'))
    .where('l.project_id', '=', projectId)
    // A literal, not a parameter, and `partner_id is not null` though `partner_id in (…)` implies it: so the partial
    // index receipt_lines_partner_money_idx applies to the cached generic plan too (with a parameter, that plan read
    // every line of the project, and the totals were planned afresh on every request).
    .where('l.receipt_status', '=', sql.lit('Completed'))
    .where('l.partner_id', 'is not', null)
    .where('l.partner_id', 'in', sharing);
  const payouts = tdb
    .selectFrom('partner_payouts as o')
    .$if(named, (q) => q.innerJoin('partners as p', 'p.id', 'o.partner_id'))
    .select(sums(3, searches.payout, 'o.amount_paise'))
    .where('o.project_id', '=', projectId)
    .where('o.partner_id', 'in', sharing);
  // Refunds paid back by partners (issue 20): negative Receive.
  const refunds = tdb
    .selectFrom('sale_refund_debits as d')
    .innerJoin('sale_cancellations as c', 'c.id', 'd.cancellation_id')
    .$if(named, (q) => q.innerJoin('partners as p', 'p.id', 'd.partner_id'))
    .select(sums(4, searches.refund, 'd.amount_paise', true))
    .where('c.project_id', '=', projectId)
    .where('c.refund_status', '=', sql.lit('Completed'))
    .where('d.partner_id', 'in', sharing);
  // The checks as a sixth row (part 5): count = the project exists, unfiltered_count = the partner holds a share.
  const checks = tdb.selectNoFrom([
    sql<number>`5`.as('part'),
    sql<number>`(select count(*) from projects where id = ${projectId})`.as('count'),
    (partnerId === undefined
      ? sql<number>`0`
      : sql<number>`(select count(*) from partner_projects where project_id = ${projectId} and partner_id = ${partnerId})`
    ).as('unfiltered_count'),
    sql<Paise>`0`.as('paise'),
  ]);
  return purchases.unionAll(development).unionAll(lines).unionAll(payouts).unionAll(refunds).unionAll(checks);
}

export const NO_SEARCH = { purchase: null, development: null, receipt: null, payout: null, refund: null };

/** The totals without a search, compiled once per shape (lib/fixed-query.ts). */
const unsearchedTotals = fixedQuery((tdb: TenantDb, projectId: number, partnerId: number | null) =>
  partnerEntryTotalsQuery(tdb, { projectId, partnerId: partnerId ?? undefined, searchPartnerName: false }, NO_SEARCH),
);

/**
 * The counts and Σ Pay / Σ Receive of the partners' money of a project (or one partner), over every row: the
 * same parts as `pagePartnerEntries`, each summed on its own (no merge, no order), with the search.
 */
export async function partnerEntryTotals(
  tdb: TenantDb,
  scope: PartnerEntryScope,
  searches: Record<PartnerRowSource, RawBuilder<SqlBool> | null>,
): Promise<PartnerEntryTotals & { found: PartnerScopeFound }> {
  const rows = Object.values(searches).every((search) => search === null)
    ? await unsearchedTotals(tdb, scope.projectId, scope.partnerId ?? null)
    : await partnerEntryTotalsQuery(tdb, scope, searches).execute();
  const of = (part: number) => rows.find((r) => Number(r.part) === part);
  const paiseOf = (...parts: number[]) => sumPaise(parts.map((part) => paise(Number(of(part)?.paise ?? 0))));
  const money = rows.filter((r) => Number(r.part) < 5);
  const count = (key: 'count' | 'unfiltered_count') => money.reduce((n, r) => n + Number(r[key]), 0);
  const check = of(5);
  return {
    count: count('count'),
    unfilteredCount: count('unfiltered_count'),
    payPaise: paiseOf(0, 1),
    receivePaise: paiseOf(2, 3, 4),
    found: { project: Number(check?.count ?? 0) > 0, partner: Number(check?.unfiltered_count ?? 0) > 0 },
  };
}
