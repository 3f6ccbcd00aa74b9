import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { paise } from '@plotbook/domain';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { moveCompany } from '../src/db/company-move.js';
import { openDatabase } from '../src/db/engine.js';
import { platformDb, type TenantRecord } from '../src/db/tenancy.js';
import { factories } from './factories.js';
import { buildTestApp, describeOnPostgres, runId, type TestContext } from './helpers.js';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Two databases of the test server as two clusters (see clusters.test.ts); a company moved from main to b and back. */
describeOnPostgres('moving a company between clusters', (engine) => {
  const bName = `plotbook_${runId()}_b`;
  const bUrl = Object.assign(new URL(engine.url as string), { pathname: `/${bName}` }).toString();
  let t: TestContext;
  let b: Kysely<unknown>;
  let mover: TenantRecord;
  let stay: TenantRecord;
  let moverToken: string;
  let stayToken: string;
  let projectId: number;
  let plotId: number;

  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: engine.url });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  const schemas = async (db: Kysely<unknown>, like: string) =>
    (await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like ${like}`.execute(db)).rows.map(
      (r) => r.nspname,
    );
  const countRows = async (db: Kysely<unknown>, schema: string, table: string) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, table)}`.execute(db)).rows[0]?.n);
  const row = (tenant: TenantRecord) =>
    platformDb(t.db)
      .selectFrom('tenants')
      .select(['cluster', 'moving_to'])
      .where('tenant_id', '=', tenant.tenantId)
      .executeTakeFirstOrThrow();
  const projects = (tenant: TenantRecord, token: string) =>
    t.call(tenant.tenantId, { method: 'GET', url: '/api/project', token });

  beforeAll(async () => {
    await admin(`create database ${bName}`);
    t = await buildTestApp(engine, { clusters: [{ name: 'b', url: bUrl }] });
    b = openDatabase({ databaseUrl: bUrl, poolSize: 1 }).db;
    mover = await t.createTenant('mover', undefined, 'main');
    stay = await t.createTenant('stay', undefined, 'main');
    moverToken = await t.userToken(mover, 'TENANT_ADMIN');
    stayToken = await t.userToken(stay, 'TENANT_ADMIN');
    const f = factories(t, mover, moverToken);
    const built = await f.project({ name: 'Riverside', plots: 3 });
    const plot = built.plots[0] as { plotId: number };
    projectId = built.projectId;
    plotId = plot.plotId;
    await f.purchase({ projectId: built.projectId, amount: 1234.5 });
    await f.sale({
      projectId: built.projectId,
      plotId: plot.plotId,
      receipts: [{ status: 'Completed', amountPaise: paise(250000_00), date: '2026-10-03' }],
    });
    await factories(t, stay, stayToken).project({ name: 'Hilltop', plots: 2 });
  });
  afterAll(async () => {
    await b?.destroy();
    await admin(`drop database if exists ${bName} with (force)`);
    await t?.close();
  });

  it('answers 503 while it copies, then serves the same rows and money from b; the other company is served throughout', async () => {
    const urls = new Map([
      ['main', t.databaseUrl as string],
      ['b', bUrl],
    ]);
    const seen = new Set<number>();
    let stayFailures = 0;
    let done = false;
    // A straggler: a write that reaches main without looking at the placement (a record read before the move, as a
    // request under way has), sent once the move holds the tables. It must fail, not land in the old copy.
    const f = factories(t, mover, moverToken);
    let straggler: Promise<string> = Promise.resolve('never saw the tables held');
    const log = (line: string) => {
      if (!line.includes('writes held')) return;
      const receipt = {
        projectId,
        plotId,
        status: 'Completed' as const,
        lines: [{ amountPaise: paise(1_00), date: '2026-10-04' }],
      };
      straggler = f.receipt(receipt).then(
        () => 'written',
        () => 'refused',
      );
    };
    const moving = moveCompany(t.db, mover.tenantId, 'b', { urls, settleMs: 2500, log });
    moving.then(
      () => {
        done = true;
      },
      () => {
        done = true;
      },
    );
    let refusedWrite: { statusCode: number; message: string } | undefined;
    while (!done) {
      const res = await projects(mover, moverToken);
      seen.add(res.statusCode);
      if (res.statusCode === 503) {
        expect(res.json().message).toBe('This company is being moved. Try again in a minute.');
        const write = await t.call(mover.tenantId, {
          method: 'POST',
          url: '/api/project',
          token: moverToken,
          payload: { projectName: 'During', city: 'Nagpur', totalArea: 100, totalRate: 1, plots: [] },
        });
        refusedWrite ??= { statusCode: write.statusCode, message: write.json().message };
      }
      if ((await projects(stay, stayToken)).statusCode !== 200) stayFailures += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const report = await moving;
    expect(await straggler).toBe('refused');

    expect(seen).toContain(503);
    expect(refusedWrite).toEqual({ statusCode: 503, message: 'This company is being moved. Try again in a minute.' });
    expect(stayFailures).toBe(0);
    expect(report).toMatchObject({ tenantId: mover.tenantId, from: 'main', to: 'b' });
    expect(report.after).toEqual(report.before);
    const figures = Object.fromEntries(report.before.map((f) => [f.table, f]));
    expect(figures.projects?.rows).toBe(1);
    expect(figures.plots?.rows).toBe(3);
    expect(figures.receipt_line_rows?.paise.amount_paise).toBe('25000000');
    expect(figures.purchase_entry_rows?.paise.amount_paise).toBe('123450');
    expect(await row(mover)).toEqual({ cluster: 'b', moving_to: null });

    // b holds the company now; main keeps the old copy under another name, for the operator to drop.
    expect(await schemas(b, mover.dbName)).toEqual([mover.dbName]);
    expect(await schemas(t.db, mover.dbName)).toEqual([]);
    const [kept] = await schemas(t.db, `${mover.dbName}\\_moved\\_%`);
    expect(kept).toBeDefined();
    expect(await countRows(b, mover.dbName, 'receipts')).toBe(1);
    expect(await countRows(t.db, kept as string, 'receipts')).toBe(1);

    // Once this server has re-read the record (2 s), the company answers from b, and writes land there.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const after = await projects(mover, moverToken);
    expect(after.statusCode).toBe(200);
    expect(JSON.stringify(after.json())).toContain('Riverside');
    await factories(t, mover, moverToken).project({ name: 'Lakeside', plots: 1 });
    expect(await countRows(b, mover.dbName, 'projects')).toBe(2);
    expect(await countRows(t.db, stay.dbName, 'projects')).toBe(1);
  });

  it('npm run move-company moves it back, printing rows per table before and after; a bad move changes nothing', async () => {
    const env = { ...process.env, DATABASE_URL: t.databaseUrl as string, CLUSTERS: `b=${bUrl}` };
    const { stdout } = await run('npm', ['run', '--silent', 'move-company', '--', mover.tenantId, 'main'], {
      cwd: ROOT,
      env,
    });
    expect(stdout).toContain(`${mover.tenantId}: b → main, unavailable`);
    expect(stdout).toContain('  projects: 2 → 2 (');
    expect(stdout).toContain('  receipt_line_rows: 1 → 1 ( Σamount_paise=25000000 → Σamount_paise=25000000)');
    expect(await row(mover)).toEqual({ cluster: 'main', moving_to: null });
    expect(await schemas(t.db, mover.dbName)).toEqual([mover.dbName]);
    expect(await schemas(b, mover.dbName)).toEqual([]);

    const refused = await run('npm', ['run', '--silent', 'move-company', '--', mover.tenantId, 'zz'], {
      cwd: ROOT,
      env,
    })
      .then(() => 'moved')
      .catch((error: { stderr: string }) => error.stderr);
    expect(refused).toContain('The move failed: Unknown cluster "zz". The clusters are: main, b.');
    expect(await row(mover)).toEqual({ cluster: 'main', moving_to: null });
  });
});
