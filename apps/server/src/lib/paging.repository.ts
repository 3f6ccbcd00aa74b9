import { type Paise, paise } from '@plotbook/domain';
import { type Compilable, type Expression, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import type { TenantDb } from '../db/tenancy.js';
import { fixedQuery } from './fixed-query.js';
import type { Cursor, CursorKind, ListTotals, PageRequest } from './paging.js';

/**
 * The SQL side of keyset paging (see `paging.ts`): pieces a repository puts into its list query. Only
 * repositories call these.
 */

/** `(key, id) > (cursor.key, cursor.id)`: the rows after the cursor in (key, id) order. */
export function afterCursor(
  keyColumn: string,
  idColumn: string,
  cursor: Cursor,
  kind: CursorKind,
): RawBuilder<SqlBool> {
  const cast = kind === 'date' ? sql`date` : sql`timestamptz`;
  return sql<SqlBool>`(${sql.ref(keyColumn)}, ${sql.ref(idColumn)}) > (cast(${cursor.key} as ${cast}), ${cursor.id})`;
}

/**
 * A list query as one page in (key, id) order: the rows after the page's cursor, `limit + 1` of them (the extra one
 * only says that a next page exists; see takePage).
 */
export function keysetPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  keyColumn: string,
  idColumn: string,
  page: Pick<PageRequest, 'limit' | 'after'>,
  kind: CursorKind,
): SelectQueryBuilder<DB, TB, O> {
  // The + 1 is SQL's, so the limit stays one parameter (lib/fixed-query.ts).
  const ordered = query
    .orderBy(sql.ref(keyColumn))
    .orderBy(sql.ref(idColumn))
    .limit(sql<number>`${page.limit}::int + 1`);
  return page.after ? ordered.where(afterCursor(keyColumn, idColumn, page.after, kind)) : ordered;
}

/**
 * `afterCursor` for one part of a merged list ordered by (key, part, id), where every row of this part has the
 * same `part`: past the cursor's part the rows of the cursor's key come after it, before it they came already.
 * Each part stays one index range in (key, id) order.
 */
export function afterCursorInPart(
  keyColumn: string,
  idColumn: string,
  cursor: Cursor,
  kind: CursorKind,
  part: number,
): RawBuilder<SqlBool> {
  const cast = kind === 'date' ? sql`date` : sql`timestamptz`;
  const key = sql`cast(${cursor.key} as ${cast})`;
  const cursorPart = cursor.part ?? 0;
  if (part > cursorPart) return sql<SqlBool>`${sql.ref(keyColumn)} >= ${key}`;
  if (part < cursorPart) return sql<SqlBool>`${sql.ref(keyColumn)} > ${key}`;
  return sql<SqlBool>`(${sql.ref(keyColumn)}, ${sql.ref(idColumn)}) > (${key}, ${cursor.id})`;
}

/** A page is fetched with one row more than asked; that extra row only says whether a next page exists. */
export function takePage<R>(
  rows: R[],
  limit: number,
  cursorOf: (row: R) => Cursor,
): { rows: R[]; next: Cursor | null } {
  if (rows.length <= limit) return { rows, next: null };
  const page = rows.slice(0, limit);
  return { rows: page, next: cursorOf(page[page.length - 1] as R) };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Case-insensitive "contains" over the given SQL expressions (code constants, never user text), as the screen's
 * search box did over the cells it shows. `amounts` are numeric expressions in rupees; they match the search with
 * ₹, commas and spaces left out, so `2,50,000.5` finds 250000.50.
 */
export function matchesSearch(
  texts: readonly string[],
  search: string,
  amounts: readonly string[] = [],
): RawBuilder<SqlBool> {
  const like = `%${escapeLike(search)}%`;
  const parts = texts.map((expr) => sql`${sql.raw(expr)} ilike ${like}`);
  const digits = search.replace(/[₹,\s]/g, '');
  if (/^\d+(\.\d*)?$/.test(digits)) {
    const amountLike = `%${digits.includes('.') ? digits.replace(/0+$/, '').replace(/\.$/, '') : digits}%`;
    for (const expr of amounts) parts.push(sql`trim_scale(${sql.raw(expr)})::text like ${amountLike}`);
  }
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/**
 * `count(*)` (and Σ amount) over the whole list, and over the searched part of it, in one pass. `amountOnly`
 * narrows the Σ to some rows (Completed receipt lines, say) while the counts still cover every row.
 */
export function totalsSelection(
  search: Expression<SqlBool> | null,
  amountColumn?: string,
  amountOnly?: Expression<SqlBool>,
) {
  const where = search ?? sql<SqlBool>`true`;
  const amountWhere = amountOnly ? sql<SqlBool>`${where} and ${amountOnly}` : where;
  return [
    sql<number>`count(*) filter (where ${where})`.as('count'),
    sql<number>`count(*)`.as('unfiltered_count'),
    ...(amountColumn
      ? [sql<Paise>`coalesce(sum(${sql.ref(amountColumn)}) filter (where ${amountWhere}), 0)`.as('amount_paise')]
      : []),
  ];
}

/** A list's totals row as `totalsSelection` selects them. */
export interface TotalsRow {
  count: number;
  unfiltered_count: number;
  amount_paise?: Paise;
}

export function toTotals(row: TotalsRow): ListTotals {
  return {
    count: Number(row.count),
    unfilteredCount: Number(row.unfiltered_count),
    ...(row.amount_paise !== undefined ? { amountPaise: paise(Number(row.amount_paise)) } : {}),
  };
}

/**
 * A paise column as rupees in SQL, for a search over amounts: the SQL twin of the domain's `toRupees` (a query
 * cannot call it), kept here so no repository writes the division itself.
 */
export const rupeesOf = (paiseColumn: string) => `${paiseColumn} / 100.0`;

/**
 * A keyset-paged list read as rows, with its totals (`totalsSelection`). `rows` builds a page's query and `totals`
 * the totals' for the list's scope (a project id, say; null for a filter left out) and a search (null for none).
 * Without a search both run texts compiled once per shape (first page or a later one, which filters are null:
 * lib/fixed-query.ts), so they follow fixedQuery's rules for the page's limit and cursor and for the scope; a
 * search builds its queries afresh.
 */
export function pagedList<S extends unknown[], R>(
  rows: (tdb: TenantDb, page: PageRequest, search: RawBuilder<SqlBool> | null, ...scope: S) => Compilable<R>,
  totals: (tdb: TenantDb, search: RawBuilder<SqlBool> | null, ...scope: S) => Compilable<TotalsRow>,
  searchOf: (text: string) => RawBuilder<SqlBool>,
) {
  const firstRows = fixedQuery((tdb: TenantDb, limit: number, key: string | null, id: number | null, ...scope: S) =>
    rows(tdb, { limit, after: key === null || id === null ? null : { key, id }, search: null }, null, ...scope),
  );
  const fixedTotals = fixedQuery((tdb: TenantDb, ...scope: S) => totals(tdb, null, ...scope));
  return async (tdb: TenantDb, page: PageRequest, ...scope: S): Promise<{ rows: R[]; totals: TotalsRow }> => {
    if (page.search) {
      const search = searchOf(page.search);
      const found = await tdb.executeQuery(rows(tdb, page, search, ...scope));
      const [sums] = (await tdb.executeQuery(totals(tdb, search, ...scope))).rows;
      if (!sums) throw new Error('pagedList: no totals');
      return { rows: found.rows, totals: sums };
    }
    const found = await firstRows(tdb, page.limit, page.after?.key ?? null, page.after?.id ?? null, ...scope);
    const [sums] = await fixedTotals(tdb, ...scope);
    if (!sums) throw new Error('pagedList: no totals');
    return { rows: found, totals: sums };
  };
}
