import { AsyncLocalStorage } from 'node:async_hooks';

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

/** Whether the code running now is a transaction's body holding its connection. */
export function isHoldingConnection(): boolean {
  return transactionScope.getStore() === true;
}

/**
 * What a transaction may do, as its caller declares it. `read only`: the database refuses any write in it (the
 * transaction begins with `set transaction read only`), so it has nothing to commit and on PostgreSQL its COMMIT is
 * sent without waiting for the answer (GuardedClient). `read write` (the default): its COMMIT is awaited, as its
 * caller must know the commit held.
 */
export type TransactionAccess = 'read only' | 'read write';

/**
 * Statements to run in the same round trip as the next BEGIN (see `withTransactionPrelude`): each tenant request
 * opens its transaction with its role switch, its schema and its account check in the one message that begins
 * it, one round trip instead of several.
 */
export interface TransactionPrelude {
  /** Trusted SQL, no parameters, separated by `;`. */
  statements: string;
  /** Defaults to `read write`; see TransactionAccess. */
  access?: TransactionAccess;
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

/** The prelude's statements as they follow BEGIN, the access mode first. */
export function preludeStatements(prelude: TransactionPrelude): string {
  return prelude.access === 'read only' ? `set transaction read only; ${prelude.statements}` : prelude.statements;
}

/** `sending`: the BEGIN text on its way, whose answer the pool client hands to the prelude (GuardedClient). */
export interface PreludeStore {
  prelude: TransactionPrelude;
  used: boolean;
  sending?: string;
}
const transactionPrelude = new AsyncLocalStorage<PreludeStore>();

/** Runs `fn` so the first transaction it begins also runs the prelude's statements with BEGIN. */
export function withTransactionPrelude<T>(prelude: TransactionPrelude, fn: () => Promise<T>): Promise<T> {
  return transactionPrelude.run({ prelude, used: false }, fn);
}

/** The prelude for the transaction being begun now, once. */
export function takePrelude(): PreludeStore | null {
  const store = transactionPrelude.getStore();
  if (!store || store.used) return null;
  store.used = true;
  return store;
}

/** The prelude whose BEGIN text is `text`, as the pool client sends it (see PreludeStore.sending). */
export function preludeSending(text: unknown): TransactionPrelude | undefined {
  const store = transactionPrelude.getStore();
  return store && store.sending === text ? store.prelude : undefined;
}

/** What a simple-protocol query answered: one result, or one per statement; the last one's rows. */
export function lastRows(answer: unknown): Record<string, unknown>[] {
  const last = Array.isArray(answer) ? answer.at(-1) : answer;
  return (last as { rows?: Record<string, unknown>[] } | undefined)?.rows ?? [];
}
