import { type Expression, type RawBuilder, sql } from 'kysely';

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
