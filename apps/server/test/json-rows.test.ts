import { paise, toRupees } from '@plotbook/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/engine.js';
import { isoTime, rupees } from '../src/lib/json-rows.js';
import { engines, openTestDatabase } from './helpers.js';

/** Lists PostgreSQL writes as JSON must carry the very numbers and texts the API writes from JavaScript. */
for (const engine of engines) {
  describe(`JSON written by the database (${engine.name})`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    beforeAll(async () => {
      ({ database, drop } = await openTestDatabase(engine));
    });
    afterAll(async () => {
      await database.close();
      await drop();
    });

    /** The JSON text of `rupees(paise)` for each value, as PostgreSQL writes it in a json_agg. */
    async function rupeesJson(values: number[]): Promise<string> {
      // One query text for any number of values: the property's runs reuse one prepared statement.
      const result = await sql<{ json: string }>`select json_agg(${rupees(sql`v.paise`)} order by v.n)::text as json
        from unnest(${values.map(String)}::bigint[]) with ordinality as v(paise, n)`.execute(database.db);
      return result.rows[0]?.json ?? '';
    }

    it('writes paise as the same rupees, to the same text, as toRupees and JSON.stringify', async () => {
      const edges = [0, 1, 5, 10, 33, 99, 100, 12345, 1_00_00_000_00, 9_99_99_99_999_99, 1_23_45_67_89_012_34, -250];
      expect((await rupeesJson(edges)).replaceAll(' ', '')).toBe(JSON.stringify(edges.map((v) => toRupees(paise(v)))));
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.integer({ min: -1e14, max: 1e14 }), { minLength: 1, maxLength: 50 }),
          async (v) => {
            expect((await rupeesJson(v)).replaceAll(' ', '')).toBe(JSON.stringify(v.map((x) => toRupees(paise(x)))));
          },
        ),
        { numRuns: 30 },
      );
    });

    it('writes a timestamp as toISOString does', async () => {
      const at = new Date('2026-03-05T07:08:09.123Z');
      const result = await sql<{
        text: string;
      }>`select ${isoTime('t.at')} as text from (select ${at.toISOString()}::timestamptz as at) t`.execute(database.db);
      expect(result.rows[0]?.text).toBe(at.toISOString());
    });
  });
}
