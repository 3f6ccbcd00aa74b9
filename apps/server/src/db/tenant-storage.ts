/** A company's storage: its schema and role, their rights, and the migrations that keep them at this code's version. */
import { type Kysely, sql } from 'kysely';
import { conflict } from '../lib/app-error.js';
import { databaseOf } from './clusters.js';
import { MIGRATION_TABLES, migrateSchema, schemaVersion } from './migrate.js';
import { platformMigrations } from './migrations/platform.js';
import { tenantMigrations } from './migrations/tenant.js';
import {
  assertIdentifier,
  PLATFORM_SCHEMA,
  platformDb,
  TENANT_RECORD_COLUMNS,
  type TenantRecord,
  tenantRecordOf,
} from './tenancy.js';

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
 * Brings one tenant schema to the latest migration, (re)grants its role rights on its own schema only (both on the
 * company's cluster), and stamps the company's schema version on its platform row (when it has one yet). `db` is
 * the main handle here and below: each function reaches the company's cluster through `databaseOf`.
 */
export async function migrateTenant(db: Kysely<unknown>, tenant: TenantRecord): Promise<string[]> {
  assertIdentifier(tenant.dbName);
  const home = databaseOf(db, tenant);
  const applied = await migrateSchema(home, tenant.dbName, tenantMigrations);
  await grantTenantRights(home, tenant, true);
  await platformDb(db)
    .updateTable('tenants')
    .set({ schema_version: TENANT_SCHEMA_VERSION })
    .where('tenant_id', '=', tenant.tenantId)
    .execute();
  return applied;
}

export async function listTenantRecords(db: Kysely<unknown>): Promise<TenantRecord[]> {
  const rows = await platformDb(db).selectFrom('tenants').select(TENANT_RECORD_COLUMNS).orderBy('tenant_id').execute();
  return rows.map(tenantRecordOf);
}

/** The companies whose schema is not at this code's version, from one platform query (the platform migrated). */
export async function listStaleTenants(db: Kysely<unknown>): Promise<TenantRecord[]> {
  const rows = await platformDb(db)
    .selectFrom('tenants')
    .select(TENANT_RECORD_COLUMNS)
    .where((eb) => eb.or([eb('schema_version', 'is', null), eb('schema_version', '!=', TENANT_SCHEMA_VERSION)]))
    .orderBy('tenant_id')
    .execute();
  return rows.map(tenantRecordOf);
}

/** Migrates the platform, then every stale company, one after another (tests, scripts; a start uses TenantUpdates). */
export async function migrateAll(db: Kysely<unknown>): Promise<void> {
  await migratePlatform(db);
  for (const tenant of await listStaleTenants(db)) await migrateTenant(db, tenant);
}

/**
 * Creates the tenant's role (a LOGIN role with the given password, so the company could be given direct
 * read access later) and schema on its cluster (a role belongs to one PostgreSQL cluster), then migrates it. The connecting user is made a member of the role so it
 * may `SET ROLE` to it even when it is not a superuser. The caller inserts the tenant row with
 * `schema_version` = TENANT_SCHEMA_VERSION.
 */
export async function provisionTenantStorage(
  db: Kysely<unknown>,
  tenant: TenantRecord & { dbPassword: string },
): Promise<void> {
  const role = assertIdentifier(tenant.dbUsername);
  const schema = assertIdentifier(tenant.dbName);
  const home = databaseOf(db, tenant);
  await home.transaction().execute(async (trx) => {
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
    await migrateSchema(home, tenant.dbName, tenantMigrations);
    await grantTenantRights(home, tenant, false);
  } catch (error) {
    await dropTenantStorage(db, tenant).catch(() => {});
    throw error;
  }
}

/** Removes a tenant's schema and role from its cluster (to undo a failed creation; tests clean up with it). */
export async function dropTenantStorage(db: Kysely<unknown>, tenant: TenantRecord): Promise<void> {
  const role = assertIdentifier(tenant.dbUsername);
  const schema = assertIdentifier(tenant.dbName);
  await databaseOf(db, tenant)
    .transaction()
    .execute(async (trx) => {
      await sql.raw(`drop schema if exists ${schema} cascade`).execute(trx);
      const roleExists = await sql`select 1 from pg_roles where rolname = ${tenant.dbUsername}`.execute(trx);
      if (roleExists.rows.length > 0) {
        await sql.raw(`drop owned by ${role} cascade`).execute(trx);
        await sql.raw(`drop role ${role}`).execute(trx);
      }
    });
}
