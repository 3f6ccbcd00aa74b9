import { type Kysely, sql } from 'kysely';

/** The cheapest round trip to the database. */
export async function pingDatabase(db: Kysely<unknown>): Promise<void> {
  await sql`select 1`.execute(db);
}
