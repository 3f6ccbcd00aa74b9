import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { TenantDb } from '../db/tenancy.js';
import { fixedQuery } from './fixed-query.js';
import type { Cursor, PageRequest } from './paging.js';
import type { TotalsRow } from './paging.repository.js';

/**
 * Long lists written as JSON by PostgreSQL. A list of a few hundred rows cost the server more in turning rows into
 * objects and the objects into JSON than the query cost the database (bench profile: ~4 ms of the server's CPU for
 * 250 sales against ~1.3 ms this way), so a list route selects its answer's fields under their API names, and
 * PostgreSQL writes the JSON array; the route sends the text (lib/serializer.ts `jsonAnswer`).
 *
 * The values must come out as the API's own: money with `rupees` (paise ÷ 100 as a double, printed shortest, as
 * JavaScript's `toRupees` does), timestamps with `isoTime`, booleans as booleans, dates as `YYYY-MM-DD` (a `date`
 * column is written so). The API tests hold every answer to its zod schema.
 */
export async function jsonRows<O>(tdb: TenantDb, query: SelectQueryBuilder<never, never, O>): Promise<string> {
  const result = await jsonArray(query).execute(tdb);
  return result.rows[0]?.json ?? '[]';
}

/** The query that writes `query`'s rows as one JSON array (`json`). */
const jsonArray = <O>(query: SelectQueryBuilder<never, never, O>) =>
  sql<{ json: string }>`select coalesce(json_agg(t), '[]')::text as json from (${query}) t`;

/**
 * `jsonRows` for a list query whose text never depends on its arguments, built and compiled once (lib/fixed-query.ts):
 * `build` uses its arguments as values only.
 */
export function fixedJsonRows<A extends unknown[], O>(
  build: (tdb: TenantDb, ...args: A) => SelectQueryBuilder<never, never, O>,
): (tdb: TenantDb, ...args: A) => Promise<string> {
  const query = fixedQuery((tdb: TenantDb, ...args: A) => jsonArray(build(tdb, ...args)));
  return async (tdb, ...args) => (await query(tdb, ...args))[0]?.json ?? '[]';
}

/** Paise as rupees: ÷ 100 in double precision, which prints as the same number JavaScript's `toRupees` gives. */
export const rupees = (paise: Expression<number | null> | RawBuilder<number | null>) =>
  sql<number>`(${paise})::float8 / 100`;

/** A timestamp as JavaScript's `toISOString()` writes it: UTC, milliseconds, `Z`. */
export const isoTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * One page of a keyset-paged list (lib/paging.ts) as JSON written by PostgreSQL, with the list's totals, in one
 * query. `rows` selects the API's fields, in ascending (key, id) order, `limit + 1` rows (the extra one only says that a
 * next page exists); `cursor` names the fields holding the order's key (cast to text, as the cursor carries it)
 * and id; `totals` is a one-row query, read back as an object. The page's rows are never turned into objects in
 * the server.
 */
export async function jsonPage<O, T>(
  tdb: TenantDb,
  rows: SelectQueryBuilder<never, never, O>,
  limit: number,
  cursor: { key: keyof O & string; id: keyof O & string },
  totals: SelectQueryBuilder<never, never, T>,
): Promise<{ json: string; next: Cursor | null; totals: T }> {
  const result = await jsonPageQuery(rows, limit, cursor, totals).execute(tdb);
  return readJsonPage<T>(result.rows);
}

/** What `jsonPage` runs; for a `fixedQuery`, read its answer with `readJsonPage`. */
export function jsonPageQuery<O, T>(
  rows: SelectQueryBuilder<never, never, O>,
  limit: number,
  cursor: { key: keyof O & string; id: keyof O & string },
  totals: SelectQueryBuilder<never, never, T>,
) {
  return sql<JsonPageRow>`
    select '[' || coalesce(string_agg(p.row, ',' order by p.n) filter (where p.n <= ${limit}), '') || ']' as json,
      count(*) > ${limit} as more,
      max(p.key) filter (where p.n = ${limit}) as key,
      max(p.id) filter (where p.n = ${limit}) as id,
      (select row_to_json(t)::text from (${totals}) t) as totals
    from (
      select row_number() over (order by ${sql.ref(`r.${cursor.key}`)}, ${sql.ref(`r.${cursor.id}`)}) as n,
        row_to_json(r)::text as row, ${sql.ref(`r.${cursor.key}`)}::text as key,
        ${sql.ref(`r.${cursor.id}`)} as id
      from (${rows}) r
    ) p`;
}

interface JsonPageRow {
  json: string;
  more: boolean;
  key: string | null;
  id: number | null;
  totals: string;
}

/** The page, its next cursor and its totals from `jsonPageQuery`'s one row. */
export function readJsonPage<T>(rows: readonly JsonPageRow[]): { json: string; next: Cursor | null; totals: T } {
  const row = rows[0];
  if (!row) throw new Error('jsonPage: no answer');
  return {
    json: row.json,
    next: row.more && row.key !== null && row.id !== null ? { key: row.key, id: Number(row.id) } : null,
    totals: JSON.parse(row.totals) as T,
  };
}

/**
 * A paged list written as JSON (`jsonPageQuery`), built by `build` for a page and the list's scope (a project id,
 * say; null for a filter left out). Pages without a search run a text compiled once per shape (first page or a
 * later one, which filters are null: lib/fixed-query.ts), so `build` follows fixedQuery's rules for the page's
 * limit and cursor and for the scope; a search builds its query afresh.
 */
export function pagedJson<S extends unknown[]>(
  build: (tdb: TenantDb, page: PageRequest, ...scope: S) => RawBuilder<JsonPageRow>,
) {
  const unsearched = fixedQuery(
    (tdb: TenantDb, limit: number, afterKey: string | null, afterId: number | null, ...scope: S) =>
      build(
        tdb,
        { limit, after: afterKey === null || afterId === null ? null : { key: afterKey, id: afterId }, search: null },
        ...scope,
      ),
  );
  return async (
    tdb: TenantDb,
    page: PageRequest,
    ...scope: S
  ): Promise<{ json: string; next: Cursor | null; totals: TotalsRow }> =>
    readJsonPage<TotalsRow>(
      page.search
        ? (await build(tdb, page, ...scope).execute(tdb)).rows
        : await unsearched(tdb, page.limit, page.after?.key ?? null, page.after?.id ?? null, ...scope),
    );
}
