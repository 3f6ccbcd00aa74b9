import type { Writable } from 'node:stream';
import type { PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { DatabaseConnectionLostError, DatabaseTimeoutError, isConnectionLost } from './engine-errors.js';
import { statementName } from './prepared-names.js';
import { lastRows, preludeSending } from './transaction-prelude.js';

/** The transaction's own statements, which the pool client handles itself (GuardedClient). */
const COMMIT = 'commit';
const ROLLBACK = 'rollback';
const COMMITTED = { command: 'COMMIT', rowCount: null, rows: [], fields: [] };
const ROLLED_BACK = { command: 'ROLLBACK', rowCount: null, rows: [], fields: [] };
const ignore = () => {};

/**
 * A pool client whose queries give up after `deadlineMs`. A query that has not been answered by then is on a
 * connection in an unknown state (a stalled server or network): it is failed at once, so are the rest of its
 * transaction's statements, and the connection is discarded instead of going back to the pool.
 */
export class GuardedClient implements PostgresPoolClient {
  #failure: DatabaseTimeoutError | undefined;
  #stale = false;
  /** BEGIN's answer and its prelude's check, while the statements sent behind it wait for them. */
  #begun: Promise<void> | undefined;
  /** The open transaction was declared `read only` by its caller (TransactionPrelude.access). */
  #readOnly = false;
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
    if (text === COMMIT) return this.#commit(begun);
    const prelude = preludeSending(text);
    const beginning = prelude !== undefined || (typeof text === 'string' && text.startsWith('begin'));
    if (beginning) this.#holdWrites();
    const answer = this.#send(args);
    if (!(answer instanceof Promise)) return answer; // a cursor: its reads are not guarded
    if (beginning) {
      // BEGIN: what is sent behind it waits for its answer and its prelude's check (the account) before its own.
      this.#readOnly = prelude?.access === 'read only';
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
   * rolled back instead). A transaction declared `read only` has nothing to commit (the database refused any write
   * in it): its COMMIT is sent and the connection goes back at once, its answer not awaited (the next user's
   * statements queue behind it on the same connection). Any other waits for the answer, as its caller must know
   * the commit held.
   */
  async #commit(begun: Promise<void> | undefined): Promise<unknown> {
    if (begun) await begun;
    const answer = this.#send([COMMIT]) as Promise<unknown>;
    const readOnly = this.#readOnly;
    this.#readOnly = false;
    if (!readOnly) return answer;
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
