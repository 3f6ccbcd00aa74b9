import {
  CompiledQuery,
  type Driver,
  Kysely,
  type Logger,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
} from 'kysely';
import pg from 'pg';
import { ANSWER_MARGIN_MS, DatabaseTimeoutError, type DatabaseTimeouts } from './engine-errors.js';
import { GuardedClient } from './postgres-client.js';
import { preludeStatements, takePrelude } from './transaction-prelude.js';
import { typeParsers } from './type-parsers.js';

/** A pg pool behind Kysely, every query with a deadline (see GuardedClient). */
export function openPostgres(
  databaseUrl: string,
  options: { poolSize?: number; timeouts: DatabaseTimeouts; log?: Logger; prepareStatements?: boolean },
): Kysely<unknown> {
  const { timeouts } = options;
  const limits = serverLimits(timeouts);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
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
  return new Kysely<unknown>({
    dialect: new GuardedPostgresDialect(pool, timeouts, options.prepareStatements ?? true),
    log: options.log,
  });
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
  readonly #settings: string;
  constructor(pool: pg.Pool, timeouts: DatabaseTimeouts, prepare: boolean) {
    super({ pool: new GuardedPool(pool, timeouts, prepare) });
    this.#settings = Object.entries(serverLimits(timeouts))
      .map(([name, ms]) => `set local ${name} = ${ms}`)
      .join('; ');
  }
  override createDriver(): Driver {
    const driver = super.createDriver();
    const settings = this.#settings;
    const beginTransaction = driver.beginTransaction.bind(driver);
    driver.beginTransaction = async (connection, transaction) => {
      const store = takePrelude();
      const statements = [settings, ...(store ? [preludeStatements(store.prelude)] : [])].join('; ');
      // One simple-protocol message: several statements, no parameters. Kysely's connection keeps the rows of a
      // single statement only, so the pool client hands the last statement's rows to the prelude.
      const run = (text: string) => {
        if (store) store.sending = text;
        return connection.executeQuery(CompiledQuery.raw(text));
      };
      if (transaction.isolationLevel || transaction.accessMode) {
        try {
          await beginTransaction(connection, transaction);
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
