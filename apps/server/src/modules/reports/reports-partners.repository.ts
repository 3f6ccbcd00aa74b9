import { PARTNER_ROW_SOURCES, type Paise, type PartnerRowSource, paise } from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { afterCursorInPart, matchesSearch, takePage } from '../../lib/paging.repository.js';
import {
  NO_SEARCH,
  type PartnerEntryScope,
  type PartnerEntryTotals,
  type PartnerScopeFound,
  partnerEntryTotals,
  partnersSharing,
} from './reports-partner-totals.repository.js';

export interface PartnerEntryRow {
  source: PartnerRowSource;
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
  amountPaise: Paise;
}

/** What a payout row shows under Particular. */
export const PAYOUT_PARTICULAR = 'Payment To Partner';
/** What a refund row (a cancelled sale's refund paid back by the partner, issue 20) shows under Particular. */
export const REFUND_PARTICULAR = 'Refund on cancellation';

/**
 * The parts of the partners' money, in the order rows of one date are listed: the part number is the third
 * member of the list's keyset order (date, part, id), since ids repeat across tables.
 */
export const PARTNER_ROW_PARTS = PARTNER_ROW_SOURCES;

/** The query of one page of a project's partner rows (see `pagePartnerEntries`), and the searches of its parts. */
function partnerEntriesQuery(tdb: TenantDb, scope: PartnerEntryScope, page: PageRequest) {
  const { projectId, partnerId } = scope;
  // An export asks for every row (an infinite limit). Compared, not isFinite: a fixedQuery slot is a limit too.
  const limited = page.limit !== Number.POSITIVE_INFINITY;
  // The + 1 is SQL's, so the limit stays one parameter (lib/fixed-query.ts).
  const pageSize = sql<number>`${page.limit}::int + 1`;
  /** The search over one part's columns (code constants), or null without a search. */
  const searchOver = (particular: string, mode: string, creditTo: string) => {
    if (!page.search) return null;
    const texts = [particular, mode, creditTo];
    return matchesSearch(scope.searchPartnerName ? ['p.partner_name', ...texts] : texts, page.search);
  };
  /** Where one part's rows start and what they must match: the cursor (for the page) and the search. */
  const rowsWanted = (part: number, key: string, id: string, search: RawBuilder<SqlBool> | null) => {
    const conditions = [
      ...(page.after ? [afterCursorInPart(key, id, page.after, 'date', part)] : []),
      ...(search ? [search] : []),
    ];
    return conditions.length ? sql<SqlBool>`${sql.join(conditions, sql` and `)}` : sql<SqlBool>`true`;
  };
  // Only partners holding a share count; one partner's rows (Partner Payment Details) are asked for only once its
  // share is known (the totals' `partnerFound`), so naming it is enough.
  const sharing = partnerId === undefined ? partnersSharing(tdb, projectId) : [partnerId];

  const entrySearch = searchOver('e.particular', 'e.mode', 'e.credit_to');
  /** Purchase (part 0) and development (part 1) entries share their columns: one query shape for both. */
  const paidEntries = (table: 'purchase_entries' | 'development_entries', part: 0 | 1) =>
    // Both tables have these columns; the cast only names one of them for Kysely's types.
    tdb
      .selectFrom(`${table} as e` as 'purchase_entries as e')
      .where('e.partner_id', 'in', sharing)
      .innerJoin('partners as p', 'p.id', 'e.partner_id')
      .select([
        sql<number>`${sql.lit(part)}`.as('part'),
        'e.id as source_id',
        'e.partner_id',
        'p.partner_name',
        'e.particular',
        'e.entry_date as date',
        'e.mode',
        'e.mode_date',
        'e.credit_to',
        'e.mode_detail',
        'e.amount_paise',
      ])
      .where('e.project_id', '=', projectId)
      .where(rowsWanted(part, 'e.entry_date', 'e.id', entrySearch))
      .orderBy('e.entry_date')
      .orderBy('e.id');
  let purchases = paidEntries('purchase_entries', 0);
  let development = paidEntries('development_entries', 1);
  const lineSearch = searchOver('l.particular', 'l.mode', 'l.credit_to');
  let lines = tdb
    .selectFrom('receipt_lines as l')
    .where('l.partner_id', 'in', sharing)
    .innerJoin('partners as p', 'p.id', 'l.partner_id')
    .select([
      sql<number>`2`.as('part'),
      'l.id as source_id',
      'l.partner_id',
      'p.partner_name',
      'l.particular',
      'l.line_date as date',
      'l.mode',
      'l.mode_date',
      'l.credit_to',
      'l.mode_detail',
      'l.amount_paise',
    ])
    .where('l.project_id', '=', projectId)
    // A literal, not a parameter, and `partner_id is not null` though `partner_id in (…)` implies it: so the partial
    // index receipt_lines_partner_money_idx applies to the cached generic plan too (with a parameter, that plan read
    // every line of the project, and the totals were planned afresh on every request).
    .where('l.receipt_status', '=', sql.lit('Completed'))
    .where('l.partner_id', 'is not', null)
    .where(rowsWanted(2, 'l.line_date', 'l.id', lineSearch))
    .orderBy('l.line_date')
    .orderBy('l.id');
  const payoutSearch = searchOver(`'${PAYOUT_PARTICULAR}'`, 'o.mode', 'null::text');
  let payouts = tdb
    .selectFrom('partner_payouts as o')
    .where('o.partner_id', 'in', sharing)
    .innerJoin('partners as p', 'p.id', 'o.partner_id')
    .select([
      sql<number>`3`.as('part'),
      'o.id as source_id',
      'o.partner_id',
      'p.partner_name',
      sql<string>`${PAYOUT_PARTICULAR}::text`.as('particular'),
      'o.payout_date as date',
      'o.mode',
      sql<string | null>`null::date`.as('mode_date'),
      sql<string | null>`null::text`.as('credit_to'),
      'o.mode_detail',
      'o.amount_paise',
    ])
    .where('o.project_id', '=', projectId)
    .where(rowsWanted(3, 'o.payout_date', 'o.id', payoutSearch))
    .orderBy('o.payout_date')
    .orderBy('o.id');
  // Refunds of cancelled sales paid back by a partner (issue 20): Receive rows of a negative amount, on the day paid.
  const refundSearch = searchOver(`'${REFUND_PARTICULAR}'`, 'c.refund_mode', 'null::text');
  let refunds = tdb
    .selectFrom('sale_refund_debits as d')
    .where('d.partner_id', 'in', sharing)
    .innerJoin('sale_cancellations as c', 'c.id', 'd.cancellation_id')
    .innerJoin('partners as p', 'p.id', 'd.partner_id')
    .select([
      sql<number>`4`.as('part'),
      'd.id as source_id',
      'd.partner_id',
      'p.partner_name',
      sql<string>`${REFUND_PARTICULAR}::text`.as('particular'),
      sql<string>`c.refund_paid_date`.as('date'),
      sql<string>`c.refund_mode`.as('mode'),
      sql<string | null>`null::date`.as('mode_date'),
      sql<string | null>`null::text`.as('credit_to'),
      'c.mode_detail',
      sql<Paise>`-d.amount_paise`.as('amount_paise'),
    ])
    .where('c.project_id', '=', projectId)
    .where('c.refund_status', '=', sql.lit('Completed'))
    .where(rowsWanted(4, 'c.refund_paid_date', 'd.id', refundSearch))
    .orderBy('c.refund_paid_date')
    .orderBy('d.id');
  if (limited) {
    // Each part gives at most a page (plus one) of its own rows; the merged page takes the first of them.
    purchases = purchases.limit(pageSize);
    development = development.limit(pageSize);
    lines = lines.limit(pageSize);
    payouts = payouts.limit(pageSize);
    refunds = refunds.limit(pageSize);
  }
  const all = tdb
    .selectFrom(purchases.as('a'))
    .selectAll()
    .unionAll(tdb.selectFrom(development.as('b')).selectAll())
    .unionAll(tdb.selectFrom(lines.as('c')).selectAll())
    .unionAll(tdb.selectFrom(payouts.as('d')).selectAll())
    .unionAll(tdb.selectFrom(refunds.as('e')).selectAll());
  let query = tdb.selectFrom(all.as('m')).selectAll().orderBy('m.date').orderBy('m.part').orderBy('m.source_id');
  if (limited) query = query.limit(pageSize);

  const searches = {
    purchase: entrySearch,
    development: entrySearch,
    receipt: lineSearch,
    payout: payoutSearch,
    refund: refundSearch,
  };
  return { query, searches };
}

/** The first page without a search, compiled once per shape (lib/fixed-query.ts). */
const firstPartnerEntries = fixedQuery(
  (tdb: TenantDb, projectId: number, partnerId: number | null, limit: number) =>
    partnerEntriesQuery(
      tdb,
      { projectId, partnerId: partnerId ?? undefined, searchPartnerName: false },
      { limit, after: null, search: null },
    ).query,
);

/**
 * The partners' money of a project, one row per entry (docs/design.md §7): purchase and development entries a partner
 * paid are Pay; Completed receipt lines credited to a partner and payouts to them are Receive. Only partners
 * holding a share in the project count (as on Payment To Partner). Ordered by date, then part (purchase,
 * development, receipt, payout), then id; a page is the rows after the cursor, each part read as one index range
 * and the parts merged. A limit of Infinity reads every row (the exports).
 */
export async function pagePartnerEntries(
  tdb: TenantDb,
  scope: PartnerEntryScope,
  page: PageRequest,
): Promise<Page<PartnerEntryRow> & { totals: PartnerEntryTotals; found: PartnerScopeFound }> {
  const fixed = !page.search && !page.after && Number.isFinite(page.limit);
  const built = fixed ? null : partnerEntriesQuery(tdb, scope, page);
  const [rows, { found, ...totals }] = await Promise.all([
    built ? built.query.execute() : firstPartnerEntries(tdb, scope.projectId, scope.partnerId ?? null, page.limit),
    partnerEntryTotals(tdb, scope, built?.searches ?? NO_SEARCH),
  ]);
  const taken = takePage(rows, page.limit, (r) => ({ key: r.date, id: r.source_id, part: Number(r.part) }));
  return {
    found,
    rows: taken.rows.map((r) => {
      const source = PARTNER_ROW_PARTS[Number(r.part)] as PartnerRowSource;
      return {
        source,
        sourceId: r.source_id,
        partnerId: r.partner_id as number,
        partnerName: r.partner_name,
        particular: r.particular,
        date: r.date,
        mode: r.mode,
        modeDate: r.mode_date,
        creditTo: r.credit_to,
        modeDetail: r.mode_detail,
        payReceive: source === 'purchase' || source === 'development' ? 'Pay' : 'Receive',
        amountPaise: paise(Number(r.amount_paise)),
      };
    }),
    next: taken.next,
    totals,
  };
}
