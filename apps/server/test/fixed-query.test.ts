import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/engine.js';
import type { TenantDb } from '../src/db/tenancy.js';
import { fixedQuery } from '../src/lib/fixed-query.js';
import { engines, openTestDatabase } from './helpers.js';

/** A query compiled once (lib/fixed-query.ts) must still run each call with that call's own arguments. */
for (const engine of engines) {
  describe(`fixedQuery (${engine.name})`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(engine));
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });
    const inTransaction = <T>(fn: (tdb: TenantDb) => Promise<T>) =>
      database.db.transaction().execute((trx) => fn(trx as unknown as TenantDb));

    it('runs each call with its own arguments, an argument used twice included', async () => {
      let builds = 0;
      const query = fixedQuery((_tdb: TenantDb, n: number, label: string) => {
        builds += 1;
        return sql<{
          doubled: number;
          label: string;
        }>`select ${n}::int + ${n}::int as doubled, ${label}::text as label`;
      });
      expect(await inTransaction((tdb) => query(tdb, 21, 'first'))).toEqual([{ doubled: 42, label: 'first' }]);
      expect(await inTransaction((tdb) => query(tdb, 5, 'second'))).toEqual([{ doubled: 10, label: 'second' }]);
      expect(builds).toBe(1);
    });

    it('compiles a text for each pattern of null arguments, and leaves out the parts they stand for', async () => {
      let builds = 0;
      const query = fixedQuery((_tdb: TenantDb, n: number, label: string | null) => {
        builds += 1;
        return label === null
          ? sql<{ n: number; label: string }>`select ${n}::int as n, 'none' as label`
          : sql<{ n: number; label: string }>`select ${n}::int as n, ${label}::text as label`;
      });
      expect(await inTransaction((tdb) => query(tdb, 1, null))).toEqual([{ n: 1, label: 'none' }]);
      expect(await inTransaction((tdb) => query(tdb, 2, 'given'))).toEqual([{ n: 2, label: 'given' }]);
      expect(await inTransaction((tdb) => query(tdb, 3, null))).toEqual([{ n: 3, label: 'none' }]);
      expect(await inTransaction((tdb) => query(tdb, 4, 'again'))).toEqual([{ n: 4, label: 'again' }]);
      expect(builds).toBe(2);
    });

    it('refuses a query whose text an argument would change', async () => {
      // An argument used in JavaScript logic picks the text once, for every later call: refused at the first.
      const query = fixedQuery((_tdb: TenantDb, all: boolean) =>
        all ? sql<{ n: number }>`select 1 as n` : sql<{ n: number }>`select 2 as n`,
      );
      await expect(inTransaction((tdb) => query(tdb, false))).rejects.toThrow(
        'fixedQuery: argument 1 did not become a parameter of the query.',
      );
    });
  });
}
