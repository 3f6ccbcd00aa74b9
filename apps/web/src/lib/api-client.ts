import { notifications } from '@mantine/notifications';
import { type ErrorBody, PAGE_HEADERS } from '@plotbook/domain';
import { fileNameFromDisposition, isPublicApiPath, parseBody } from './api-rules';
import { DATA_AS_OF_HEADER, noteDataAsOf } from './data-as-of';
import { clearSession, getToken } from './session';

const API_BASE = '/api';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please log in again.';

/** An error answer of the API (`status` 0 when no answer arrived at all). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get hasResponse(): boolean {
    return this.status > 0;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Extra headers, e.g. `Idempotency-Key` (see `newIdempotencyKey`). */
  headers?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /**
   * Sign-in screens: a 401 there means a wrong password, so show the message instead of treating it as an
   * expired session.
   */
  isAuthCall?: boolean;
}

type SessionExpiredHandler = () => void;
let onSessionExpired: SessionExpiredHandler = () => window.location.assign('/login');
let lastExpiryAt = 0;

/** The router registers how to go to /login without a full page load. */
export function setSessionExpiredHandler(handler: SessionExpiredHandler): void {
  onSessionExpired = handler;
}

/** Several queries can fail together; the user is told and redirected once. */
function handleSessionExpired(): void {
  const now = Date.now();
  if (now - lastExpiryAt < 3000) return;
  lastExpiryAt = now;
  clearSession();
  notifications.show({ id: 'session-expired', color: 'red', title: 'Signed out', message: SESSION_EXPIRED_MESSAGE });
  onSessionExpired();
}

function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

async function apiFetch(path: string, options: RequestOptions): Promise<{ data: unknown; response: Response }> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token && !isPublicApiPath(path)) headers.Authorization = `Bearer ${token}`;
  // A FormData body goes as multipart/form-data; fetch writes that Content-Type with its boundary.
  const isForm = options.body instanceof FormData;
  // A File or Blob body (a layout plan) goes as its own bytes, under its own type.
  const raw = options.body instanceof Blob ? options.body : null;
  if (raw) headers['Content-Type'] = raw.type || 'application/octet-stream';
  else if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body:
        options.body === undefined
          ? undefined
          : raw || isForm
            ? (options.body as Blob | FormData)
            : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  const data = await readBody(response);
  if (response.ok && (options.method ?? 'GET') === 'GET') noteDataAsOf(path, response.headers.get(DATA_AS_OF_HEADER));
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
    const message = body.message ?? (typeof data === 'string' && data ? data : response.statusText);
    if (response.status === 401 && !options.isAuthCall) handleSessionExpired();
    throw new ApiError(response.status, message || `Request failed (${response.status})`, body.fields);
  }
  return { data, response };
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { data } = await apiFetch(path, options);
  return data as T;
}

/** One page of a paged list (docs/design.md §8): its rows, the cursor of the next page and the SQL totals of the list. */
export interface ApiPage<T> {
  rows: T[];
  /** From `Link: <…>; rel="next"`; null on the last page. */
  nextCursor: string | null;
  /** Rows in the whole list (after the search). */
  totalCount: number;
  /** Rows in the whole list without the search (only when searching). */
  unfilteredCount: number | null;
  /** Σ amount in rupees over the whole list (after the search), for lists with money. */
  totalAmount: number | null;
  /**
   * The total row of a paged report, which answers `{ data, totals }` (spec 001 §7) with `data` one page: its
   * SQL totals over every (searched) row. Null for a list that answers a plain array.
   */
  totals: unknown;
}

function nextCursor(link: string | null): string | null {
  const target = link && /<([^>]+)>;\s*rel="?next"?/.exec(link)?.[1];
  return target ? new URL(target, window.location.origin).searchParams.get('cursor') : null;
}

export async function apiPage<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ApiPage<T>> {
  const { data, response } = await apiFetch(path, options);
  const header = (name: string) => response.headers.get(name);
  const number = (name: string) => (header(name) === null ? null : Number(header(name)));
  const report = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  const rows = (Array.isArray(data) ? data : Array.isArray(report?.data) ? report.data : []) as T[];
  return {
    rows,
    nextCursor: nextCursor(header('link')),
    totalCount: number(PAGE_HEADERS.totalCount) ?? rows.length,
    unfilteredCount: number(PAGE_HEADERS.unfilteredCount),
    totalAmount: number(PAGE_HEADERS.totalAmount),
    totals: report?.totals ?? null,
  };
}

/** A file the API sent: its bytes and the name from `Content-Disposition` (null when the header names none). */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Downloads a file (e.g. a report's Excel export) with the stored token, the same error handling as every other
 * call, and the file name the server gave it.
 */
export async function apiFile(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<ApiFile> {
  const headers: Record<string, string> = { Accept: '*/*', ...options.headers };
  const token = getToken();
  if (token && !isPublicApiPath(path)) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { headers, credentials: 'include', signal: options.signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (!response.ok) {
    const data = await readBody(response);
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
    if (response.status === 401 && !options.isAuthCall) handleSessionExpired();
    throw new ApiError(response.status, body.message || `Request failed (${response.status})`, body.fields);
  }
  return {
    blob: await response.blob(),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition')),
  };
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  /** A multipart/form-data POST (e.g. a form with a file). */
  postForm: <T>(path: string, form: FormData, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body: form }),
  /** A DELETE, with a JSON body when one is given (a void's `{ reason }`). */
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * A key for one form submission: money-writing POSTs send it as `Idempotency-Key`, so a double click or a retry
 * of the same submission is recorded once. Make a new key when the form is reset after a successful save.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/** A conditional GET's answer: the body and its ETag, or `notModified` when the server's copy is the one we hold. */
export type ConditionalAnswer<T> = { notModified: true } | { notModified: false; data: T; etag: string | null };

/**
 * A GET with `If-None-Match` (a board polled every 2 s): a 304 answers `notModified` and no body, so the caller
 * keeps what it has. The browser's own cache is bypassed, so its revalidation never turns our 304 into a 200.
 */
export async function apiGetIfChanged<T>(
  path: string,
  etag: string | null,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<ConditionalAnswer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (etag) headers['If-None-Match'] = etag;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      headers,
      credentials: 'include',
      cache: 'no-store',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }
  if (response.status === 304) return { notModified: true };
  const data = await readBody(response);
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
    if (response.status === 401) handleSessionExpired();
    throw new ApiError(response.status, body.message || `Request failed (${response.status})`, body.fields);
  }
  return { notModified: false, data: data as T, etag: response.headers.get('etag') };
}
