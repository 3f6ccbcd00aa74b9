import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  PGliteDialect,
  PostgresDialect,
  type TransactionSettings,
} from 'kysely';
import pg from 'pg';

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
}

export function openDatabase(options: EngineOptions): Database {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      types: {
        getTypeParser: ((oid: number, format?: string) =>
          typeParsers[oid] ?? pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client that loses its server emits 'error'; without a listener Node would crash.
    pool.on('error', () => {});
    const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool }) });
    return { kind: 'postgres', db, close: () => db.destroy() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, parsers: typeParsers });
  const db = new Kysely<unknown>({ dialect: new SerializedPGliteDialect(pglite) });
  return { kind: 'pglite', db, close: () => db.destroy() };
}

/**
 * PGlite is one connection. Kysely's PGlite driver hands that connection to every caller at once, so a plain
 * query could slip into another request's open transaction. This dialect queues callers: a transaction holds
 * the connection until it commits or rolls back.
 */
class SerializedPGliteDialect extends PGliteDialect {
  constructor(pglite: PGlite) {
    super({ pglite });
  }
  override createDriver(): Driver {
    return new SerializedDriver(super.createDriver());
  }
}

class SerializedDriver implements Driver {
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | undefined;
  constructor(private readonly inner: Driver) {}
  init() {
    return this.inner.init();
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    this.#release = release;
    return this.inner.acquireConnection();
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const release = this.#release;
    this.#release = undefined;
    release?.();
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
