import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type Logger } from 'kysely';
import { attachClusters, attachReplicas } from './clusters.js';
import { type DatabaseTimeouts, DEFAULT_TIMEOUTS } from './engine-errors.js';
import { SerializedPGliteDialect } from './pglite-engine.js';
import { openPostgres } from './postgres-engine.js';
import { typeParsers } from './type-parsers.js';

/**
 * The database engine: PGlite (embedded, one connection behind a queue: pglite-engine.ts) or a PostgreSQL pool
 * (postgres-engine.ts, each query with a deadline: postgres-client.ts). Both begin a transaction with its prelude
 * (transaction-prelude.ts) and convert values with the same parsers (type-parsers.ts).
 */
export {
  DatabaseConnectionLostError,
  DatabaseTimeoutError,
  type DatabaseTimeouts,
  DEFAULT_TIMEOUTS,
  NestedDatabaseCallError,
} from './engine-errors.js';
export {
  holdingConnection,
  type TransactionAccess,
  type TransactionPrelude,
  withTransactionPrelude,
} from './transaction-prelude.js';
export { typeParsers } from './type-parsers.js';

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
  timeouts?: DatabaseTimeouts;
  /** Sees every query Kysely runs (the bench records an endpoint's SQL with it). */
  log?: Logger;
  /**
   * PostgreSQL: run Kysely's queries as named prepared statements, parsed and planned once per connection
   * (default true). Off behind a pooler that cannot keep them (PgBouncer in transaction mode before 1.21).
   */
  prepareStatements?: boolean;
  /**
   * PostgreSQL: the other clusters companies may be placed on (CLUSTERS), each a pool with the same options,
   * reached through `databaseOf` (db/clusters.ts); the database of `databaseUrl` is the cluster `main`.
   */
  clusters?: readonly { name: string; url: string }[];
  /**
   * PostgreSQL: the streaming replica of some clusters (REPLICAS: cluster name and URL), each a pool with the same
   * options, reached through `replicaOf` (db/clusters.ts) by report reads only (db/report-reads.ts).
   */
  replicas?: readonly { name: string; url: string }[];
}

export function openDatabase(options: EngineOptions): Database {
  const timeouts = options.timeouts ?? DEFAULT_TIMEOUTS;
  if (options.databaseUrl) {
    const db = openPostgres(options.databaseUrl, { ...options, timeouts });
    const extra = new Map((options.clusters ?? []).map((c) => [c.name, openPostgres(c.url, { ...options, timeouts })]));
    attachClusters(db, extra);
    const replicas = new Map(
      (options.replicas ?? []).map((r) => [r.name, openPostgres(r.url, { ...options, timeouts })]),
    );
    attachReplicas(db, replicas);
    const close = async () => {
      await Promise.all([db, ...extra.values(), ...replicas.values()].map((each) => each.destroy()));
    };
    return { kind: 'postgres', db, close };
  }
  if (options.clusters?.length) throw new Error('CLUSTERS needs DATABASE_URL: the embedded database is one cluster.');
  if (options.replicas?.length) throw new Error('REPLICAS needs DATABASE_URL: the embedded database has no replica.');
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const pglite = new PGlite({ dataDir: options.dataDir, parsers: typeParsers });
  const db = new Kysely<unknown>({
    dialect: new SerializedPGliteDialect(pglite, timeouts.statementMs),
    log: options.log,
  });
  return { kind: 'pglite', db, close: () => db.destroy() };
}
