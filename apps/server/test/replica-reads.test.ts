import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type MeasureReplica, measureReplica, ReplicaClock, ReportReads } from '../src/db/report-reads.js';
import type { TenantRecord } from '../src/db/tenancy.js';
import { WROTE_COOKIE } from '../src/plugins/report-reads.js';
import { factories } from './factories.js';
import { buildTestApp, describeOnPostgres, runId, type TestContext } from './helpers.js';

/** One statement on its own connection (create or drop a database). */
async function admin(url: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(query).finally(() => client.end());
}

/**
 * Reports from main's replica: a second pool to the test database stands in for it (a real standby is made by
 * `npm run bench:replica`, which also checks the lag measurement against one whose replay is paused). The lag is
 * the real measurement (db/report-reads.ts `measureReplica`, which finds the stand-in current) minus `lagMs`, a lag
 * this test sets; the clock measures at every read.
 */
describeOnPostgres('reports from the replica', (engine) => {
  const READ_YOUR_WRITES_MS = 1000;
  let lagMs = 0;
  let measured = 0;
  const simulated: MeasureReplica = async (primary, replica) => {
    measured += 1;
    const asOf = await measureReplica(primary, replica);
    return asOf === null ? null : asOf - lagMs;
  };
  // The configuration refuses READ_YOUR_WRITES_MS below the bound; a short window keeps this test short.
  const reads = new ReportReads(
    { maxLagMs: 5000, readYourWritesMs: READ_YOUR_WRITES_MS },
    // Measured at every read, each awaited: on a loaded machine a measurement may outlast a request's usual 250 ms.
    new ReplicaClock(simulated, 0, 30_000),
  );
  let t: TestContext;
  let acme: TenantRecord;
  let zenith: TenantRecord;
  let acmeToken: string;
  let zenithToken: string;

  const report = (tenant: TenantRecord, token: string, cookie?: string) =>
    t.call(tenant.tenantId, {
      method: 'GET',
      url: '/api/report/project-wise',
      token,
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** Until this company's own write window has passed on this server. */
  const afterWindow = () => sleep(READ_YOUR_WRITES_MS + 100);

  beforeAll(async () => {
    t = await buildTestApp(engine, { replicas: (url) => [{ name: 'main', url }], reportReads: reads });
    acme = await t.createTenant('acme');
    zenith = await t.createTenant('zenith');
    acmeToken = await t.userToken(acme, 'TENANT_ADMIN');
    zenithToken = await t.userToken(zenith, 'TENANT_ADMIN');
    await factories(t, acme, acmeToken).project({ name: 'Riverside', plots: 3 });
    await factories(t, zenith, zenithToken).project({ name: 'Hilltop', plots: 2 });
    await afterWindow();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads a report from the replica when it is fresh, with no "as of"', async () => {
    lagMs = 0;
    const before = measured;
    const res = await report(acme, acmeToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-data-source']).toBe('replica');
    expect(res.headers['x-data-as-of']).toBeUndefined();
    expect(res.json().data.map((row: { projectName: string }) => row.projectName)).toEqual(['Riverside']);
    expect(measured).toBe(before + 1);
  });

  it('says "as of" when the replica lags within the bound, and reads the primary beyond it', async () => {
    lagMs = 3000;
    const lagging = await report(acme, acmeToken);
    expect(lagging.statusCode).toBe(200);
    expect(lagging.headers['x-data-source']).toBe('replica');
    const asOf = Date.parse(String(lagging.headers['x-data-as-of']));
    expect(Date.now() - asOf).toBeGreaterThanOrEqual(3000);
    expect(Date.now() - asOf).toBeLessThan(4500);

    lagMs = 30_000;
    const stale = await report(acme, acmeToken);
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-data-source']).toBe('primary');
    expect(stale.headers['x-data-as-of']).toBeUndefined();
    expect(stale.json().data.map((row: { projectName: string }) => row.projectName)).toEqual(['Riverside']);
    lagMs = 0;
  });

  it("reads a company's reports from the primary for READ_YOUR_WRITES_MS after its own write, not another's", async () => {
    lagMs = 0;
    const wrote = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/project',
      token: acmeToken,
      payload: {
        projectName: 'Lakeview',
        city: 'Pune',
        totalArea: 5000,
        totalRate: 100,
        plots: [{ plotName: 'L1', totalPlotSize: 1000 }],
      },
    });
    expect(wrote.statusCode).toBe(201);
    expect(String(wrote.headers['set-cookie'])).toMatch(
      new RegExp(`^${WROTE_COOKIE}=1; Max-Age=1; Path=/api; HttpOnly; SameSite=Lax$`),
    );

    const own = await report(acme, acmeToken);
    expect(own.headers['x-data-source']).toBe('primary');
    expect(
      own
        .json()
        .data.map((row: { projectName: string }) => row.projectName)
        .sort(),
    ).toEqual(['Lakeview', 'Riverside']);
    // Zenith did not write: its reports stay on the replica.
    const other = await report(zenith, zenithToken);
    expect(other.headers['x-data-source']).toBe('replica');
    expect(other.headers['set-cookie']).toBeUndefined();

    await afterWindow();
    expect((await report(acme, acmeToken)).headers['x-data-source']).toBe('replica');
  });

  it("sends a report to the primary when the browser brings its write's cookie (a write taken by another server)", async () => {
    lagMs = 0;
    // This server took no write of Zenith's; the cookie alone says one was made.
    const withCookie = await report(zenith, zenithToken, `theme=dark; ${WROTE_COOKIE}=1`);
    expect(withCookie.headers['x-data-source']).toBe('primary');
    const without = await report(zenith, zenithToken, 'theme=dark');
    expect(without.headers['x-data-source']).toBe('replica');
  });

  it('a refused write marks nothing; a read that is not a report says nothing of replicas', async () => {
    const refused = await t.call(zenith.tenantId, {
      method: 'POST',
      url: '/api/project',
      token: zenithToken,
      payload: { projectName: '' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await report(zenith, zenithToken)).headers['x-data-source']).toBe('replica');

    const dashboard = await t.call(zenith.tenantId, { method: 'GET', url: '/api/dashboard', token: zenithToken });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.headers['x-data-source']).toBeUndefined();
  });

  it('reads exports from the replica too', async () => {
    lagMs = 0;
    const res = await t.call(zenith.tenantId, {
      method: 'GET',
      url: '/api/report/project-wise/export',
      token: zenithToken,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-data-source']).toBe('replica');
  });
});

describeOnPostgres('reports when the replica cannot be reached', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: every look at this replica fails, so it is never known to be fresh.
    t = await buildTestApp(engine, {
      replicas: () => [{ name: 'main', url: 'postgres://postgres@127.0.0.1:1/none' }],
      reportReads: new ReportReads({ maxLagMs: 5000, readYourWritesMs: 5000 }, new ReplicaClock(measureReplica, 0)),
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers from the primary', async () => {
    const tenant = await t.createTenant('lonely');
    const token = await t.userToken(tenant, 'TENANT_ADMIN');
    const res = await t.call(tenant.tenantId, { method: 'GET', url: '/api/report/project-wise', token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-data-source']).toBe('primary');
    expect(res.json().data).toEqual([]);
  });
});

describeOnPostgres('reports when the replica lacks the company', (engine) => {
  // An empty database of the same server stands in for a replica that has not replayed a new company yet: the
  // roles are the server's (SET ROLE passes), the schema is missing (42P01).
  const emptyName = `plotbook_${runId()}_empty`;
  const emptyUrl = Object.assign(new URL(engine.url as string), { pathname: `/${emptyName}` }).toString();
  let t: TestContext;
  let measured = 0;
  const counting: MeasureReplica = async (primary, replica) => {
    measured += 1;
    return measureReplica(primary, replica);
  };
  beforeAll(async () => {
    await admin(engine.url as string, `create database ${emptyName}`);
    t = await buildTestApp(engine, {
      replicas: () => [{ name: 'main', url: emptyUrl }],
      // No read-your-writes window: the sign-in (a POST) would send the company to the primary otherwise.
      reportReads: new ReportReads({ maxLagMs: 5000, readYourWritesMs: 0 }, new ReplicaClock(counting, 60_000)),
    });
  });
  afterAll(async () => {
    await t?.close();
    await admin(engine.url as string, `drop database if exists ${emptyName} with (force)`);
  });

  it('reads it again from the primary, and counts the replica unknown until it is measured again', async () => {
    const quiet = await t.createTenant('quiet');
    const quietToken = await t.userToken(quiet, 'TENANT_ADMIN');
    const first = await t.call(quiet.tenantId, { method: 'GET', url: '/api/report/project-wise', token: quietToken });
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-data-source']).toBe('primary');
    expect(first.json().data).toEqual([]);
    expect(measured).toBe(1);
    // Forgotten: the next read goes to the primary at once, without trying the replica or measuring it.
    const second = await t.call(quiet.tenantId, { method: 'GET', url: '/api/report/project-wise', token: quietToken });
    expect(second.headers['x-data-source']).toBe('primary');
    expect(measured).toBe(1);
  });
});
