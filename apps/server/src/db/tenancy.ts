import type { Kysely, Transaction } from 'kysely';
import { databaseOf } from './clusters.js';
import {
  holdingConnection,
  type TransactionAccess,
  type TransactionPrelude,
  withTransactionPrelude,
} from './engine.js';
import type { PlatformTables, TenantTables } from './types.js';

export const PLATFORM_SCHEMA = 'platform';

export interface TenantRecord {
  tenantId: string;
  dbName: string;
  dbUsername: string;
  /**
   * The cluster its schema and role are on (`platform.tenants.cluster`, db/clusters.ts). Every record read from the
   * platform has it; one built by hand (a test's, the demo seed's) without it is on `main`.
   */
  cluster?: string;
  /** Being moved to another cluster (db/company-move.ts): it answers 503 until the move is done. */
  moving?: boolean;
}

/** The platform columns a TenantRecord is read from, and the record of such a row. */
export const TENANT_RECORD_COLUMNS = ['tenant_id', 'db_name', 'db_username', 'cluster', 'moving_to'] as const;
export const tenantRecordOf = (row: {
  tenant_id: string;
  db_name: string;
  db_username: string;
  cluster: string;
  moving_to: string | null;
}): TenantRecord => ({
  tenantId: row.tenant_id,
  dbName: row.db_name,
  dbUsername: row.db_username,
  cluster: row.cluster,
  ...(row.moving_to === null ? {} : { moving: true }),
});

/** A tenant's handle: one transaction, running as the tenant's role, with the tenant's schema as its search path. */
export type TenantDb = Transaction<TenantTables>;

export const platformDb = (db: Kysely<unknown>) => (db as Kysely<PlatformTables>).withSchema(PLATFORM_SCHEMA);

const IDENTIFIER = /^[a-z][a-z0-9_]{2,40}$/;
export function assertIdentifier(name: string): string {
  // Names are validated by the API too; this guard keeps any other caller from building SQL with a bad name.
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing unsafe identifier: ${name}`);
  return `"${name}"`;
}

type AfterCommitTask = () => Promise<unknown> | unknown;

/** The after-commit queue of each open tenant transaction, keyed by the handle `runAsTenant` gave out. */
const afterCommitQueues = new WeakMap<object, AfterCommitTask[]>();

/**
 * Queues `task` to run once the transaction of `tdb` has committed (in the order queued, each awaited, outside
 * the transaction); a rollback drops it. Mail goes out this way: a message about a change that was rolled back
 * is never sent, and the outbox mailer's own write does not wait for the transaction that queued it. A task's
 * error is the caller's error (the transaction stands), and the tasks after it do not run.
 */
export function afterCommit(tdb: TenantDb, task: AfterCommitTask): void {
  const queue = afterCommitQueues.get(tdb);
  if (!queue) throw new Error('afterCommit needs the open transaction runAsTenant gave, not a copy or a closed one.');
  queue.push(task);
}

/** The before-commit queue of each open tenant transaction (see `beforeCommit`). */
const beforeCommitQueues = new WeakMap<object, AfterCommitTask[]>();

/**
 * Queues `task` to run inside the transaction of `tdb` once its work is done, just before the commit (in the order
 * queued, each awaited); its error rolls the transaction back. The audit trail's rows are written this way
 * (lib/audit.ts), last, so the chain's lock is the last one a transaction takes.
 */
export function beforeCommit(tdb: TenantDb, task: AfterCommitTask): void {
  const queue = beforeCommitQueues.get(tdb);
  if (!queue) throw new Error('beforeCommit needs the open transaction runAsTenant gave, not a copy or a closed one.');
  queue.push(task);
}

/**
 * Runs `fn` in one transaction as the tenant's role: `SET LOCAL ROLE` first, then every query goes to the
 * tenant's schema. A query that strays into another schema fails with a permission error instead of leaking.
 * Tasks queued with `afterCommit` run after the commit. Inside `fn`, use `tdb` only: a nested database call on
 * the root handle fails at once on the embedded database (see NestedDatabaseCallError). A caller that only reads
 * says so with `access` = `read only`: the database then refuses any write in it, and on PostgreSQL its COMMIT is
 * not waited for (see TransactionAccess). `db` is the main handle: the transaction runs on the company's cluster's
 * pool (`databaseOf`, db/clusters.ts), or on `replica` when a read only caller was given one (`replicaOf`, chosen by
 * db/report-reads.ts).
 */
export async function runAsTenant<T>(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  fn: (tdb: TenantDb) => Promise<T>,
  account?: AccountCheck,
  access: TransactionAccess = 'read write',
  replica?: Kysely<unknown>,
): Promise<T> {
  if (replica && access !== 'read only') throw new Error('Only a read only transaction may run on a replica.');
  const role = assertIdentifier(tenant.dbUsername);
  const schema = assertIdentifier(tenant.dbName);
  const queue: AfterCommitTask[] = [];
  let tdb: TenantDb | undefined;
  try {
    // The role switch and the company's schema travel with BEGIN (one round trip) and hold for every statement of
    // the transaction. The schema is the search path, not a prefix Kysely writes into each query: every company
    // runs the same query texts, so a prepared statement serves them all (db/engine.ts statementName), and no
    // query is rewritten per request.
    const prelude: TransactionPrelude = {
      statements: [
        `set local role ${role}`,
        `set local search_path to ${schema}`,
        ...(account ? [accountQuery(account.userId)] : []),
      ].join('; '),
      access,
      // An account that is gone, disabled or signed out ends the request here: none of its statements' answers
      // reach it, and its transaction is rolled back.
      check: account && ((rows) => account.accept((rows[0] as TenantUserFacts | undefined) ?? undefined)),
    };
    const result = await withTransactionPrelude(prelude, () =>
      ((replica ?? databaseOf(db, tenant)) as Kysely<TenantTables>).transaction().execute(async (trx) => {
        const handle = trx as TenantDb;
        tdb = handle;
        afterCommitQueues.set(handle, queue);
        const beforeQueue: AfterCommitTask[] = [];
        beforeCommitQueues.set(handle, beforeQueue);
        // On PostgreSQL the first statements go out before BEGIN's answer (db/engine.ts): the transaction ends only
        // once that answer and the account check are in, and a refused account's error is the one the caller gets.
        let value: T;
        try {
          value = await holdingConnection(() => fn(handle));
        } catch (error) {
          await prelude.ready;
          throw error;
        }
        await prelude.ready;
        // `beforeCommit` tasks (the audit trail's rows), after the account check: a refused request writes none.
        await holdingConnection(async () => {
          for (const task of beforeQueue) await task();
        });
        beforeCommitQueues.delete(handle);
        return value;
      }),
    );
    if (tdb) afterCommitQueues.delete(tdb);
    for (const task of queue) await task();
    return result;
  } finally {
    if (tdb) afterCommitQueues.delete(tdb);
  }
}

/** What a request's account check reads of its user. */
export interface TenantUserFacts {
  id: number;
  user_name: string;
  email_id: string;
  role: 'TENANT_ADMIN' | 'USER';
  token_version: number;
  enabled: boolean;
}

/**
 * A signed-in request's account check, run with its transaction's BEGIN (no round trip of its own): `accept` gets
 * the user's row (undefined when there is none) before the request's own work, and throws to end the request.
 */
export interface AccountCheck {
  userId: number;
  accept(user: TenantUserFacts | undefined): void;
}

/** The account check's query: the user id is a verified token's, checked to be a positive integer again here. */
function accountQuery(userId: number): string {
  if (!Number.isSafeInteger(userId) || userId <= 0) throw new Error(`Refusing unsafe user id: ${userId}`);
  return `select id, user_name, email_id, role, token_version, enabled from users where id = ${userId}`;
}

/**
 * One tenant user's sign-in facts, read by id in the tenant's own schema (named explicitly): the account check
 * of a signed-in request that opened no company transaction (plugins/auth.ts). It can only reach the tenant the
 * host already resolved, on that company's cluster.
 */
export function readTenantUser(db: Kysely<unknown>, tenant: TenantRecord, userId: number) {
  return (databaseOf(db, tenant) as Kysely<TenantTables>)
    .withSchema(tenant.dbName)
    .selectFrom('users')
    .select(['id', 'user_name', 'email_id', 'role', 'token_version', 'enabled'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** One platform admin's sign-in facts, for the auth plugin. */
export function readPlatformAdmin(db: Kysely<unknown>, adminId: number) {
  return platformDb(db)
    .selectFrom('platform_admins')
    .select(['id', 'name', 'email', 'token_version'])
    .where('id', '=', adminId)
    .executeTakeFirst();
}

/** One tenant's record by its id (the host's company), or undefined. */
export async function findTenantRecord(db: Kysely<unknown>, tenantId: string): Promise<TenantRecord | undefined> {
  const row = await platformDb(db)
    .selectFrom('tenants')
    .select(TENANT_RECORD_COLUMNS)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row && tenantRecordOf(row);
}
