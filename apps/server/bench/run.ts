/**
 * `npm run bench`: seeds the DESIGN §9 benchmark company on PostgreSQL, serves the real app on a local port and
 * fires 20 concurrent clients at every list and report endpoint; prints p50/p95/max per endpoint against the
 * 100 ms p95 budget, and the first page's JS size gzipped against 250 KB.
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { existsSync, readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import { migrateAll, provisionTenantStorage, runAsTenant } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { insertTenant } from '../src/modules/tenants/tenants.repository.js';
import { BENCH_SIZE, seedBenchData } from './seed.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const REQUESTS_PER_ENDPOINT = Number(process.env.BENCH_REQUESTS ?? 400);
const BUDGET_MS = 100;
/** A 20,000-row Excel export must finish within this (issue 10). */
const EXPORT_ROWS = 20_000;
const EXPORT_BUDGET_MS = 2000;
const JS_BUDGET_KB = 250;

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const suffix = Math.random().toString(36).slice(2, 8);
const dbName = `plotbook_bench_${suffix}`;
const tenant = { tenantId: 'bench', dbName: 'bench', dbUsername: `bench_${suffix}` };

async function admin(query: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// Node's fetch will not send a custom Host header, and the host names the company: use node:http.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function call(url: string, options: { method?: string; headers: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolvePromise, reject) => {
    const req = httpRequest(url, { method: options.method ?? 'GET', headers: options.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolvePromise({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A binary download: its status and size. */
function download(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number }>((resolvePromise, reject) => {
    const req = httpRequest(url, { headers, agent }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
    req.end();
  });
}

interface LoadJob {
  url: string;
  headers: Record<string, string>;
  concurrency: number;
  requests: number;
}
interface LoadResult {
  p50: number;
  p95: number;
  max: number;
  failures: number;
}

/** Runs one endpoint's load in a worker thread, so the clients do not share the server's event loop. */
function measure(url: string, headers: Record<string, string>): Promise<LoadResult> {
  const job: LoadJob = { url, headers, concurrency: CONCURRENCY, requests: REQUESTS_PER_ENDPOINT };
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), { workerData: job });
    worker.once('message', resolvePromise);
    worker.once('error', reject);
  });
}

function firstPageJsKb(): number | null {
  const dist = resolve(dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  const indexPath = resolve(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(resolve(dist, `.${path}`))).length, 0);
  return bytes / 1024;
}

await admin(`create database ${dbName}`);
const url = new URL(baseUrl);
url.pathname = `/${dbName}`;
const database = openDatabase({ databaseUrl: url.toString(), poolSize: 20 });
try {
  const config = loadConfig({
    BASE_DOMAIN: 'localhost',
    LOG_LEVEL: 'warn',
    SUPER_ADMIN_PASSWORD: 'bench-admin-1',
    SEED_DEMO: 'false',
  });
  await migrateAll(database.db);
  await ensureSuperAdmin(database.db, config);
  const seedStart = performance.now();
  await provisionTenantStorage(database.db, { ...tenant, dbPassword: 'bench-password' });
  await insertTenant(database.db, tenant, null);
  const passwordHash = await hashPassword('bench-user-1');
  await runAsTenant(database.db, tenant, (tdb) =>
    insertUser(tdb, {
      userName: 'Bench',
      emailId: 'bench@example.com',
      mobileNumber: null,
      city: null,
      passwordHash,
      role: 'USER',
      resetPasswordRequired: false,
    }),
  );
  // 50,000 receipt lines go through their triggers: on a busy machine that outlasts the app's 5 s statement limit,
  // so the seed has a connection of its own with a generous one.
  const seeding = openDatabase({
    databaseUrl: url.toString(),
    poolSize: 2,
    timeouts: { connectMs: 10_000, statementMs: 300_000 },
  });
  let exportProjectId: number;
  try {
    await seedBenchData(seeding.db, tenant);
    // A project whose Farmer Account has EXPORT_ROWS purchase entries, for the export timing below.
    exportProjectId = await runAsTenant(seeding.db, tenant, async (tdb) => {
      const project = await tdb
        .insertInto('projects')
        .values({
          project_name: 'Export Project',
          city: 'Nagpur',
          total_area: 1000,
          total_rate: 100,
          total_amount_paise: 100000_00,
          saleable_area: 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into ${sql.id(tenant.dbName, 'purchase_entries')} (project_id, partner_id, particular, entry_date, mode, mode_detail, credit_to, amount_paise)
        select ${project.id}, 1 + (g % 10), 'Kharedikhar', date '2025-01-01' + (g % 400), 'Cheque', 'Cheque no ' || g, '=Farmer ' || g, 100000 + g
        from generate_series(1, ${EXPORT_ROWS}) g`.execute(tdb);
      return project.id;
    });
  } finally {
    await seeding.close();
  }
  console.log(
    `Seeded ${BENCH_SIZE.projects} projects, ${BENCH_SIZE.projects * BENCH_SIZE.plotsPerProject} plots, ${BENCH_SIZE.receipts} receipts in ${Math.round(performance.now() - seedStart)} ms`,
  );

  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-0000000',
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = `http://127.0.0.1:${port}`;
  const login = await call(`${host}/api/login`, {
    method: 'POST',
    headers: { host: 'bench.localhost', 'content-type': 'application/json' },
    body: JSON.stringify({ emailId: 'bench@example.com', password: 'bench-user-1' }),
  });
  const { token } = JSON.parse(login.body) as { token: string };
  const headers = { host: 'bench.localhost', authorization: `Bearer ${token}` };

  const endpoints = [
    '/api/dashboard',
    '/api/project',
    '/api/project/all-details',
    '/api/project/1',
    '/api/project/1/plots',
    '/api/project/1/partners',
    '/api/plot/by-project/1',
    '/api/partner',
    '/api/purchase/by-project/1',
    '/api/development/by-project/1',
    '/api/partnercontribution?projectId=1',
    '/api/activity/list?projectId=1',
    '/api/sale/project/1',
    '/api/sale/1/schedule',
    '/api/payment/pending/1',
    '/api/payment/plot/1',
    '/api/registration',
    '/api/payment/partners-summary?projectId=1',
    '/api/payment/receipts?projectId=1',
    '/api/partner-payout?projectId=1',
    '/api/project/summaries',
    '/api/project/1/plot-summaries',
    '/api/project-profile?projectId=1',
    '/api/project-profile?projectId=1&plotId=1',
    '/api/settings/profile',
    '/api/help/contacts',
    '/api/report/project-wise',
    '/api/report/project-wise?fromDate=2020-01-01&toDate=2099-12-31',
    '/api/report/plot-wise/1',
    '/api/report/payment-receipts/1',
    '/api/farmer-account/1',
    '/api/report/payment-month-wise/1',
    '/api/report/payment-expected-month-wise/1',
    '/api/partner-summary/1',
    '/api/partner-payment-details/1/1',
  ];
  console.log(
    `\n${CONCURRENCY} concurrent clients, ${REQUESTS_PER_ENDPOINT} requests per endpoint, budget p95 < ${BUDGET_MS} ms\n`,
  );
  console.log('endpoint'.padEnd(42), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'max ms'.padStart(8), '  result');
  let failed = false;
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  for (const endpoint of endpoints.filter((e) => !only || only.test(e))) {
    await measure(`${host}${endpoint}`, headers); // warm-up pass: plans and caches
    const r = await measure(`${host}${endpoint}`, headers);
    const ok = r.p95 < BUDGET_MS && r.failures === 0;
    failed ||= !ok;
    console.log(
      endpoint.padEnd(42),
      r.p50.toFixed(1).padStart(8),
      r.p95.toFixed(1).padStart(8),
      r.max.toFixed(1).padStart(8),
      ok ? '  ok' : `  OVER BUDGET${r.failures ? ` (${r.failures} failed)` : ''}`,
    );
  }
  // The 20,000-row export: a few sequential downloads, the slowest against the budget.
  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let i = 0; i < 4; i += 1) {
    const started = performance.now();
    const res = await download(`${host}/api/farmer-account/${exportProjectId}/export`, headers);
    exportTimes.push(performance.now() - started);
    exportBytes = res.bytes;
    failed ||= res.status !== 200;
  }
  const slowest = Math.max(...exportTimes.slice(1));
  failed ||= slowest >= EXPORT_BUDGET_MS;
  console.log(
    `\nExport of ${EXPORT_ROWS} rows (.xlsx, ${(exportBytes / 1024).toFixed(0)} KB): first ${exportTimes[0]?.toFixed(0)} ms, ` +
      `slowest after warm-up ${slowest.toFixed(0)} ms (budget ${EXPORT_BUDGET_MS} ms)${slowest < EXPORT_BUDGET_MS ? '  ok' : '  OVER BUDGET'}`,
  );
  const js = firstPageJsKb();
  if (js === null) console.log('\nFirst page JS: apps/web/dist not built (npm run build)');
  else {
    console.log(`\nFirst page JS (entry + preloaded chunks, gzipped): ${js.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);
    failed ||= js > JS_BUDGET_KB;
  }
  agent.destroy();
  await app.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  await database.close().catch(() => {});
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`drop role if exists ${tenant.dbUsername}`);
}
