import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import { migrateSchema } from '../migrate.js';
import { tenantMigrations } from './tenant.js';
import { buyers } from './tenant-0026-buyers.js';

/** 0026_buyers' backfill: the sales a company already has get their buyers. */
describe.each(engines)('migration 0026_buyers on $name', (engine) => {
  let t: TestContext;
  const schema = `backfill_${engine.name}_${process.pid}`;
  const s = `"${schema}"`;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    const before = tenantMigrations.filter((m) => !m.repeatable && m.name < buyers.name);
    await migrateSchema(t.db, schema, before);
    const run = (text: string) => sql.raw(text).execute(t.db);
    await run(`insert into ${s}.projects (id, project_name, city, total_area, total_rate, total_amount_paise)
      values (1, 'Old Layout', 'Nagpur', 1000, 10, 1000000)`);
    await run(`insert into ${s}.plots (id, project_id, plot_name, total_plot_size)
      select n, 1, 'P' || n, 100 from generate_series(1, 5) n`);
    // Two sales of one mobile (the newer names the buyer), one of another, one with a name only, one with neither.
    await run(`insert into ${s}.sales (id, project_id, plot_id, sale_date, sale_amount_paise, payment_type, buyer_name, buyer_mobile)
      values (1, 1, 1, '2025-01-05', 100000, 'Cash', 'Ramesh P', '+919822011111'),
             (2, 1, 2, '2025-06-05', 100000, 'Cash', 'Ramesh Patil', '+919822011111'),
             (3, 1, 3, '2025-03-05', 100000, 'Cash', 'Sunita Rao', '+919822022222'),
             (4, 1, 4, '2025-04-05', 100000, 'Cash', '  Meera Joshi ', null),
             (5, 1, 5, '2025-05-05', 100000, 'Cash', null, null)`);
    await migrateSchema(t.db, schema, [buyers]);
  });
  afterAll(async () => {
    await sql.raw(`drop schema ${s} cascade`).execute(t.db);
    await t.close();
  });

  it('makes one buyer per mobile named from the newest sale, one per name without a mobile', async () => {
    const { rows } = await sql<{ id: number; name: string; mobile: string | null }>`
      select id, name, mobile from ${sql.table(`${schema}.buyers`)} order by name`.execute(t.db);
    expect(rows.map((r) => [r.name, r.mobile])).toEqual([
      ['Meera Joshi', null],
      ['Ramesh Patil', '+919822011111'],
      ['Sunita Rao', '+919822022222'],
    ]);
  });

  it('sets each sale’s buyer, and none for a sale without name or mobile', async () => {
    const { rows } = await sql<{ id: number; buyer: string | null }>`
      select sa.id, b.name as buyer from ${sql.table(`${schema}.sales`)} sa
      left join ${sql.table(`${schema}.buyers`)} b on b.id = sa.buyer_id order by sa.id`.execute(t.db);
    expect(rows.map((r) => r.buyer)).toEqual(['Ramesh Patil', 'Ramesh Patil', 'Sunita Rao', 'Meera Joshi', null]);
  });
});
