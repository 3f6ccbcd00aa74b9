import { type InstallmentState, PARTNER_ROW_SOURCES, type PartnerRowSource, sumPaise } from '@plotbook/domain';
import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../../db/tenancy.js';
import { fixedQuery } from '../../lib/fixed-query.js';
import { isoTime, rupees } from '../../lib/json-rows.js';
import type { ListTotals, Page, PageRequest } from '../../lib/paging.js';
import { afterCursorInPart, matchesSearch, takePage } from '../../lib/paging.repository.js';

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
 * Σ development entries and Σ Completed receipt lines, in paise; oldest first. The first three are kept by triggers
 * (0017_project_money): one row per project, however many entries it has.
 */
export async function projectsMoney(tdb: TenantDb, range: { from?: Date; before?: Date }): Promise<ProjectMoneyRow[]> {
  let query = tdb
    .selectFrom('projects as p')
    .leftJoin('project_money as m', 'm.project_id', 'p.id')
    .select((eb) => [
      'p.id',
      'p.project_name',
      'p.created_at',
      'm.sale_paise as sale',
      'm.land_paise as land',
      'm.development_paise as development',
      // Σ Completed receipt lines, from the per-month totals their triggers keep: a few rows per project.
      eb
        .selectFrom('receipt_month_totals')
        .select(total('total_paise').as('n'))
        .whereRef('project_id', '=', 'p.id')
        .where('status', '=', sql.lit('Completed'))
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

/**
 * What the plot-wise report needs: each plot's sale, receipts and direct charges, and the shared cost pools, in one
 * statement (each round trip to the database costs the server a socket write and PostgreSQL a statement): the
 * pools come on every row from sub-selects PostgreSQL computes once. A project without plots needs no pools.
 * Undefined when the project does not exist (its row is the statement's first table: one round trip fewer). The
 * query is compiled once (lib/fixed-query.ts).
 */
const plotReportQuery = fixedQuery((tdb: TenantDb, projectId: number) =>
  tdb
    .selectFrom('projects as p')
    .leftJoin('plots as pl', 'pl.project_id', 'p.id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('sales')
          .select(['plot_id', total('sale_amount_paise').as('n')])
          .where('project_id', '=', projectId)
          .where('status', '=', sql.lit('Active'))
          .groupBy('plot_id')
          .as('sale'),
      (join) => join.onRef('sale.plot_id', '=', 'pl.id'),
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
    .where('p.id', '=', projectId)
    .select([
      'pl.id',
      'pl.plot_name',
      'pl.total_plot_size',
      // As JavaScript's toISOString writes it, by PostgreSQL: no Date parsed and formatted again per plot.
      isoTime('pl.created_at').as('created_at'),
      'sale.n as sale',
      // Σ Completed receipts of the plot, kept by triggers (0016_plot_money): one key lookup per plot.
      (eb) =>
        eb
          .selectFrom('plot_money')
          .select('plot_money.received_paise')
          .whereRef('plot_money.plot_id', '=', 'pl.id')
          .as('received'),
      'direct.n as direct',
      // Σ purchase entries, kept by triggers (0017_project_money); a project nothing was written to has no row.
      sql<number | null>`(select land_paise from project_money where project_id = ${projectId})`.as('land'),
      // Per-project development by particular, in the order first entered: [[particular, paise], …] as text.
      sql<string | null>`(
          select json_agg(json_build_array(particular, n) order by first)::text
          from (
            select particular, sum(amount_paise) as n, min(id) as first
            from development_entries
            where project_id = ${projectId} and plot_id is null /* = category 'per_project' */
            group by particular
          ) d
        )`.as('shared'),
    ])
    .orderBy('pl.id'),
);

export async function plotReportData(tdb: TenantDb, projectId: number): Promise<PlotReportData | undefined> {
  const plots = await plotReportQuery(tdb, projectId);
  const first = plots[0];
  if (first === undefined) return undefined;
  const shared = first.shared ? (JSON.parse(first.shared) as [string, number][]) : [];
  return {
    // A project without plots comes as one row without a plot.
    plots: plots.flatMap((r) =>
      r.id === null || r.plot_name === null || r.created_at === null
        ? []
        : [
            {
              plotId: r.id,
              plotName: r.plot_name,
              area: Number(r.total_plot_size),
              createdDate: r.created_at,
              salePaise: Number(r.sale ?? 0),
              receivedPaise: Number(r.received ?? 0),
              directPaise: Number(r.direct ?? 0),
            },
          ],
    ),
    landPaise: Number(first.land ?? 0),
    sharedDevelopment: shared.map(([particular, paise]) => ({ particular, paise: Number(paise) })),
  };
}

/**
 * The project's purchase entries (money paid to the farmer) in (date, id) order, and their Σ (kept by triggers,
 * 0017_project_money), in one statement: the project's row left-joined to its entries, so a project without entries
 * comes as one row without an entry, and undefined means there is no such project.
 */
export async function purchaseEntries(tdb: TenantDb, projectId: number) {
  const rows = await tdb
    .selectFrom('projects as p')
    .leftJoin('purchase_entries as e', 'e.project_id', 'p.id')
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
      sql<number | null>`(select land_paise from project_money where project_id = p.id)`.as('land'),
    ])
    .where('p.id', '=', projectId)
    .orderBy('e.entry_date')
    .orderBy('e.id')
    .execute();
  const first = rows[0];
  if (first === undefined) return undefined;
  return {
    rows: rows.flatMap((r) =>
      r.id === null || r.particular === null || r.entry_date === null || r.mode === null || r.amount_paise === null
        ? []
        : [
            {
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
            },
          ],
    ),
    totalPaise: Number(first.land ?? 0),
  };
}

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
  otherPaise: number;
  /** Completed Installment lines. */
  emiPaise: number;
  /** Installments (active sales) due in the month. */
  expectedPaise: number;
  /** What of those installments installment money has not paid. */
  pendingPaise: number;
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
          sql<number>`amount_paise - paid_paise`.as('pending'),
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
          sql<number>`total_paise - installment_paise`.as('other'),
        ])
        .where('project_id', '=', projectId)
        .where('status', '=', sql.lit('Completed'))
        .where((eb) => eb.or([eb('total_paise', '<>', 0), eb('installment_paise', '<>', 0)])),
    )
    .with('months', (db) =>
      db
        .selectFrom('due')
        .fullJoin('received', 'received.month', 'due.month')
        .select([
          monthText(sql`coalesce(due.month, received.month)`).as('month'),
          'received.other',
          'received.emi',
          'due.expected',
          'due.pending',
        ]),
    )
    // The project's row, with no month when it has none; no row when there is no such project.
    .selectFrom('projects as p')
    .leftJoin('months as m', (join) => join.onTrue())
    .select(['m.month', 'm.other', 'm.emi', 'm.expected', 'm.pending'])
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
            otherPaise: Number(r.other ?? 0),
            emiPaise: Number(r.emi ?? 0),
            expectedPaise: Number(r.expected ?? 0),
            pendingPaise: Number(r.pending ?? 0),
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
  amountPaise: number;
  paidPaise: number;
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
  amountPaise: number;
}

/** What a payout row shows under Particular. */
export const PAYOUT_PARTICULAR = 'Payment To Partner';

/**
 * Whether the scope's project exists and (with a partner) whether that partner holds a share in it: checked in the
 * totals' statement, one round trip fewer for the report. The rows of a scope not found are empty.
 */
export interface PartnerScopeFound {
  project: boolean;
  partner: boolean;
}

/**
 * The parts of the partners' money, in the order rows of one date are listed: the part number is the third
 * member of the list's keyset order (date, part, id), since ids repeat across tables.
 */
export const PARTNER_ROW_PARTS = PARTNER_ROW_SOURCES;

/** Counts (after and without the search) and Σ Pay, Σ Receive of the whole (searched) list, in paise. */
export interface PartnerEntryTotals extends ListTotals {
  payPaise: number;
  receivePaise: number;
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
  if (limited) {
    // Each part gives at most a page (plus one) of its own rows; the merged page takes the first of them.
    purchases = purchases.limit(pageSize);
    development = development.limit(pageSize);
    lines = lines.limit(pageSize);
    payouts = payouts.limit(pageSize);
  }
  const all = tdb
    .selectFrom(purchases.as('a'))
    .selectAll()
    .unionAll(tdb.selectFrom(development.as('b')).selectAll())
    .unionAll(tdb.selectFrom(lines.as('c')).selectAll())
    .unionAll(tdb.selectFrom(payouts.as('d')).selectAll());
  let query = tdb.selectFrom(all.as('m')).selectAll().orderBy('m.date').orderBy('m.part').orderBy('m.source_id');
  if (limited) query = query.limit(pageSize);

  const searches = { purchase: entrySearch, development: entrySearch, receipt: lineSearch, payout: payoutSearch };
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
        amountPaise: Number(r.amount_paise),
      };
    }),
    next: taken.next,
    totals,
  };
}

/**
 * The counts and Σ Pay / Σ Receive of the partners' money of a project (or one partner), over every row: the
 * same parts as `pagePartnerEntries`, each summed on its own (no merge, no order), with the search.
 */
/** The partners holding a share in the project: only their money counts on the partner reports. */
const partnersSharing = (tdb: TenantDb, projectId: number) =>
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
  const sums = (part: number, search: RawBuilder<SqlBool> | null, amount: string) => {
    const where = search ?? sql<SqlBool>`true`;
    return [
      sql<number>`${sql.lit(part)}`.as('part'),
      sql<number>`count(*) filter (where ${where})`.as('count'),
      sql<number>`count(*)`.as('unfiltered_count'),
      sql<number>`coalesce(sum(${sql.ref(amount)}) filter (where ${where}), 0)`.as('paise'),
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
  // The checks as a fifth row (part 4): count = the project exists, unfiltered_count = the partner holds a share.
  const checks = tdb.selectNoFrom([
    sql<number>`4`.as('part'),
    sql<number>`(select count(*) from projects where id = ${projectId})`.as('count'),
    (partnerId === undefined
      ? sql<number>`0`
      : sql<number>`(select count(*) from partner_projects where project_id = ${projectId} and partner_id = ${partnerId})`
    ).as('unfiltered_count'),
    sql<number>`0`.as('paise'),
  ]);
  return purchases.unionAll(development).unionAll(lines).unionAll(payouts).unionAll(checks);
}

const NO_SEARCH = { purchase: null, development: null, receipt: null, payout: null };

/** The totals without a search, compiled once per shape (lib/fixed-query.ts). */
const unsearchedTotals = fixedQuery((tdb: TenantDb, projectId: number, partnerId: number | null) =>
  partnerEntryTotalsQuery(tdb, { projectId, partnerId: partnerId ?? undefined, searchPartnerName: false }, NO_SEARCH),
);

async function partnerEntryTotals(
  tdb: TenantDb,
  scope: PartnerEntryScope,
  searches: Record<PartnerRowSource, RawBuilder<SqlBool> | null>,
): Promise<PartnerEntryTotals & { found: PartnerScopeFound }> {
  const rows = Object.values(searches).every((search) => search === null)
    ? await unsearchedTotals(tdb, scope.projectId, scope.partnerId ?? null)
    : await partnerEntryTotalsQuery(tdb, scope, searches).execute();
  const of = (part: number) => rows.find((r) => Number(r.part) === part);
  const paise = (...parts: number[]) => sumPaise(parts.map((part) => Number(of(part)?.paise ?? 0)));
  const money = rows.filter((r) => Number(r.part) < 4);
  const count = (key: 'count' | 'unfiltered_count') => money.reduce((n, r) => n + Number(r[key]), 0);
  const check = of(4);
  return {
    count: count('count'),
    unfilteredCount: count('unfiltered_count'),
    payPaise: paise(0, 1),
    receivePaise: paise(2, 3),
    found: { project: Number(check?.count ?? 0) > 0, partner: Number(check?.unfiltered_count ?? 0) > 0 },
  };
}
