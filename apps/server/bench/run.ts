/**
 * `npm run bench`: seeds the docs/design.md §9 benchmark company, serves the real app on a local port and measures every
 * list, report and board endpoint in one run, beside a floor endpoint (a signed-in company request that runs
 * `select 1` in the company's transaction) measured the same way:
 * - p50 with one client, and the endpoint's own SQL timed straight on the database (the queries its transaction
 *   ran, replayed without HTTP, auth or JSON): overhead = API p50 − SQL p50, budget ≤ 1 ms;
 * - req/s and p95 with 20 clients: budget p95 < 100 ms; throughput as a share of the floor's;
 * - a 20,000-row Excel export (< 2 s) and the first page's JS gzipped (< 250 KB);
 * - the Audit page's list on a trail of 100,000 rows, as the company's admin (p95 < 4× the floor's), and a purchase
 *   with and without its trail row, the same service call (bench/trail-cost.ts; goal: at most 1 ms more).
 * Results are kept in `bench/results/<engine>-<time>.json`; the table compares p95 with the last run's.
 * On `--engine pglite` it also shows each endpoint's req/s as a share of PostgreSQL's in the last run that measured it.
 * `--engine pglite` runs the same on the embedded database. `BENCH_ONLY=<regex>` picks endpoints; `BENCH_KEEP=1`
 * keeps the PostgreSQL database; `DB_PREPARED_STATEMENTS=false` runs every query unprepared (as behind PgBouncer 1.18).
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test.
 */
import { Agent } from 'node:http';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/engine.js';
import { runAsTenant } from '../src/db/tenancy.js';
import { migrateAll, provisionTenantStorage } from '../src/db/tenant-storage.js';
import { listPartners } from '../src/modules/partners/partners.repository.js';
import { insertTenant } from '../src/modules/tenants/tenants.repository.js';
import { BOARD_PLOTS, boardEndpoints, seedBoardProject } from './board.js';
import {
  AUDIT_LIST,
  AUDIT_ROWS,
  BUDGET_MS,
  CONCURRENCY,
  ENDPOINTS,
  EXPORT_BUDGET_MS,
  EXPORT_ROWS,
  FLOOR,
  JS_BUDGET_KB,
  OVERHEAD_BUDGET_MS,
  REQUESTS_PER_ENDPOINT,
  SINGLE_REQUESTS,
} from './endpoints.js';
import { admin as adminOn, call as callOn, signIn } from './http.js';
import { CpuMeter, download, type LoadResult, measure, median, QueryRecorder, sqlP50 } from './measure.js';
import {
  type EndpointResult,
  firstPageJsKb,
  lastResults,
  printHeader,
  printRow,
  relativeBudgets,
  saveResults,
} from './report.js';
import { BENCH_SIZE, insertBenchUser, seedAuditTrail, seedBenchData, seedExportProject } from './seed.js';
import { measureTrailCost, registerTrailCostRoutes, trailCostLines } from './trail-cost.js';

const { values: args } = parseArgs({ options: { engine: { type: 'string', default: 'postgres' } } });
const engine = args.engine === 'pglite' ? 'pglite' : 'postgres';

const baseUrl =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const suffix = Math.random().toString(36).slice(2, 8);
const admin = (query: string) => adminOn(baseUrl, query);
const dbName = `plotbook_bench_${suffix}`;
const tenant = { tenantId: 'bench', dbName: 'bench', dbUsername: `bench_${suffix}` };

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
const call = (url: string, options: { method?: string; headers: Record<string, string>; body?: string }) =>
  callOn(url, { ...options, agent });

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
    // DB_PREPARED_STATEMENTS=false measures the queries as a pooler without prepared statements runs them.
    prepareStatements: process.env.DB_PREPARED_STATEMENTS !== 'false',
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
  const userId = await insertBenchUser(database.db, tenant);
  const adminId = await insertBenchUser(database.db, tenant, true);
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
  let boardProjectId: number;
  try {
    await seedBenchData(seeding.db, tenant, userId);
    exportProjectId = await seedExportProject(seeding.db, tenant, EXPORT_ROWS, userId);
    boardProjectId = await seedBoardProject(seeding.db, tenant, userId);
    const trailStart = performance.now();
    await seedAuditTrail(seeding.db, tenant, adminId, AUDIT_ROWS);
    console.log(`Seeded ${AUDIT_ROWS} audit trail rows in ${Math.round(performance.now() - trailStart)} ms`);
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
  registerTrailCostRoutes(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const host = `http://127.0.0.1:${port}`;
  const headers = await signIn(host, 'bench.localhost', 'bench@example.com', 'bench-user-1');
  // The whole audit trail is the company admin's to read.
  const adminHeaders = await signIn(host, 'bench.localhost', 'bench-admin@example.com', 'bench-user-1');
  // The board polled as its screen does: with the ETag of the last answer, so each poll is a 304.
  const [board, boardPoll] = boardEndpoints(boardProjectId);
  const boardTag = String((await call(`${host}${board}`, { headers })).headers.etag ?? '');
  const headersOf = (endpoint: string) =>
    endpoint.startsWith('/api/audit')
      ? adminHeaders
      : endpoint === boardPoll
        ? { ...headers, 'if-none-match': boardTag }
        : headers;

  // Warm the server first (JIT, connection pool, plans), so the floor measured first is not the coldest.
  await measure(`${host}${FLOOR}`, headers, CONCURRENCY, REQUESTS_PER_ENDPOINT * 2);
  const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
  const endpoints = [FLOOR, ...[...ENDPOINTS, ...boardEndpoints(boardProjectId)].filter((e) => !only || only.test(e))];
  const previous = lastResults(engine);
  const meterClient = url === undefined ? null : new pg.Client({ connectionString: url.toString() });
  await meterClient?.connect();
  const meter = new CpuMeter(meterClient);
  // On the embedded engine, each endpoint's req/s is also shown as a share of PostgreSQL's in its last run
  // (issue 11: at least 40 %).
  const onPostgres = engine === 'pglite' ? lastResults('postgres') : new Map<string, EndpointResult>();
  printHeader(engine);
  const results: EndpointResult[] = [];
  let floorPerSecond = 0;
  let failed = false;
  for (const endpoint of endpoints) {
    const target = `${host}${endpoint}`;
    const headers = headersOf(endpoint);
    const queries = await recorder.record(() => call(target, { headers }));
    // Warm first (JIT, the connections' prepared statements and plans, caches): every figure below is of a server
    // that has served this endpoint before, as a running one has.
    await measure(target, headers, CONCURRENCY, REQUESTS_PER_ENDPOINT);
    let single: LoadResult | undefined;
    const cpu = await meter.measure(SINGLE_REQUESTS, async () => {
      single = await measure(target, headers, 1, SINGLE_REQUESTS);
    });
    if (!single) throw new Error('no measurement');
    const sqlMs = await sqlP50(database, tenant, queries, SINGLE_REQUESTS);
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
    printRow(engine, result, ok, previous.get(endpoint), onPostgres.get(endpoint));
  }
  // The 20,000-row export: a few sequential downloads, the slowest against the budget.
  const exportTimes: number[] = [];
  let exportBytes = 0;
  for (let i = 0; i < 4; i += 1) {
    const started = performance.now();
    const res = await download(`${host}/api/farmer-account/${exportProjectId}/export`, headers, agent);
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
  const floor = results.find((r) => r.endpoint === FLOOR);
  if (floor) console.log(`\n${relativeBudgets(results, floor).join('\n')}`);
  const audit = results.find((r) => r.endpoint === AUDIT_LIST);
  if (floor && audit) {
    const ratio = audit.p95 / floor.p95;
    console.log(
      `\nAudit list on ${AUDIT_ROWS} trail rows (${AUDIT_LIST}): p95 ${audit.p95.toFixed(1)} ms = ${ratio.toFixed(1)}× ` +
        `the floor's ${floor.p95.toFixed(1)} ms (goal < 4×)${ratio < 4 ? '  ok' : '  OVER'}; 1 client p50 ` +
        `${audit.singleP50.toFixed(1)} ms, SQL p50 ${audit.sqlP50.toFixed(1)} ms`,
    );
  }
  const boardResult = results.find((r) => r.endpoint === board);
  const pollResult = results.find((r) => r.endpoint === boardPoll);
  if (floor && boardResult) {
    const ratio = boardResult.p95 / floor.p95;
    console.log(
      `\nBoard of a ${BOARD_PLOTS}-plot project (${board}): p95 ${boardResult.p95.toFixed(1)} ms = ${ratio.toFixed(1)}× ` +
        `the floor's ${floor.p95.toFixed(1)} ms (goal ≤ 4×)${ratio <= 4 ? '  ok' : '  OVER'}; p50 ${boardResult.p50.toFixed(1)} ms; ` +
        `1 client p50 ${boardResult.singleP50.toFixed(1)} ms, SQL p50 ${boardResult.sqlP50.toFixed(1)} ms` +
        (pollResult
          ? `; polled with its ETag (304): p95 ${pollResult.p95.toFixed(1)} ms = ${(pollResult.p95 / floor.p95).toFixed(1)}× the floor's`
          : ''),
    );
  }
  if (!only || only.test('trail-cost')) {
    const [partner] = await runAsTenant(database.db, tenant, listPartners);
    const partnerId = partner?.partnerId ?? 1;
    const cost = await measureTrailCost(host, headers, agent, { projectId: 1, partnerId });
    console.log(`\n${trailCostLines(cost).join('\n')}`);
  }
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
  const file = saveResults(engine, {
    concurrency: CONCURRENCY,
    endpoints: results,
    exportMs: slowest,
    firstPageJsKb: js,
  });
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
