import { type Kysely, type MigrationProvider, Migrator, sql } from 'kysely';

export interface Migration {
  name: string;
  /** SQL statements; `schema` is a validated identifier, already quoted. */
  statements: (schema: string) => string[];
}

/** Kysely's bookkeeping tables, kept inside each migrated schema. */
export const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'] as const;

/**
 * Brings one schema to the latest migration with Kysely's `Migrator`, its log kept in that schema
 * (`migrationTableSchema`). On PostgreSQL the pending migrations run in one transaction under an advisory lock,
 * so a failed migration leaves nothing behind and concurrent starts (several API servers) wait their turn.
 * Running it again changes nothing. Answers the names it applied.
 */
export async function migrateSchema(db: Kysely<unknown>, schema: string, migrations: Migration[]): Promise<string[]> {
  const quoted = `"${schema}"`;
  await adoptLegacyLog(db, schema);
  if (await isCurrent(db, schema, migrations)) return [];
  const provider: MigrationProvider = {
    async getMigrations() {
      return Object.fromEntries(
        migrations.map((migration) => [
          migration.name,
          {
            async up(trx: Kysely<unknown>) {
              for (const statement of migration.statements(quoted)) await sql.raw(statement).execute(trx);
            },
          },
        ]),
      );
    },
  };
  // Branches merged in any order may land a lower-numbered migration after a higher one has run somewhere.
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * One query answers whether every migration is already logged: a start with many companies then costs one
 * round trip per schema instead of the Migrator's several (schema, tables, lock row, log).
 */
async function isCurrent(db: Kysely<unknown>, schema: string, migrations: Migration[]): Promise<boolean> {
  const { rows } = await sql<{ log: string | null }>`
    select to_regclass(${`"${schema}".kysely_migration`})::text as log`.execute(db);
  if (!rows[0]?.log) return false;
  const names = migrations.map((migration) => migration.name);
  const applied = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.id(schema, 'kysely_migration')} where name = any(${names})`.execute(db);
  return Number(applied.rows[0]?.n) === names.length;
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
