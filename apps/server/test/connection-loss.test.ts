import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { factories } from './factories.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

const UNAVAILABLE = { message: 'The database is unavailable. Please try again shortly.' };

/** Ends every other session of this test database that is running a statement or holds a transaction open. */
const TERMINATE_BUSY = `
  select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
    and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`;

/** Only a PostgreSQL server can end a connection under a write: without TEST_DATABASE_URL the suite is skipped. */
const postgres = engines.find((e) => e.name === 'postgres');

describe.runIf(postgres)('PostgreSQL ending connections in the middle of writes', () => {
  const engine = postgres as (typeof engines)[number];
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let killer: pg.Client;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
    killer = new pg.Client({ connectionString: t.databaseUrl });
    await killer.connect();
  });
  afterAll(async () => {
    await killer.end();
    await t.close();
  });

  it('answers every write it loses with 503 and a plain message, and the pool recovers', async () => {
    const f = factories(t, acme, token);
    const { projectId, partnerId } = await f.purchase();
    const row = { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 10 };
    const write = () => t.call(acme.tenantId, { method: 'POST', url: '/api/purchase', token, payload: [row] });
    const answers: { statusCode: number; body: unknown }[] = [];
    let ended = 0;
    for (let round = 0; round < 25; round += 1) {
      let isDone = false;
      const batch = Promise.all(Array.from({ length: 8 }, write)).finally(() => {
        isDone = true;
      });
      // Ends the backends of the writes in flight, again and again, until the whole batch has answered.
      while (!isDone) {
        ended += (await killer.query<{ ended: number }>(TERMINATE_BUSY)).rows[0]?.ended ?? 0;
      }
      for (const res of await batch) answers.push({ statusCode: res.statusCode, body: res.json() });
    }
    const failed = answers.filter((a) => a.statusCode !== 201);
    expect(ended).toBeGreaterThan(0);
    expect(failed.length).toBeGreaterThan(0);
    for (const answer of failed) expect(answer).toEqual({ statusCode: 503, body: UNAVAILABLE });

    // The connections that were ended are gone from the pool: the next requests all succeed.
    const after = await Promise.all(Array.from({ length: 10 }, write));
    expect(after.map((res) => res.statusCode)).toEqual(Array(10).fill(201));
    const list = await t.call(acme.tenantId, { method: 'GET', url: `/api/purchase/by-project/${projectId}`, token });
    expect(list.statusCode).toBe(200);
    // A write whose COMMIT answer was lost may have held: at least every 201 was saved, at most every write.
    const saved = Number(list.headers['x-total-count']) - 1 - after.length;
    expect(saved).toBeGreaterThanOrEqual(answers.length - failed.length);
    expect(saved).toBeLessThanOrEqual(answers.length);

    // The audit trail lost with them what they lost: one trail row per purchase saved, none for one that was not,
    // and its chain holds.
    const counts = await t.asTenant(acme, async (tdb) => {
      const { rows } = await sql<{ trail: number; saved: number }>`
          select (select count(*) from audit_trail where entity = 'purchase' and action = 'create')::int as trail,
                 (select count(*) from purchase_entries)::int as saved`.execute(tdb);
      return rows[0];
    });
    expect(counts?.trail).toBe(counts?.saved);
    const admin = await t.userToken(acme, 'TENANT_ADMIN');
    const verify = await t.call(acme.tenantId, { method: 'GET', url: '/api/audit/verify', token: admin });
    expect(verify.json()).toMatchObject({ ok: true, firstBrokenId: null });
  });
});
