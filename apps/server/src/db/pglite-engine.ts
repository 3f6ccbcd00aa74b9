import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { DatabaseTimeoutError, NestedDatabaseCallError } from './engine-errors.js';
import { PGliteStatements, runOnPGlite } from './pglite-wire.js';
import { statementName } from './prepared-names.js';
import { isHoldingConnection, preludeStatements, takePrelude } from './transaction-prelude.js';
import { typeParsers } from './type-parsers.js';

/**
 * PGlite is one connection. This dialect queues callers: a transaction holds the connection until it commits or
 * rolls back, so a plain query cannot slip into another request's open transaction, and a caller that waits too
 * long gets a 503 (SerializedDriver). (Kysely 0.29 ships a PGlite dialect but needs Node 22; this is its core.)
 */
export class SerializedPGliteDialect implements Dialect {
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
        CompiledQuery.raw(`begin${isolation}; ${preludeStatements(store.prelude)}`),
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
    if (isHoldingConnection()) throw new NestedDatabaseCallError();
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
