import { notifications } from '@mantine/notifications';
import type { ErrorBody } from '@plotbook/domain';
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

/** A JSON object whose only key holds an array is that array (some list endpoints wrap their rows). */
function unwrapSingleArray(data: unknown): unknown {
  if (data && typeof data === 'object' && !Array.isArray(data)) {
    const values = Object.values(data);
    if (values.length === 1 && Array.isArray(values[0])) return values[0];
  }
  return data;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getToken();
  if (token && !path.includes('/demo-requests')) headers.Authorization = `Bearer ${token}`;
  // A FormData body goes as multipart/form-data; fetch writes that Content-Type with its boundary.
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Could not reach the server. Check your connection and try again.');
  }

  const data = await readBody(response);
  if (!response.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as Partial<ErrorBody>;
    const message = body.message ?? (typeof data === 'string' && data ? data : response.statusText);
    if (response.status === 401 && !options.isAuthCall) handleSessionExpired();
    throw new ApiError(response.status, message || `Request failed (${response.status})`, body.fields);
  }
  return unwrapSingleArray(data) as T;
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
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * A key for one form submission: money-writing POSTs send it as `Idempotency-Key`, so a double click or a retry
 * of the same submission is recorded once. Make a new key when the form is reset after a successful save.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
