import { MAX_PAGE_LIMIT, PAGE_HEADERS, type PageQuery, toRupees } from '@plotbook/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { badRequest } from './app-error.js';

/**
 * Keyset paging for lists that can grow without bound (DESIGN §8). A list is ordered by (key, id), where key is
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
  amountPaise?: number;
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
  timestamp: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/,
};

const BAD_CURSOR = 'cursor is not valid; start again from the first page';

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id])).toString('base64url');
}

/** The cursor of a `?cursor=`, or a 400 when it is not one this list handed out. */
export function decodeCursor(text: string, kind: CursorKind): Cursor {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  }
  const [key, id] = Array.isArray(value) && value.length === 2 ? value : [];
  const isKey = typeof key === 'string' && KEY_PATTERNS[kind].test(key) && !Number.isNaN(Date.parse(key.slice(0, 10)));
  if (!isKey || !Number.isSafeInteger(id) || (id as number) < 1 || (id as number) > 2_147_483_647) {
    throw badRequest(BAD_CURSOR, { cursor: BAD_CURSOR });
  }
  return { key: key as string, id: id as number };
}

/** Reads `?limit=&cursor=&q=` (already shape-checked by `pageQuerySchema`). */
export function pageRequest(query: PageQuery, kind: CursorKind): PageRequest {
  const search = query.q?.trim() ?? '';
  return {
    limit: query.limit ?? MAX_PAGE_LIMIT,
    after: query.cursor ? decodeCursor(query.cursor, kind) : null,
    search: search === '' ? null : search,
  };
}

/**
 * Sends a page as a plain JSON array with its headers: `Link: <…>; rel="next"` (RFC 8288) pointing at the same
 * address with the next cursor, and the SQL totals of the whole list.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>): T[] {
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
  return page.rows;
}
