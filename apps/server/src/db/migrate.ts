import { type Kysely, sql } from 'kysely';

export interface Migration {
  name: string;
  /** SQL statements; `schema` is a validated identifier, already quoted. */
  statements: (schema: string) => string[];
}

/**
 * Applies the pending migrations to one schema inside one transaction, so a failed migration leaves nothing
 * behind. An advisory lock keyed by the schema makes concurrent starts (several API servers) wait their turn.
 * Running it again changes nothing.
 */
export async function migrateSchema(db: Kysely<unknown>, schema: string, migrations: Migration[]): Promise<string[]> {
  const q = `"${schema}"`;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`plotbook:${schema}`}))`.execute(trx);
    await sql.raw(`create schema if not exists ${q}`).execute(trx);
    await sql
      .raw(
        `create table if not exists ${q}.schema_migrations (name text primary key, applied_at timestamptz not null default now())`,
      )
      .execute(trx);
    const { rows } = await sql<{ name: string }>`select name from ${sql.id(schema, 'schema_migrations')}`.execute(trx);
    const applied = new Set(rows.map((r) => r.name));
    const done: string[] = [];
    for (const migration of migrations) {
      if (applied.has(migration.name)) continue;
      for (const statement of migration.statements(q)) await sql.raw(statement).execute(trx);
      await sql`insert into ${sql.id(schema, 'schema_migrations')} (name) values (${migration.name})`.execute(trx);
      done.push(migration.name);
    }
    return done;
  });
}
