import { MAX_PAGE_LIMIT, PAGE_HEADERS, type PageQuery, type Paise, toRupees } from '@plotbook/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './app-error.js';

/**
 * Keyset paging for lists that can grow without bound (docs/design.md §8). A list is ordered by (key, id), where key is
 * a date or timestamp column; a page asks for the rows after the last one seen, so every page is one index range
 * scan however deep it is, and rows that share a key are neither skipped nor repeated.
 *
 * This file is the route's side (the cursor, `?limit=&cursor=&q=`, the reply headers); the SQL pieces of a page
 * are in `paging.repository.ts`, for repositories only.
 */
export interface Cursor {
  /** The ordering column's value of the last row of the previous page, as SQL text. */
  key: string;
  id: number;
  /**
   * For a list merged from several tables (the partner reports: purchases, development, receipt lines, payouts):
   * which of them the row came from, ordered between key and id, since ids repeat across tables.
   */
  part?: number;
}

export interface PageRequest {
  limit: number;
  after: Cursor | null;
  /** Trimmed search text, or null for the whole list. */
  search: string | null;
}

export interface ListTotals {
  /** Rows of the whole list (after the search). */
  count: number;
  /** Rows of the whole list without the search. */
  unfilteredCount: number;
  /** Σ amount over the whole list (after the search), for lists with money. */
  amountPaise?: Paise;
}

export interface Page<T> {
  rows: T[];
  next: Cursor | null;
  totals: ListTotals;
}

/** How a list's cursor key looks: `date` for `YYYY-MM-DD` columns, `timestamp` for timestamptz as text. */
export type CursorKind = 'date' | 'timestamp';

const KEY_PATTERNS: Record<CursorKind, RegExp> = {
  date: /^\d{4}-\d{2}-\d{2}$/,
  // The offset PostgreSQL writes: hours 00–15, minutes 00–59 (a larger one would fail the cast with a 500).
  timestamp: /^\d{4}-\d{2}-\d{2} ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-](0\d|1[0-5])(:[0-5]\d)?$/,
};

const BAD_CURSOR = 'cursor is not valid; start again from the first page';

export function encodeCursor(cursor: Cursor): string {
  const value = cursor.part === undefined ? [cursor.key, cursor.id] : [cursor.key, cursor.id, cursor.part];
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

export interface CursorShape {
  kind: CursorKind;
  /** A merged list's number of parts (its cursor carries the part, 0 … parts − 1); absent for one table. */
  parts?: number;
}

const isWhole = (n: unknown, min: number, max: number) =>
  Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= max;

/** A `YYYY-MM-DD` the calendar has (JavaScript rolls 2026-02-30 over to March; PostgreSQL refuses it), year 1 on. */
function isCalendarDay(day: string): boolean {
  const time = Date.parse(day);
  return !Number.isNaN(time) && day >= '0001-01-01' && new Date(time).toISOString().slice(0, 10) === day;
}

/** The cursor of a `?cursor=`, or a 400 when it is not one this list handed out. */
export function decodeCursor(text: string, shape: CursorKind | CursorShape): Cursor {
  const { kind, parts } = typeof shape === 'string' ? { kind: shape, parts: undefined } : shape;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  }
  const length = parts === undefined ? 2 : 3;
  const [key, id, part] = Array.isArray(value) && value.length === length ? value : [];
  const isKey = typeof key === 'string' && KEY_PATTERNS[kind].test(key) && isCalendarDay(key.slice(0, 10));
  const isPart = parts === undefined || isWhole(part, 0, parts - 1);
  if (!isKey || !isWhole(id, 1, 2_147_483_647) || !isPart) {
    throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  }
  return { key: key as string, id: id as number, ...(parts === undefined ? {} : { part: part as number }) };
}

/**
 * Reads `?limit=&cursor=&q=` (already shape-checked by `pageQuerySchema`). `defaultLimit` is the page size
 * when no limit is asked for (the largest page, unless a list's rows are heavy enough to want smaller ones).
 */
export function pageRequest(
  query: PageQuery,
  shape: CursorKind | CursorShape,
  defaultLimit: number = MAX_PAGE_LIMIT,
): PageRequest {
  const search = query.q?.trim() ?? '';
  return {
    limit: query.limit ?? defaultLimit,
    after: query.cursor ? decodeCursor(query.cursor, shape) : null,
    search: search === '' ? null : search,
  };
}

/**
 * Sends a page as a plain JSON array with its headers: `Link: <…>; rel="next"` (RFC 8288) pointing at the same
 * address with the next cursor, and the SQL totals of the whole list.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
  setPageHeaders(request, reply, page);
  return page.rows;
}

/**
 * The headers of a page (`Link` to the next one, the SQL counts and Σ), for a paged answer whose body is not the
 * plain array: the reports keep their `{ data, totals }` (spec 001 §7) with `data` one page of rows.
 */
export function setPageHeaders(request: FastifyRequest, reply: FastifyReply, page: Omit<Page<unknown>, 'rows'>) {
  if (page.next) {
    const url = new URL(request.url, 'http://localhost');
    url.searchParams.set('cursor', encodeCursor(page.next));
    reply.header('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  reply.header(PAGE_HEADERS.totalCount, String(page.totals.count));
  if (request.query && (request.query as PageQuery).q?.trim()) {
    reply.header(PAGE_HEADERS.unfilteredCount, String(page.totals.unfilteredCount));
  }
  if (page.totals.amountPaise !== undefined) {
    reply.header(PAGE_HEADERS.totalAmount, toRupees(page.totals.amountPaise).toFixed(2));
  }
}
