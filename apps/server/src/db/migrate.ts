import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';

export interface Migration {
  name: string;
  /** SQL statements; `schema` is a validated identifier, already quoted. */
  statements: (schema: string) => string[];
  /**
   * A repeatable step (like Flyway's `R__` migrations): applied after the versioned ones whenever its statements
   * change (their hash, logged as `name@hash`), so its statements must be re-runnable (`create or replace
   * function`, `drop trigger if exists` + `create trigger`). Holds the final state of what it defines, e.g. every
   * SQL function and trigger (db/sql/functions.ts).
   */
  repeatable?: true;
}

/** Kysely's bookkeeping tables, kept inside each migrated schema. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'] as const;

/**
 * The advisory-lock class of schema migrations: with the schema's hash as the second key, each schema has a lock
 * of its own, so concurrent starts (several API servers) migrate a schema one at a time while different schemas
 * migrate side by side.
 */
const MIGRATION_LOCK_CLASS = 0x506c6f74; // 'Plot'

/**
 * Brings one schema to the latest migration. Its log is Kysely's `kysely_migration` table inside that schema (the
 * format Kysely's `Migrator` kept, so older logs read the same). The pending migrations run in one transaction
 * under the schema's advisory lock (`pg_advisory_xact_lock`), so a failed migration leaves nothing behind and a
 * second server waits, then finds nothing to do. Repeatable steps run last, in the same transaction, when their
 * statements changed. Running it again changes nothing. Answers the names it applied.
 *
 * Not Kysely's `Migrator`: it checks its tables by introspecting every table of the database (`getTables`) several
 * times a run, which made each new company's creation slower with every company before it, and it holds one lock
 * for all schemas.
 */
export async function migrateSchema(db: Kysely<unknown>, schema: string, migrations: Migration[]): Promise<string[]> {
  const quoted = `"${schema}"`;
  await adoptLegacyLog(db, schema);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(MIGRATION_LOCK_CLASS)}, hashtext(${schema}))`.execute(trx);
    await sql.raw(`create schema if not exists ${quoted}`).execute(trx);
    await sql`create table if not exists ${sql.id(schema, 'kysely_migration')} (
      name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(trx);
    await sql`create table if not exists ${sql.id(schema, 'kysely_migration_lock')} (
      id varchar(255) not null primary key, is_locked integer not null default 0)`.execute(trx);
    const logged = await sql<{ name: string }>`select name from ${sql.id(schema, 'kysely_migration')}`.execute(trx);
    const done = new Set(logged.rows.map((row) => row.name));
    // Branches merged in any order may land a lower-numbered migration after a higher one has run somewhere.
    const pending = migrations
      .filter((migration) => !migration.repeatable && !done.has(migration.name))
      .sort((a, b) => a.name.localeCompare(b.name));
    // Then each repeatable step whose statements changed since it last ran (or that never ran).
    const repeat = migrations.filter((migration) => migration.repeatable && !done.has(loggedName(migration)));
    for (const migration of [...pending, ...repeat]) {
      for (const statement of migration.statements(quoted)) await sql.raw(statement).execute(trx);
      if (migration.repeatable) {
        await sql`delete from ${sql.id(schema, 'kysely_migration')} where starts_with(name, ${`${migration.name}@`})`.execute(
          trx,
        );
      }
      await sql`insert into ${sql.id(schema, 'kysely_migration')} (name, timestamp)
        values (${loggedName(migration)}, ${new Date().toISOString()})`.execute(trx);
    }
    return [...pending, ...repeat].map((migration) => migration.name);
  });
}

/** The hash of a repeatable step's statements (for a placeholder schema): it runs again when this changes. */
function statementsHash(migration: Migration): string {
  return createHash('sha256').update(migration.statements('"schema"').join(';\n')).digest('hex').slice(0, 16);
}

/** How a migration is logged in `kysely_migration`: its name, and a repeatable step's hash after an `@`. */
function loggedName(migration: Migration): string {
  return migration.repeatable ? `${migration.name}@${statementsHash(migration)}` : migration.name;
}

/**
 * A schema's version as the platform records it: how many versioned migrations and the last, then each repeatable
 * step's hash, e.g. `23:0023_sales` or `21:0021_company_money+functions@3f2a…`. A changed functions file changes
 * it, so a start migrates every company again.
 */
export function schemaVersion(migrations: Migration[]): string {
  const names = migrations
    .filter((migration) => !migration.repeatable)
    .map((migration) => migration.name)
    .sort();
  const repeatable = migrations
    .filter((migration) => migration.repeatable)
    .map((migration) => `+${loggedName(migration)}`);
  return `${names.length}:${names.at(-1) ?? ''}${repeatable.join('')}`;
}

/**
 * Databases made before the switch to Kysely's Migrator logged their migrations in `schema_migrations`: copy
 * that log into Kysely's table once and drop it, so nothing is applied twice.
 */
async function adoptLegacyLog(db: Kysely<unknown>, schema: string): Promise<void> {
  const { rows } = await sql<{ found: boolean }>`
    select to_regclass(${`"${schema}".schema_migrations`}) is not null as found`.execute(db);
  if (!rows[0]?.found) return;
  await db.transaction().execute(async (trx) => {
    await sql`create table if not exists ${sql.id(schema, 'kysely_migration')} (
      name varchar(255) not null primary key, timestamp varchar(255) not null)`.execute(trx);
    await sql`insert into ${sql.id(schema, 'kysely_migration')} (name, timestamp)
      select name, to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from ${sql.id(schema, 'schema_migrations')} order by name
      on conflict (name) do nothing`.execute(trx);
    await sql`drop table ${sql.id(schema, 'schema_migrations')}`.execute(trx);
  });
}
