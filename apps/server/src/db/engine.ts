import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import type { Writable } from 'node:stream';
import { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type Logger,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type PostgresPool,
  type PostgresPoolClient,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';
import { PGliteStatements, runOnPGlite } from './pglite-wire.js';

/**
 * The one place where column values are converted for both engines:
 * int8 (money in paise, counts) and numeric (areas, sums) become JS numbers — paise stay far below 2^53 —
 * and `date` stays the `YYYY-MM-DD` string it is stored as, never a time-zone-shifted Date.
 */
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (value: string) => Number(value);
const keepString = (value: string) => value;
export const typeParsers: Record<number, (value: string) => unknown> = {
  [INT8]: toNumber,
  [NUMERIC]: toNumber,
  [DATE]: keepString,
};

export type EngineKind = 'pglite' | 'postgres';

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
const ANSWER_MARGIN_MS = 1000;

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
function isConnectionLost(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return (typeof code === 'string' && LOST_CODES.test(code)) || LOST_MESSAGES.test(String(message ?? ''));
}

/**
 * Marks the code that runs inside a transaction holding a connection (see `holdingConnection`). On PGlite, a
 * database call from there that asks for a connection of its own (a nested `runAsTenant`, a platform query on
 * the root handle) would wait for the very transaction that waits for it: SerializedDriver throws
 * NestedDatabaseCallError instead.
 */
const transactionScope = new AsyncLocalStorage<true>();

/** Runs `fn` (a transaction's body) marked as holding its connection; see NestedDatabaseCallError. */
export function holdingConnection<T>(fn: () => Promise<T>): Promise<T> {
  return transactionScope.run(true, fn);
}

/**
 * Statements to run in the same round trip as the next BEGIN (see `withTransactionPrelude`): each tenant request
 * opens its transaction with its role switch, its schema and its account check in the one message that begins
 * it, one round trip instead of several.
 */
export interface TransactionPrelude {
  /** Trusted SQL, no parameters, separated by `;`. */
  statements: string;
  /** After BEGIN: the rows of the last statement (an account check's `select`). */
  rows?: Record<string, unknown>[];
  /**
   * Gets those rows once BEGIN has answered; throwing refuses the transaction: nothing of it is answered to its
   * caller or committed, and the error is what the transaction's queries (and `ready`) fail with.
   */
  check?: (rows: Record<string, unknown>[]) => void;
  /**
   * Set by the driver as it begins: settles once BEGIN has answered and `check` has passed, rejects otherwise. On
   * PostgreSQL the transaction's first statements go out before that answer is in (GuardedClient), so the one who
   * ends the transaction awaits this first (runAsTenant).
   */
  ready?: Promise<void>;
}
/** `sending`: the BEGIN text on its way, whose answer the pool client hands to the prelude (GuardedClient). */
const transactionPrelude = new AsyncLocalStorage<{ prelude: TransactionPrelude; used: boolean; sending?: string }>();

/** Runs `fn` so the first transaction it begins also runs the prelude's statements with BEGIN. */
export function withTransactionPrelude<T>(prelude: TransactionPrelude, fn: () => Promise<T>): Promise<T> {
  return transactionPrelude.run({ prelude, used: false }, fn);
}

/** The prelude for the transaction being begun now, once. */
function takePrelude() {
  const store = transactionPrelude.getStore();
  if (!store || store.used) return null;
  store.used = true;
  return store;
}

/** What a simple-protocol query answered: one result, or one per statement; the last one's rows. */
function lastRows(answer: unknown): Record<string, unknown>[] {
  const last = Array.isArray(answer) ? answer.at(-1) : answer;
  return (last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? [];
}

/** A database call made inside a transaction that asked for a second connection instead of using the transaction. */
export class NestedDatabaseCallError extends Error {
  constructor() {
    super('Nested database call inside a transaction: use the transaction you were given');
    this.name = 'NestedDatabaseCallError';
  }
}

export interface Database {
  kind: EngineKind;
  db: Kysely<unknown>;
  close(): Promise<void>;
}

export interface EngineOptions {
  /** PostgreSQL connection string; when absent, PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; `undefined` keeps the database in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  timeouts?: DatabaseTimeouts;
  /** Sees every query Kysely runs (the bench records an endpoint's SQL with it). */
  log?: Logger;
  /**
   * PostgreSQL: run Kysely's queries as named prepared statements, parsed and planned once per connection
   * (default true). Off behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  prepareStatements?: boolean;
}

export function openDatabase(options: EngineOptions): Database {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  if (options.databaseUrl) {
    const limits = serverLimits(timeouts);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      connectionTimeoutMillis: timeouts.connectMs,
      keepAlive: true,
      // Queries are written as they are issued, without waiting for the answers before them: a transaction's first
      // statement travels with its BEGIN (GuardedPostgresDialect), one round trip for both.
      pipeline: true,
      // Startup parameters cover the statements outside a transaction; transactions set them again with SET LOCAL
      // (see GuardedPostgresDialect), which also holds behind PgBouncer, where these may have to be ignored.
      statement_timeout: limits.statement_timeout,
      lock_timeout: limits.lock_timeout,
      idle_in_transaction_session_timeout: limits.idle_in_transaction_session_timeout,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server emits 'error'; without a listener Node would crash.
    pool.on('error', () => {});
    const db = new Kysely<unknown>({
      dialect: new GuardedPostgresDialect(pool, timeouts, options.prepareStatements ?? true),
      log: options.log,
    });
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, parsers: typeParsers });
  const db = new Kysely<unknown>({
    dialect: new SerializedPGliteDialect(pglite, timeouts.statementMs),
    log: options.log,
  });
  return { kind: 'pglite', db, close: () => db.destroy() };
}

/** The server-side limits, in milliseconds, derived from the statement timeout. */
function serverLimits({ statementMs }: DatabaseTimeouts) {
  return {
    statement_timeout: statementMs,
    lock_timeout: Math.ceil(statementMs / 2),
    idle_in_transaction_session_timeout: statementMs * 2,
  };
}

/**
 * PostgreSQL with a deadline on every query. Each transaction begins with its limits as `SET LOCAL` in the same
 * round trip as BEGIN.
 */
class GuardedPostgresDialect extends PostgresDialect {
  readonly #begin: string;
  constructor(pool: pg.Pool, timeouts: DatabaseTimeouts, prepare: boolean) {
    super({ pool: new GuardedPool(pool, timeouts, prepare) });
    const settings = Object.entries(serverLimits(timeouts)).map(([name, ms]) => `set local ${name} = ${ms}`);
    this.#begin = ['begin', ...settings].join('; ');
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    const begin = this.#begin;
    const beginTransaction = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (connection, settings) => {
      const store = takePrelude();
      const statements = [begin.slice('begin; '.length), ...(store ? [store.prelude.statements] : [])].join('; ');
      // One simple-protocol message: several statements, no parameters. Kysely's connection keeps the rows of a
      // single statement only, so the pool client hands the last statement's rows to the prelude.
      const run = (text: string) => {
        if (store) store.sending = text;
        return connection.executeQuery(CompiledQuery.raw(text));
      };
      if (settings.isolationLevel || settings.accessMode) {
        try {
          await beginTransaction(connection, settings);
          await run(statements);
        } catch (error) {
          // A failed prelude leaves an aborted transaction open: end it before the connection goes back.
          await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
          throw error;
        }
        return;
      }
      // Not awaited: the transaction's first statement goes out right behind BEGIN, in the same round trip, and
      // the pool client holds that statement's answer until BEGIN's has come and passed the prelude's check
      // (GuardedClient). A BEGIN that failed fails the statements after it, and Kysely rolls back.
      run(`begin; ${statements}`).catch(() => {});
    };
    return driver;
  }
}

/**
 * The prepared statement name of a query text: the same text gets the same name on every connection. A
 * statement is parsed and planned once per connection and then only bound and run: on the bench's list and
 * report queries, planning was up to a third of their time on PostgreSQL. Texts are few (one per query shape in
 * the code, one per company schema); past MAX_PREPARED_TEXTS (a shape with a variable-length list, say) new texts
 * run unnamed, so neither this map nor any connection's statements grow without bound.
 */
const preparedNames = new Map<string, string>();
const MAX_PREPARED_TEXTS = 1000;
/** Queries, not the transaction's own statements or several statements in one text (the BEGIN prelude). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b[^;]*$/i;
/**
 * A text whose length follows its input: several rows of `values`, or an `in` list of parameters. Each row count
 * is a text of its own, and its plan grows with it: kept, 2,000 plots saved one count at a time held 1.4 GB of plans
 * on PGlite (attack pass). Such texts run unnamed.
 */
const VARIABLE_LENGTH = /\bvalues\s*\([^()]*\)\s*,\s*\(|\bin\s*\(\s*\$\d+\s*,/i;
function statementName(text: string): string | undefined {
  if (!PREPARABLE.test(text)) return undefined;
  const known = preparedNames.get(text);
  if (known !== undefined || preparedNames.size >= MAX_PREPARED_TEXTS || VARIABLE_LENGTH.test(text)) return known;
  const name = `pb${preparedNames.size.toString(36)}`;
  preparedNames.set(text, name);
  return name;
}

/**
 * A statement that only reads: a plain `select` that takes no row locks and no advisory lock. A transaction of
 * such statements alone has nothing to commit, so its COMMIT is sent without waiting for the answer (GuardedClient).
 * Anything else (a `with`, which may write, DDL, `set`) counts as a write. Kept per text, as prepared names are.
 */
const readsOnly = new Map<string, boolean>();
const SELECT = /^\s*select\b/i;
const LOCKS = /\bfor\s+(?:update|share|no\s+key\s+update|key\s+share)\b|pg_advisory/i;
function isReadOnly(text: string): boolean {
  const known = readsOnly.get(text);
  if (known !== undefined) return known;
  const reads = SELECT.test(text) && !LOCKS.test(text);
  if (readsOnly.size < MAX_PREPARED_TEXTS) readsOnly.set(text, reads);
  return reads;
}

/** The transaction's own statements, which the pool client handles itself (GuardedClient). */
const COMMIT = 'commit';
const ROLLBACK = 'rollback';
const COMMITTED = { command: 'COMMIT', rowCount: null, rows: [], fields: [] };
const ROLLED_BACK = { command: 'ROLLBACK', rowCount: null, rows: [], fields: [] };
const ignore = () => {};

/** Hands out pool clients whose queries have a deadline (see GuardedClient); connect errors become 503s. */
class GuardedPool implements PostgresPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeouts: DatabaseTimeouts,
    private readonly prepare: boolean,
  ) {}
  async connect(): Promise<PostgresPoolClient> {
    const client = await this.pool.connect().catch((error: Error) => {
      // pg-pool's own wording for "no connection within connectionTimeoutMillis".
      if (/timeout/i.test(error.message)) throw new DatabaseTimeoutError();
      throw error;
    });
    return new GuardedClient(client, this.timeouts.statementMs + ANSWER_MARGIN_MS, this.prepare);
  }
  get options() {
    return this.pool.options;
  }
  end(): Promise<void> {
    return this.pool.end();
  }
}

/**
 * A pool client whose queries give up after `deadlineMs`. A query that has not been answered by then is on a
 * connection in an unknown state (a stalled server or network): it is failed at once, so are the rest of its
 * transaction's statements, and the connection is discarded instead of going back to the pool.
 */
class GuardedClient implements PostgresPoolClient {
  #failure: DatabaseTimeoutError | undefined;
  #stale = false;
  /** BEGIN's answer and its prelude's check, while the statements sent behind it wait for them. */
  #begun: Promise<void> | undefined;
  /** A statement of this transaction may have written (see isReadOnly). */
  #writes = false;
  /**
   * pg-pool listens for a connection's errors only while it is idle: a checked-out connection whose server goes
   * away (a restart, pg_terminate_backend) would emit 'error' with no listener, which ends the Node process. Its
   * query fails on its own; this only keeps the process up and sends the connection away on release.
   */
  readonly #onError = () => {
    this.#stale = true;
  };
  constructor(
    private readonly client: pg.PoolClient,
    private readonly deadlineMs: number,
    private readonly prepare: boolean,
  ) {
    client.on('error', this.#onError);
  }

  // pg's overloads (text + values, or a cursor) pass through as given; Kysely's (text, values) become named
  // prepared statements (see statementName).
  readonly query = ((...args: unknown[]) => {
    if (this.#failure && args[0] === ROLLBACK) return Promise.resolve(ROLLED_BACK);
    if (this.#failure && typeof args[0] === 'string') return Promise.reject(this.#failure);
    const [text] = args;
    const begun = this.#begun;
    if (typeof text === 'string') {
      if (text === COMMIT) return this.#commit(begun);
      if (text !== ROLLBACK && !text.startsWith('begin') && !isReadOnly(text)) this.#writes = true;
    }
    const store = transactionPrelude.getStore();
    const prelude = store && store.sending === text ? store.prelude : undefined;
    const beginning = prelude !== undefined || (typeof text === 'string' && text.startsWith('begin'));
    if (beginning) this.#holdWrites();
    const answer = this.#send(args);
    if (!(answer instanceof Promise)) return answer; // a cursor: its reads are not guarded
    if (beginning) {
      // BEGIN: what is sent behind it waits for its answer and its prelude's check (the account) before its own.
      this.#writes = false;
      const checked = answer.then((value) => {
        if (!prelude) return;
        prelude.rows = lastRows(value);
        prelude.check?.(prelude.rows);
      });
      checked.catch(ignore);
      if (prelude) prelude.ready = checked;
      this.#begun = checked;
      checked.then(() => {
        if (this.#begun === checked) this.#begun = undefined;
      }, ignore);
      return checked.then(() => answer);
    }
    // ROLLBACK never waits: it ends the transaction whatever BEGIN answered. Nor does it fail: it runs because
    // something else failed, and that error is the one to answer with (Kysely throws the rollback's own instead).
    // A connection whose ROLLBACK failed is in no known state, so it is discarded.
    if (text === ROLLBACK) {
      return answer.catch(() => {
        this.#stale = true;
        return ROLLED_BACK;
      });
    }
    if (!begun) return answer;
    answer.catch(ignore);
    return begun.then(() => answer);
  }) as PostgresPoolClient['query'];

  /**
   * COMMIT goes out only once BEGIN has answered and its check has passed (a refused account's transaction is
   * rolled back instead). A transaction that only read has nothing to commit: its COMMIT is sent and the
   * connection goes back at once, its answer not awaited (the next user's statements queue behind it on the same
   * connection); one that may have written waits for the answer, as its caller must know the commit held.
   */
  async #commit(begun: Promise<void> | undefined): Promise<unknown> {
    if (begun) await begun;
    const answer = this.#send([COMMIT]) as Promise<unknown>;
    if (this.#writes) return answer;
    answer.catch(ignore);
    return COMMITTED;
  }

  /**
   * Holds what is written to the connection until the code running now has issued its statements (the rest of
   * this turn of the event loop): BEGIN and the transaction's first statement leave in one write, which
   * PostgreSQL reads in one go, instead of a write and a wake-up each.
   */
  #holdWrites(): void {
    const stream = (this.client as unknown as { connection?: { stream?: Writable } }).connection?.stream;
    if (!stream || typeof stream.cork !== 'function') return;
    stream.cork();
    process.nextTick(() => stream.uncork());
  }

  /** Sends one query, with a deadline on its answer. */
  #send(args: unknown[]): unknown {
    const [text, values] = args;
    const name = this.prepare && typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    const result = name
      ? this.client.query({ name, text: text as string, values: values as unknown[] })
      : (this.client.query as (...a: unknown[]) => unknown).apply(this.client, args);
    if (!(result instanceof Promise)) return result;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#failure = new DatabaseTimeoutError();
        reject(this.#failure);
      }, this.deadlineMs);
      result.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          // A statement prepared before a migration changed its table's columns cannot run again on this
          // connection ("cached plan must not change result type"): it is not given back to the pool.
          if ((error as { code?: string }).code === '0A000') this.#stale = true;
          if (isConnectionLost(error)) {
            this.#stale = true;
            reject(new DatabaseConnectionLostError(error));
            return;
          }
          reject(error);
        },
      );
    });
  }

  release(discard?: boolean): void {
    this.client.off('error', this.#onError);
    this.client.release(discard || this.#failure !== undefined || this.#stale);
  }
}

/**
 * PGlite is one connection. This dialect queues callers: a transaction holds the connection until it commits or
 * rolls back, so a plain query cannot slip into another request's open transaction, and a caller that waits too
 * long gets a 503 (SerializedDriver). (Kysely 0.29 ships a PGlite dialect but needs Node 22; this is its core.)
 */
class SerializedPGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly waitMs: number,
  ) {}
  createDriver(): Driver {
    return new SerializedDriver(new PGliteDriver(this.pglite), this.waitMs);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createAdapter() {
    return new PostgresAdapter();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}

/** The one PGlite connection as Kysely's driver; SerializedDriver decides who may use it when. */
class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }
  async init() {
    await this.pglite.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    return this.#connection;
  }
  async releaseConnection() {}
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    const store = takePrelude();
    if (!store) {
      await connection.executeQuery(CompiledQuery.raw(`begin${isolation}`));
      return;
    }
    try {
      // One simple-query message (see runOnPGlite), logged like every statement; its answer is the last statement's rows.
      const begun = await connection.executeQuery<Record<string, unknown>>(
        CompiledQuery.raw(`begin${isolation}; ${store.prelude.statements}`),
      );
      store.prelude.rows = begun.rows;
      store.prelude.check?.(begun.rows);
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
      throw error;
    }
  }
  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async destroy() {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  readonly #statements = new PGliteStatements(statementName);
  constructor(private readonly pglite: PGlite) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await runOnPGlite(this.pglite, compiled.sql, compiled.parameters, typeParsers, this.#statements);
    const affected = result.affectedRows;
    const isWrite = ['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode'].includes(
      compiled.query.kind,
    );
    return {
      rows: result.rows as R[],
      ...(isWrite && affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // biome-ignore lint/correctness/useYield: PGlite cannot stream; Kysely's stream() is not used here.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results.');
  }
}

/**
 * One holder at a time, the others wait in line. A caller that has waited `waitMs` gives up with a
 * DatabaseTimeoutError (a 503), so a holder that never finishes cannot hang every request behind it. A running
 * query cannot be interrupted: PGlite runs it on this thread.
 */
class SerializedDriver implements Driver {
  #isHeld = false;
  readonly #waiting: { grant: () => void; timer: NodeJS.Timeout }[] = [];
  constructor(
    private readonly inner: Driver,
    private readonly waitMs: number,
  ) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    // The one connection is held by the transaction this call runs in: waiting would never end.
    if (transactionScope.getStore()) throw new NestedDatabaseCallError();
    if (this.#isHeld) {
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          grant: resolve,
          timer: setTimeout(() => {
            this.#waiting.splice(this.#waiting.indexOf(waiter), 1);
            reject(new DatabaseTimeoutError('The database is busy.'));
          }, this.waitMs),
        };
        this.#waiting.push(waiter);
      });
    }
    this.#isHeld = true;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const next = this.#waiting.shift();
    if (!next) {
      this.#isHeld = false;
      return;
    }
    clearTimeout(next.timer);
    next.grant();
  }
  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    return this.inner.beginTransaction(connection, settings);
  }
  commitTransaction(connection: DatabaseConnection) {
    return this.inner.commitTransaction(connection);
  }
  rollbackTransaction(connection: DatabaseConnection) {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint: Driver['savepoint'] = (...args) => this.inner.savepoint?.(...args) ?? Promise.resolve();
  rollbackToSavepoint: Driver['rollbackToSavepoint'] = (...args) =>
    this.inner.rollbackToSavepoint?.(...args) ?? Promise.resolve();
  releaseSavepoint: Driver['releaseSavepoint'] = (...args) =>
    this.inner.releaseSavepoint?.(...args) ?? Promise.resolve();
  destroy() {
    return this.inner.destroy();
  }
}
