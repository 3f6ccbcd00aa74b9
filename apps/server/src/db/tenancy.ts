import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError, conflict } from '../lib/app-error.js';
import { migrateSchema } from './migrate.js';
import { platformMigrations } from './migrations/platform.js';
import { tenantMigrations } from './migrations/tenant.js';
import type { PlatformTables, TenantTables } from './types.js';

export const PLATFORM_SCHEMA = 'platform';

export interface TenantRecord {
  tenantId: string;
  dbName: string;
  dbUsername: string;
}

/** A tenant's handle: one transaction, running as the tenant's role, with the tenant's schema preset. */
export type TenantDb = Transaction<TenantTables>;

export const platformDb = (db: Kysely<unknown>) => (db as Kysely<PlatformTables>).withSchema(PLATFORM_SCHEMA);

const IDENTIFIER = /^[a-z][a-z0-9_]{2,40}$/;
function assertIdentifier(name: string): string {
  // Names are validated by the API too; this guard keeps any other caller from building SQL with a bad name.
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing unsafe identifier: ${name}`);
  return `"${name}"`;
}

/**
 * Runs `fn` in one transaction as the tenant's role: `SET LOCAL ROLE` first, then every query goes to the
 * tenant's schema. A query that strays into another schema fails with a permission error instead of leaking.
 */
export function runAsTenant<T>(
  db: Kysely<unknown>,
  tenant: TenantRecord,
  fn: (tdb: TenantDb) => Promise<T>,
): Promise<T> {
  const role = assertIdentifier(tenant.dbUsername);
  return (db as Kysely<TenantTables>).transaction().execute(async (trx) => {
    await sql.raw(`set local role ${role}`).execute(trx);
    return fn(trx.withSchema(tenant.dbName));
  });
}

export async function migratePlatform(db: Kysely<unknown>): Promise<string[]> {
  return migrateSchema(db, PLATFORM_SCHEMA, platformMigrations);
}

/** Brings one tenant schema to the latest migration and (re)grants its role rights on its own schema only. */
export async function migrateTenant(db: Kysely<unknown>, tenant: TenantRecord): Promise<string[]> {
  const schema = assertIdentifier(tenant.dbName);
  const role = assertIdentifier(tenant.dbUsername);
  const applied = await migrateSchema(db, tenant.dbName, tenantMigrations);
  await db.transaction().execute(async (trx) => {
    for (const statement of [
      `revoke all on schema ${schema} from public`,
      `grant usage on schema ${schema} to ${role}`,
      `grant select, insert, update, delete on all tables in schema ${schema} to ${role}`,
      `revoke all on ${schema}.schema_migrations from ${role}`,
      `grant usage, select on all sequences in schema ${schema} to ${role}`,
    ]) {
      await sql.raw(statement).execute(trx);
    }
  });
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

export async function migrateAll(db: Kysely<unknown>): Promise<void> {
  await migratePlatform(db);
  for (const tenant of await listTenantRecords(db)) await migrateTenant(db, tenant);
}

/**
 * Creates the tenant's role (a LOGIN role with the given password, so the company could be given direct
 * read access later) and schema, then migrates it. The connecting user is made a member of the role so it
 * may `SET ROLE` to it even when it is not a superuser.
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
  });
  try {
    await migrateTenant(db, tenant);
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

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
