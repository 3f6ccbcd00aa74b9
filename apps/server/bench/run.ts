/**
 * `npm run bench`: seeds the docs/design.md §9 benchmark company, serves the real app on a local port and measures every
 * list, report and board endpoint in one run, beside a floor endpoint (a signed-in company request that runs
 * `select 1` in the company's transaction) measured the same way:
 * - p50 with one client, and the endpoint's own SQL timed straight on the database (the queries its transaction
 *   ran, replayed without HTTP, auth or JSON): overhead = API p50 − SQL p50, budget ≤ 1 ms;
 * - req/s and p95 with 20 clients: budget p95 < 100 ms; throughput as a share of the floor's;
 * - a 20,000-row Excel export (< 2 s) and the first page's JS gzipped (< 250 KB).
 * Results are kept in `bench/results/<engine>-<time>.json`; the table compares p95 with the last run's.
 * On `--engine pglite` it also shows each endpoint's req/s as a share of PostgreSQL's in the last run that measured it.
 * `--engine pglite` runs the same on the embedded database. `BENCH_ONLY=<regex>` picks endpoints; `BENCH_KEEP=1`
 * keeps the PostgreSQL database.
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { dirname, resolve } from 'node:path';
import { performance as perfHooks } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { type CompiledQuery, type LogEvent, sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/engine.js';
import { migrateAll, provisionTenantStorage, runAsTenant } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { insertTenant } from '../src/modules/tenants/tenants.repository.js';
import { admin as adminOn, call as callOn, signIn } from './http.js';
import { BENCH_SIZE, seedBenchData, seedExportProject } from './seed.js';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'postgres' } } });
const engine = args.engine === 'pglite' ? 'pglite' : 'postgres';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 20);
const REQUESTS_PER_ENDPOINT = Number(process.env.BENCH_REQUESTS ?? 400);
const SINGLE_REQUESTS = Number(process.env.BENCH_SINGLE_REQUESTS ?? 150);
const BUDGET_MS = 100;
const OVERHEAD_BUDGET_MS = 1;
/** A 20,000-row Excel export must finish within this (issue 10). */
const EXPORT_ROWS = 20_000;
const EXPORT_BUDGET_MS = 2000;
const JS_BUDGET_KB = 250;
const FLOOR = '/api/bench/floor';
const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = resolve(here, 'results');

const ENDPOINTS = [
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

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const suffix = Math.random().toString(36).slice(2, 8);
const admin = (query: string) => adminOn(baseUrl, query);
const dbName = `plotbook_bench_${suffix}`;
const tenant = { tenantId: 'bench', dbName: 'bench', dbUsername: `bench_${suffix}` };

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const call = (url: string, options: { method?: string; headers: Record<string, string>; body?: string }) =>
  callOn(url, { ...options, agent });

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

interface LoadResult {
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  failures: number;
}

/** Runs one endpoint's load in a worker thread, so the clients do not share the server's event loop. */
function measure(url: string, headers: Record<string, string>, concurrency: number, requests: number) {
  return new Promise<LoadResult>((resolvePromise, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, headers, concurrency, requests },
    });
    worker.once('message', resolvePromise);
    worker.once('error', reject);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The queries one request ran inside its company transaction (between BEGIN and COMMIT), as Kysely compiled them:
 * the auth lookup before the transaction and the transaction's own statements are left out.
 */
class QueryRecorder {
  #recording = false;
  #inTransaction = false;
  queries: CompiledQuery[] = [];
  readonly log = (event: LogEvent) => {
    if (!this.#recording || event.level !== 'query') return;
    const text = event.query.sql.trimStart().toLowerCase();
    if (text.startsWith('begin')) this.#inTransaction = true;
    else if (text.startsWith('commit') || text.startsWith('rollback')) this.#inTransaction = false;
    else if (this.#inTransaction) this.queries.push(event.query);
  };
  async record(run: () => Promise<unknown>): Promise<CompiledQuery[]> {
    this.queries = [];
    this.#recording = true;
    try {
      await run();
    } finally {
      this.#recording = false;
    }
    return this.queries;
  }
}

/** The p50 of running `queries` in the company's transaction (role switched), timing the queries alone. */
async function sqlP50(database: Database, queries: CompiledQuery[]): Promise<number> {
  if (queries.length === 0) return 0;
  const times: number[] = [];
  for (let i = 0; i < SINGLE_REQUESTS; i += 1) {
    await runAsTenant(database.db, tenant, async (tdb) => {
      const started = performance.now();
      for (const query of queries) await tdb.executeQuery(query);
      times.push(performance.now() - started);
    });
  }
  return median(times);
}

function firstPageJsKb(): number | null {
  const dist = resolve(here, '../../web/dist');
  const indexPath = resolve(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(resolve(dist, `.${path}`))).length, 0);
  return bytes / 1024;
}

/** The server's main thread's time on a CPU so far (Linux), in ns; the clients' worker thread is not counted. */
function mainThreadNs(): number {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return perfHooks.eventLoopUtilization().active * 1e6;
  }
}

/**
 * CPU time, which a busy machine does not inflate as it does latency: the server's main thread and PostgreSQL's
 * backends of the bench database (their run time from /proc, when PostgreSQL runs on
 * this machine; else null).
 */
class CpuMeter {
  constructor(private readonly pg: pg.Client | null) {}
  async #pgNs(): Promise<number | null> {
    if (!this.pg) return null;
    const { rows } = await this.pg.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    let total = 0;
    for (const { pid } of rows) {
      try {
        total += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
      } catch {
        // a backend that ended meanwhile, or PostgreSQL elsewhere
      }
    }
    return rows.length > 0 ? total : null;
  }
  async measure(requests: number, run: () => Promise<unknown>): Promise<{ nodeMs: number; pgMs: number | null }> {
    const pgBefore = await this.#pgNs();
    const before = mainThreadNs();
    await run();
    const used = mainThreadNs() - before;
    const pgAfter = await this.#pgNs();
    return {
      nodeMs: used / 1e6 / requests,
      pgMs: pgBefore === null || pgAfter === null ? null : (pgAfter - pgBefore) / 1e6 / requests,
    };
  }
}

interface EndpointResult {
  endpoint: string;
  /** CPU per request at one client: the server's main thread, and PostgreSQL's backends (null: not measured). */
  nodeCpuMs?: number;
  pgCpuMs?: number | null;
  singleP50: number;
  sqlP50: number;
  overhead: number;
  queries: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  floorShare: number;
  failures: number;
}

/** Each endpoint's figures from the newest earlier run on `of` that measured it (a BENCH_ONLY run measures a few). */
function lastResults(of: typeof engine = engine): Map<string, EndpointResult> {
  const last = new Map<string, EndpointResult>();
  if (!existsSync(RESULTS_DIR)) return last;
  const files = readdirSync(RESULTS_DIR)
    .filter((f) => f.startsWith(`${of}-`) && f.endsWith('.json'))
    .sort();
  for (const file of files) {
    const data = JSON.parse(readFileSync(resolve(RESULTS_DIR, file), 'utf8')) as { endpoints: EndpointResult[] };
    for (const result of data.endpoints) last.set(result.endpoint, result);
  }
  return last;
}

/** req/s as a share of the same endpoint's on PostgreSQL in its last run, or blank when it has none. */
function postgresShare(postgres: EndpointResult | undefined, perSecond: number): string {
  return postgres?.perSecond ? `${((perSecond / postgres.perSecond) * 100).toFixed(0)}%` : '';
}

const recorder = new QueryRecorder();
let database: Database;
let url: URL | undefined;
if (engine === 'postgres') {
  await admin(`create database ${dbName}`);
  url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  database = openDatabase({
    databaseUrl: url.toString(),
    poolSize: Number(process.env.BENCH_POOL ?? 20),
    log: recorder.log,
  });
} else {
  database = openDatabase({ log: recorder.log, timeouts: { connectMs: 10_000, statementMs: 300_000 } });
}
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
  const user = await runAsTenant(database.db, tenant, (tdb) =>
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
  // so on PostgreSQL the seed has a connection of its own with a generous one.
  const seeding =
    url === undefined
      ? database
      : openDatabase({
          databaseUrl: url.toString(),
          poolSize: 2,
          timeouts: { connectMs: 10_000, statementMs: 300_000 },
        });
  let exportProjectId: number;
  try {
    if (!user) throw new Error('The bench user was not stored');
    await seedBenchData(seeding.db, tenant, user.id);
    // A project whose Farmer Account has EXPORT_ROWS purchase entries, for the export timing below.
    exportProjectId = await seedExportProject(seeding.db, tenant, EXPORT_ROWS, user.id);
  } finally {
    if (seeding !== database) await seeding.close();
  }
  console.log(
    `Engine ${engine}. Seeded ${BENCH_SIZE.projects} projects, ${BENCH_SIZE.projects * BENCH_SIZE.plotsPerProject} plots, ${BENCH_SIZE.receipts} receipts in ${Math.round(performance.now() - seedStart)} ms`,
  );

  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-0000000',
    logger: false,
  });
  // The floor: what any signed-in company request costs (token, user check, transaction with the role switch).
  app.get(FLOOR, { preHandler: app.requireRole('USER') }, async (request) => {
    await request.withTenant((tdb) => sql`select 1`.execute(tdb));
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = `http://127.0.0.1:${port}`;
  const headers = await signIn(host, 'bench.localhost', 'bench@example.com', 'bench-user-1');

  // Warm the server first (JIT, connection pool, plans), so the floor measured first is not the coldest.
  await measure(`${host}${FLOOR}`, headers, CONCURRENCY, REQUESTS_PER_ENDPOINT * 2);
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const endpoints = [FLOOR, ...ENDPOINTS.filter((e) => !only || only.test(e))];
  const previous = lastResults();
  const meterClient = url === undefined ? null : new pg.Client({ connectionString: url.toString() });
  await meterClient?.connect();
  const meter = new CpuMeter(meterClient);
  // On the embedded engine, each endpoint's req/s is also shown as a share of PostgreSQL's in its last run
  // (issue 11: at least 40 %).
  const onPostgres = engine === 'pglite' ? lastResults('postgres') : new Map<string, EndpointResult>();
  console.log(
    `\n1 client: CPU ms per request (node: the server's main thread; pg: PostgreSQL's backends), p50 of ${SINGLE_REQUESTS} requests, SQL p50 of the same queries replayed, overhead = API − SQL (budget ≤ ${OVERHEAD_BUDGET_MS} ms)` +
      `\n${CONCURRENCY} clients: ${REQUESTS_PER_ENDPOINT} requests, p95 budget < ${BUDGET_MS} ms, req/s and its share of the floor's\n`,
  );
  const columns = ['node', 'pg', '1c p50', 'SQL p50', 'overhd', 'p50', 'p95', 'max', 'req/s', 'floor%', 'Δp95'];
  if (engine === 'pglite') columns.push('of PG');
  console.log('endpoint'.padEnd(46), ...columns.map((c) => c.padStart(7)), '  result');
  const results: EndpointResult[] = [];
  let floorPerSecond = 0;
  let failed = false;
  for (const endpoint of endpoints) {
    const target = `${host}${endpoint}`;
    const queries = await recorder.record(() => call(target, { headers }));
    // Warm first (JIT, the connections' prepared statements and plans, caches): every figure below is of a server
    // that has served this endpoint before, as a running one has.
    await measure(target, headers, CONCURRENCY, REQUESTS_PER_ENDPOINT);
    let single: LoadResult | undefined;
    const cpu = await meter.measure(SINGLE_REQUESTS, async () => {
      single = await measure(target, headers, 1, SINGLE_REQUESTS);
    });
    if (!single) throw new Error('no measurement');
    const sqlMs = await sqlP50(database, queries);
    const r = await measure(target, headers, CONCURRENCY, REQUESTS_PER_ENDPOINT);
    if (endpoint === FLOOR) floorPerSecond = r.perSecond;
    const result: EndpointResult = {
      endpoint,
      nodeCpuMs: cpu.nodeMs,
      pgCpuMs: cpu.pgMs,
      singleP50: single.p50,
      sqlP50: sqlMs,
      overhead: single.p50 - sqlMs,
      queries: queries.length,
      p50: r.p50,
      p95: r.p95,
      max: r.max,
      perSecond: r.perSecond,
      floorShare: floorPerSecond ? r.perSecond / floorPerSecond : 0,
      failures: r.failures + (single?.failures ?? 0),
    };
    results.push(result);
    const ok = r.p95 < BUDGET_MS && result.failures === 0;
    if (endpoint !== FLOOR) failed ||= !ok;
    const before = previous.get(endpoint);
    const f = (n: number) => n.toFixed(1).padStart(7);
    console.log(
      endpoint.padEnd(46),
      f(cpu.nodeMs),
      cpu.pgMs === null ? '      -' : f(cpu.pgMs),
      f(result.singleP50),
      f(result.sqlP50),
      f(result.overhead),
      f(r.p50),
      f(r.p95),
      f(r.max),
      r.perSecond.toFixed(0).padStart(7),
      `${(result.floorShare * 100).toFixed(0)}%`.padStart(7),
      (before ? `${r.p95 - before.p95 >= 0 ? '+' : ''}${(r.p95 - before.p95).toFixed(0)}` : '').padStart(7),
      ...(engine === 'pglite' ? [postgresShare(onPostgres.get(endpoint), r.perSecond).padStart(7)] : []),
      ok ? '  ok' : `  OVER BUDGET${result.failures ? ` (${result.failures} failed)` : ''}`,
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
  const overBudgetOverhead = results.filter((r) => r.endpoint !== FLOOR && r.overhead > OVERHEAD_BUDGET_MS);
  console.log(
    `\nOverhead over SQL above ${OVERHEAD_BUDGET_MS} ms at one client: ${overBudgetOverhead.length} of ${results.length - 1} endpoints` +
      ` (the floor's own: ${results[0]?.overhead.toFixed(1)} ms)`,
  );
  if (engine === 'pglite' && onPostgres.size > 0) {
    const compared = results.filter((r) => onPostgres.get(r.endpoint)?.perSecond);
    const shares = compared.map((r) => r.perSecond / (onPostgres.get(r.endpoint)?.perSecond ?? 1));
    const below = shares.filter((share) => share < 0.4).length;
    console.log(
      `\nThroughput as a share of PostgreSQL's last run: median ${(median(shares) * 100).toFixed(0)} %, lowest ` +
        `${(Math.min(...shares) * 100).toFixed(0)} %; ${below} of ${compared.length} endpoints below 40 %`,
    );
  }
  const js = firstPageJsKb();
  if (js === null) console.log('\nFirst page JS: apps/web/dist not built (npm run build)');
  else {
    console.log(`\nFirst page JS (entry + preloaded chunks, gzipped): ${js.toFixed(1)} KB (budget ${JS_BUDGET_KB} KB)`);
    failed ||= js > JS_BUDGET_KB;
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ engine, at: new Date().toISOString(), concurrency: CONCURRENCY, endpoints: results, exportMs: slowest, firstPageJsKb: js }, null, 1)}\n`,
  );
  console.log(`\nResults: ${file}`);
  agent.destroy();
  await meterClient?.end();
  await app.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  await database.close().catch(() => {});
  // BENCH_KEEP=1 leaves the seeded database (its name is printed) to look at a query's plan on the bench data.
  if (engine === 'postgres' && process.env.BENCH_KEEP === '1') console.log(`Kept database ${dbName}`);
  else if (engine === 'postgres') {
    await admin(`drop database if exists ${dbName} with (force)`);
    await admin(`drop role if exists ${tenant.dbUsername}`);
  }
}
