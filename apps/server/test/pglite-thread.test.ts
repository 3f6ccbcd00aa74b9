import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/engine.js';

/** The embedded database on a thread of its own (db/pglite-worker.ts), as `npm start` runs it. */
describe('PGlite on its own thread', () => {
  const opened: Database[] = [];
  const dirs: string[] = [];
  afterEach(async () => {
    for (const database of opened.splice(0)) await database.close();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const open = (options: { dataDir?: string } = {}) => {
    const database = openDatabase({ ...options, pgliteThread: 'own' });
    opened.push(database);
    return database;
  };

  it('answers queries with parameters and typed values, and a transaction sees its own writes', async () => {
    const { db } = open();
    const { rows } = await sql<{ n: number; t: string; big: number }>`
      select ${41}::int + 1 as n, ${'Plot 12.5'}::text as t, 123456789012::bigint as big`.execute(db);
    // bigint as a number, by the same type parsers as on PostgreSQL.
    expect(rows).toEqual([{ n: 42, t: 'Plot 12.5', big: 123456789012 }]);
    await sql`create table notes (id serial primary key, body text not null)`.execute(db);
    const inside = await db.transaction().execute(async (trx) => {
      await sql`insert into notes (body) values (${'first'}), (${'second'})`.execute(trx);
      return (await sql<{ n: number }>`select count(*) as n from notes`.execute(trx)).rows[0]?.n;
    });
    expect(inside).toBe(2);
  });

  it("reports PostgreSQL's error with its code, and the connection goes on working", async () => {
    const { db } = open();
    await sql`create table plots (name text unique)`.execute(db);
    await sql`insert into plots values ('A-1')`.execute(db);
    await expect(sql`insert into plots values ('A-1')`.execute(db)).rejects.toMatchObject({
      code: '23505',
      message: expect.stringContaining('duplicate key value'),
    });
    const { rows } = await sql<{ name: string }>`select name from plots`.execute(db);
    expect(rows).toEqual([{ name: 'A-1' }]);
  });

  it('keeps the event loop free while a long query runs', async () => {
    const { db } = open();
    await sql`select 1`.execute(db);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 20);
    try {
      await sql`select pg_sleep(0.6)`.execute(db);
    } finally {
      clearInterval(timer);
    }
    // On the server's own thread the sleep would hold the loop: no tick at all until it ends.
    expect(ticks).toBeGreaterThanOrEqual(10);
  });

  it('keeps what was written in its data directory for the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plotbook-pglite-thread-'));
    dirs.push(dataDir);
    const first = openDatabase({ dataDir, pgliteThread: 'own' });
    await sql`create table receipts (amount_paise bigint)`.execute(first.db);
    await sql`insert into receipts values (${12_500_000_000})`.execute(first.db);
    await first.close();
    const second = open({ dataDir });
    const { rows } = await sql<{ amount_paise: number }>`select amount_paise from receipts`.execute(second.db);
    expect(rows).toEqual([{ amount_paise: 12_500_000_000 }]);
  });

  it('refuses queries once closed, with a clear message', async () => {
    const database = openDatabase({ pgliteThread: 'own' });
    await sql`select 1`.execute(database.db);
    await database.close();
    await expect(sql`select 1`.execute(database.db)).rejects.toThrow(/closed|destroyed/i);
  });
});
