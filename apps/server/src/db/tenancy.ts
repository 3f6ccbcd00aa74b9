import { type Kysely, sql, type Transaction } from 'kysely';
import { conflict } from '../lib/app-error.js';
import {
  holdingConnection,
  type TransactionAccess,
  type TransactionPrelude,
  withTransactionPrelude,
} from './engine.js';
import { MIGRATION_TABLES, migrateSchema, schemaVersion } from './migrate.js';
import { platformMigrations } from './migrations/platform.js';
import { tenantMigrations } from './migrations/tenant.js';
import type { PlatformTables, TenantTables } from './types.js';

export const PLATFORM_SCHEMA = 'platform';

export interface TenantRecord {
  tenantId: string;
  dbName: string;
  dbUsername: string;
}

/** A tenant's handle: one transaction, running as the tenant's role, with the tenant's schema as its search path. */
export type TenantDb = Transaction<TenantTables>;

export const platformDb = (db: Kysely<unknown>) => (db as Kysely<PlatformTables>).withSchema(PLATFORM_SCHEMA);

const IDENTIFIER = /^[a-z][a-z0-9_]{2,40}$/;
function assertIdentifier(name: string): string {
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
 * not waited for (see TransactionAccess).
 */
export async function runAsTenant<T>(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  fn: (tdb: TenantDb) => Promise<T>,
  account?: AccountCheck,
  access: TransactionAccess = 'read write',
): Promise<T> {
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
      (db as Kysely<TenantTables>).transaction().execute(async (trx) => {
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
 * host already resolved.
 */
export function readTenantUser(db: Kysely<unknown>, tenant: TenantRecord, userId: number) {
  return (db as Kysely<TenantTables>)
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
    .select(['tenant_id', 'db_name', 'db_username'])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
  return row && { tenantId: row.tenant_id, dbName: row.db_name, dbUsername: row.db_username };
}

export async function migratePlatform(db: Kysely<unknown>): Promise<string[]> {
  return migrateSchema(db, PLATFORM_SCHEMA, platformMigrations);
}

/** The schema version this code needs in every company (see `schemaVersion`), stamped on `platform.tenants`. */
export const TENANT_SCHEMA_VERSION = schemaVersion(tenantMigrations);

/**
 * The tenant role's rights on its own schema only. `alter default privileges` makes every table and sequence a
 * later migration creates (as the connecting user) the role's at once; `everyTable` also grants on what exists,
 * for schemas made before the default privileges were set. Each `... on all tables in schema` scans the whole
 * `pg_class` (about 96 relations per company), so a new company's creation skips it.
 */
async function grantTenantRights(db: Kysely<unknown>, tenant: TenantRecord, everyTable: boolean): Promise<void> {
  const schema = assertIdentifier(tenant.dbName);
  const role = assertIdentifier(tenant.dbUsername);
  await db.transaction().execute(async (trx) => {
    for (const statement of [
      `revoke all on schema ${schema} from public`,
      `grant usage on schema ${schema} to ${role}`,
      `alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${role}`,
      `alter default privileges in schema ${schema} grant usage, select on sequences to ${role}`,
      ...(everyTable
        ? [
            `grant select, insert, update, delete on all tables in schema ${schema} to ${role}`,
            `grant usage, select on all sequences in schema ${schema} to ${role}`,
          ]
        : []),
      ...MIGRATION_TABLES.map((table) => `revoke all on ${schema}.${table} from ${role}`),
      // The audit trail is append-only for the company (migration 0022, db/sql/audit.ts): insert and read only.
      `revoke update, delete, truncate on ${schema}.audit_trail from ${role}`,
      `revoke insert, update, delete, truncate on ${schema}.audit_head from ${role}`,
    ]) {
      await sql.raw(statement).execute(trx);
    }
  });
}

/**
 * Brings one tenant schema to the latest migration, (re)grants its role rights on its own schema only, and stamps
 * the company's schema version on its platform row (when it has one yet).
 */
export async function migrateTenant(db: Kysely<unknown>, tenant: TenantRecord): Promise<string[]> {
  assertIdentifier(tenant.dbName);
  const applied = await migrateSchema(db, tenant.dbName, tenantMigrations);
  await grantTenantRights(db, tenant, true);
  await platformDb(db)
    .updateTable('tenants')
    .set({ schema_version: TENANT_SCHEMA_VERSION })
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
  return applied;
}

export async function listTenantRecords(db: Kysely<unknown>): Promise<TenantRecord[]> {
  const rows = await platformDb(db)
    .selectFrom('tenants')
    .select(['tenant_id', 'db_name', 'db_username'])
    .orderBy('tenant_id')
    .execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, dbName: r.db_name, dbUsername: r.db_username }));
}

/** The companies whose schema is not at this code's version, from one platform query (the platform migrated). */
export async function listStaleTenants(db: Kysely<unknown>): Promise<TenantRecord[]> {
  const rows = await platformDb(db)
    .selectFrom('tenants')
    .select(['tenant_id', 'db_name', 'db_username'])
    .where((eb) => eb.or([eb('schema_version', 'is', null), eb('schema_version', '!=', TENANT_SCHEMA_VERSION)]))
    .orderBy('tenant_id')
    .execute();
  return rows.map((r) => ({ tenantId: r.tenant_id, dbName: r.db_name, dbUsername: r.db_username }));
}

/** Migrates the platform, then every stale company, one after another (tests, scripts; a start uses TenantUpdates). */
export async function migrateAll(db: Kysely<unknown>): Promise<void> {
  await migratePlatform(db);
  for (const tenant of await listStaleTenants(db)) await migrateTenant(db, tenant);
}

/**
 * Creates the tenant's role (a LOGIN role with the given password, so the company could be given direct
 * read access later) and schema, then migrates it. The connecting user is made a member of the role so it
 * may `SET ROLE` to it even when it is not a superuser. The caller inserts the tenant row with
 * `schema_version` = TENANT_SCHEMA_VERSION.
 */
export async function provisionTenantStorage(
  db: Kysely<unknown>,
  tenant: TenantRecord & { dbPassword: string },
): Promise<void> {
  const role = assertIdentifier(tenant.dbUsername);
  const schema = assertIdentifier(tenant.dbName);
  await db.transaction().execute(async (trx) => {
    const roleExists = await sql`select 1 from pg_roles where rolname = ${tenant.dbUsername}`.execute(trx);
    if (roleExists.rows.length > 0) {
      throw conflict('DB username is already in use.', { dbUsername: 'DB username is already in use.' });
    }
    const schemaExists = await sql`select 1 from pg_namespace where nspname = ${tenant.dbName}`.execute(trx);
    if (schemaExists.rows.length > 0) {
      throw conflict('Database name is already in use.', { dbName: 'Database name is already in use.' });
    }
    const password = tenant.dbPassword.replaceAll("'", "''");
    await sql.raw(`create role ${role} login password '${password}'`).execute(trx);
    await sql.raw(`grant ${role} to current_user`).execute(trx);
    await sql.raw(`create schema ${schema}`).execute(trx);
    // Before the migrations: every table and sequence they create is the role's as it is made.
    await sql
      .raw(`alter default privileges in schema ${schema} grant select, insert, update, delete on tables to ${role}`)
      .execute(trx);
    await sql
      .raw(`alter default privileges in schema ${schema} grant usage, select on sequences to ${role}`)
      .execute(trx);
  });
  try {
    await migrateSchema(db, tenant.dbName, tenantMigrations);
    await grantTenantRights(db, tenant, false);
  } catch (error) {
    await dropTenantStorage(db, tenant).catch(() => {});
    throw error;
  }
}

/** Removes a tenant's schema and role (used to undo a failed creation and by tests to clean up). */
export async function dropTenantStorage(db: Kysely<unknown>, tenant: TenantRecord): Promise<void> {
  const role = assertIdentifier(tenant.dbUsername);
  const schema = assertIdentifier(tenant.dbName);
  await db.transaction().execute(async (trx) => {
    await sql.raw(`drop schema if exists ${schema} cascade`).execute(trx);
    const roleExists = await sql`select 1 from pg_roles where rolname = ${tenant.dbUsername}`.execute(trx);
    if (roleExists.rows.length > 0) {
      await sql.raw(`drop owned by ${role} cascade`).execute(trx);
      await sql.raw(`drop role ${role}`).execute(trx);
    }
  });
}
