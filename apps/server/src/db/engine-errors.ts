/**
 * How long the database may take before a request gives up with a 503 instead of hanging (docs/design.md §9).
 * PostgreSQL: `connectMs` bounds opening a connection and waiting for a free one; `statementMs` is the server's
 * statement_timeout (a lock wait gets half of it, an idle open transaction twice), and a query whose answer has
 * not arrived a second after that is abandoned on the client, its connection discarded: that is what catches a
 * server or network that has stalled, which no server-side timeout can. PGlite: `statementMs` bounds the wait
 * for the one connection.
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { connectMs: 3000, statementMs: 5000 };
/** How long after the statement timeout the client still waits for the server's own cancel to arrive. */
export const ANSWER_MARGIN_MS = 1000;

/** The database did not answer in time; the error handler turns it into a 503 with a plain message. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'DB_TIMEOUT';
  constructor(message = 'The database did not answer in time.') {
    super(message);
    this.name = 'DatabaseTimeoutError';
  }
}

/**
 * PostgreSQL ended the connection (a restart, `pg_terminate_backend`) or it broke under a request; the error
 * handler turns it into a 503 with a plain message, and the connection is not given back to the pool.
 */
export class DatabaseConnectionLostError extends Error {
  readonly code = 'DB_CONNECTION_LOST';
  constructor(cause: unknown) {
    super('The connection to the database was lost.', { cause });
    this.name = 'DatabaseConnectionLostError';
  }
}

/**
 * The failures of a connection that is gone: the server's shutdown codes (admin_shutdown, crash_shutdown,
 * cannot_connect_now), class 08 (connection exception), and what pg says of a socket that closed under a query or
 * a client used after that ("Connection terminated unexpectedly", "… is not queryable").
 */
const LOST_CODES = /^(08...|57P0[123])$/;
const LOST_MESSAGES = /Connection terminated|is not queryable|ECONNRESET|EPIPE|socket has been ended/i;
export function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && LOST_CODES.test(code)) || LOST_MESSAGES.test(String(message ?? ''));
}

/** A database call made inside a transaction that asked for a second connection instead of using the transaction. */
export class NestedDatabaseCallError extends Error {
  constructor() {
    super('Nested database call inside a transaction: use the transaction you were given');
    this.name = 'NestedDatabaseCallError';
  }
}
