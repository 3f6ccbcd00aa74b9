import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/engine.js';
import { platformMigrations } from '../src/db/migrations/platform.js';
import { runAsTenant, type TenantRecord } from '../src/db/tenancy.js';
import { listTenantRecords, migrateAll, migratePlatform, migrateTenant } from '../src/db/tenant-storage.js';
import { seedDemoTenant } from '../src/seed/demo.js';
import { buildTestApp, engines, openTestDatabase, type TestContext } from './helpers.js';

describe.each(engines)('tenant isolation on $name', (engine) => {
  let t: TestContext;
  let a: TenantRecord;
  let b: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    a = await t.createTenant('alpha');
    b = await t.createTenant('beta');
  });
  afterAll(() => t.close());

  it("gives tenant A's role a permission error on tenant B's tables", async () => {
    const attempt = runAsTenant(t.db, a, (tdb) => sql`select count(*) from ${sql.id(b.dbName, 'users')}`.execute(tdb));
    await expect(attempt).rejects.toMatchObject({ code: '42501' });
    await expect(attempt).rejects.toThrow(/permission denied for schema/);
    // The platform schema is out of reach too.
    const platform = runAsTenant(t.db, a, (tdb) => sql`select * from platform.platform_admins`.execute(tdb));
    await expect(platform).rejects.toMatchObject({ code: '42501' });
    // Its own schema works.
    const own = await runAsTenant(t.db, a, (tdb) => tdb.selectFrom('users').select('id').execute());
    expect(own).toEqual([]);
  });

  it("refuses tenant A's token on tenant B's host and answers 404 for unknown hosts", async () => {
    const token = await t.userToken(a);
    expect((await t.call(a.tenantId, { method: 'GET', url: '/api/dashboard', token })).statusCode).toBe(200);
    const crossed = await t.call(b.tenantId, { method: 'GET', url: '/api/dashboard', token });
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual({ message: 'This sign-in belongs to another company.' });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/site', headers: { host: 'nosuchco.localhost' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown company address.' });
    const foreign = await t.app.inject({ method: 'GET', url: '/', headers: { host: 'evil.example.com' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('shows a browser a page, not JSON, at a company address that does not exist', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { host: 'nosuchco.localhost', accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1 style="font-size: 1.5rem">No company at this address</h1>');
    expect(page.body).not.toContain('nosuchco');
    // The API keeps answering JSON, whatever the client accepts.
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/site',
      headers: { host: 'nosuchco.localhost', accept: 'text/html' },
    });
    expect(api.json()).toEqual({ message: 'Unknown company address.' });
  });

  it('tells the web app which host it is on', async () => {
    expect((await t.call(null, { method: 'GET', url: '/api/site' })).json()).toEqual({
      kind: 'platform',
      tenantId: null,
      baseDomain: 'localhost',
    });
    expect((await t.call(a.tenantId, { method: 'GET', url: '/api/site' })).json()).toEqual({
      kind: 'tenant',
      tenantId: a.tenantId,
      baseDomain: 'localhost',
    });
  });

  it('re-running every migration changes nothing', async () => {
    const before = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(a.dbName, 'kysely_migration')}`.execute(t.db);
    await migrateAll(t.db);
    expect(await migratePlatform(t.db)).toEqual([]);
    expect(await migrateTenant(t.db, a)).toEqual([]);
    const after = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.id(a.dbName, 'kysely_migration')}`.execute(t.db);
    expect(after.rows).toEqual(before.rows);
    const tenants = (await listTenantRecords(t.db)).map((r) => r.tenantId);
    expect(tenants).toEqual(expect.arrayContaining([a.tenantId, b.tenantId]));
  });
});

describe('restart on the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'plotbook-restart-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('migrates and seeds at first start, and a second start changes nothing', async () => {
    const first = openDatabase({ dataDir: dir });
    await migrateAll(first.db);
    expect(await seedDemoTenant(first.db)).toBe(true);
    const plots = await sql<{ n: number }>`select count(*)::int as n from demo.plots`.execute(first.db);
    const money = sql<{ sales: number; receipts: number; payouts: number }>`select
      (select count(*)::int from demo.sales) as sales, (select count(*)::int from demo.receipts) as receipts,
      (select count(*)::int from demo.partner_payouts) as payouts`;
    const seeded = (await money.execute(first.db)).rows[0];
    expect(seeded?.sales).toBeGreaterThan(0);
    expect(seeded?.receipts).toBeGreaterThan(0);
    expect(seeded?.payouts).toBeGreaterThan(0);
    await first.close();

    const second = openDatabase({ dataDir: dir });
    await migrateAll(second.db);
    expect(await migratePlatform(second.db)).toEqual([]);
    expect(await seedDemoTenant(second.db)).toBe(false);
    const again = await sql<{ n: number }>`select count(*)::int as n from demo.plots`.execute(second.db);
    expect(again.rows[0]?.n).toBe(plots.rows[0]?.n);
    expect((await money.execute(second.db)).rows[0]).toEqual(seeded);
    expect((await listTenantRecords(second.db)).map((r) => r.tenantId)).toEqual(['demo']);
    await second.close();
    // Two whole starts of an on-disk embedded database with the demo seed: slow on a busy machine.
  }, 120_000);
});

describe.each(engines)('fresh database on $name', (engine) => {
  it('applies the platform migrations once', async () => {
    const { database, drop } = await openTestDatabase(engine);
    try {
      expect(await migratePlatform(database.db)).toEqual(platformMigrations.map((m) => m.name));
      expect(platformMigrations[0]?.name).toBe('0001_platform');
      expect(await migratePlatform(database.db)).toEqual([]);
    } finally {
      await database.close();
      await drop();
    }
  }, 60_000);
});
