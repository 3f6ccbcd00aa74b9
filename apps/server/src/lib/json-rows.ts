import { type Expression, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { TenantDb } from '../db/tenancy.js';
import { fixedQuery } from './fixed-query.js';

/**
 * Answers written as JSON by PostgreSQL: the one fast path left, for the answers the bench shows need it (All
 * Project Details' pages of up to 500 plots nested in their projects, and the Payment Expected report). Its
 * repository returns the text as `JsonRows` (lib/serializer.ts), which the route's serializer sends as it is; every
 * other answer is typed rows in paise, turned into rupees by the serializer.
 *
 * JSON text is sent as it is, so its values must come out as the API's own, already: money with `rupees` (paise ÷
 * 100 as a double, printed shortest, as the serializer's converter writes it), timestamps with `isoTime`, booleans
 * as booleans, dates as `YYYY-MM-DD` (a `date` column is written so). The API tests hold every answer to its zod
 * schema.
 */

/**
 * Paise as rupees in JSON written by PostgreSQL: ÷ 100 in double precision, which prints as the same number the
 * serializer's `paise / 100` gives (test/json-rows.test.ts).
 */
export const rupees = (paise: Expression<number | null> | RawBuilder<number | null>) =>
  sql<number>`(${paise})::float8 / 100`;

/** A timestamp as JavaScript's `toISOString()` writes it: UTC, milliseconds, `Z`. */
export const isoTime = (column: string) =>
  sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A long list read as one JSON array that PostgreSQL writes (`json_agg`) and the server parses, instead of row by
 * row through the driver: the rows are the same typed values the query selects, money still in paise for the
 * serializer, and the bench's lists cost the server less this way (JSON.parse of 150 sales ≈ 0.14 ms; the driver's
 * decoding of the same rows, several times that). For queries whose columns JSON writes as the API's values
 * (numbers, booleans, `date` as `YYYY-MM-DD`, timestamps through `isoTime`). Compiled once (lib/fixed-query.ts).
 */
export function parsedJsonRows<A extends unknown[], O>(
  build: (tdb: TenantDb, ...args: A) => SelectQueryBuilder<never, never, O>,
): (tdb: TenantDb, ...args: A) => Promise<O[]> {
  const query = fixedQuery(
    (tdb: TenantDb, ...args: A) =>
      sql<{ json: string }>`select coalesce(json_agg(t), '[]')::text as json from (${build(tdb, ...args)}) t`,
  );
  return async (tdb, ...args) => JSON.parse((await query(tdb, ...args))[0]?.json ?? '[]') as O[];
}
