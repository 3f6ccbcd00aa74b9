/** What the bench prints and keeps: the table's rows, the results file, the last runs to compare with. */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { BUDGET_MS, CONCURRENCY, OVERHEAD_BUDGET_MS, REQUESTS_PER_ENDPOINT, SINGLE_REQUESTS } from './endpoints.js';

export type Engine = 'postgres' | 'pglite';

const here = dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = resolve(here, 'results');

export interface EndpointResult {
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
export function lastResults(of: Engine): Map<string, EndpointResult> {
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

/** Keeps a run's figures in `bench/results/<engine>-<time>.json`; the file's path. */
export function saveResults(engine: Engine, results: object): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = resolve(RESULTS_DIR, `${engine}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify({ engine, at: new Date().toISOString(), ...results }, null, 1)}\n`);
  return file;
}

/** req/s as a share of the same endpoint's on PostgreSQL in its last run, or blank when it has none. */
function postgresShare(postgres: EndpointResult | undefined, perSecond: number): string {
  return postgres?.perSecond ? `${((perSecond / postgres.perSecond) * 100).toFixed(0)}%` : '';
}

/** The first page's JS (entry and preloaded chunks), gzipped, in KB; null when apps/web/dist is not built. */
export function firstPageJsKb(): number | null {
  const dist = resolve(here, '../../web/dist');
  const indexPath = resolve(dist, 'index.html');
  if (!existsSync(indexPath)) return null;
  const html = readFileSync(indexPath, 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1] as string);
  const bytes = scripts.reduce((sum, path) => sum + gzipSync(readFileSync(resolve(dist, `.${path}`))).length, 0);
  return bytes / 1024;
}

/** The table's heading: what each column means, then the column names. */
export function printHeader(engine: Engine): void {
  console.log(
    `\n1 client: CPU ms per request (node: the server's main thread; pg: PostgreSQL's backends), p50 of ${SINGLE_REQUESTS} requests, SQL p50 of the same queries replayed, overhead = API − SQL (budget ≤ ${OVERHEAD_BUDGET_MS} ms)` +
      `\n${CONCURRENCY} clients: ${REQUESTS_PER_ENDPOINT} requests, p95 budget < ${BUDGET_MS} ms, req/s and its share of the floor's\n`,
  );
  const columns = ['node', 'pg', '1c p50', 'SQL p50', 'overhd', 'p50', 'p95', 'max', 'req/s', 'floor%', 'Δp95'];
  if (engine === 'pglite') columns.push('of PG');
  console.log('endpoint'.padEnd(46), ...columns.map((c) => c.padStart(7)), '  result');
}

/**
 * One endpoint's row: its figures, its p95 against the last run's (`before`) and, on PGlite, its req/s as a share
 * of PostgreSQL's (`onPostgres`).
 */
export function printRow(
  engine: Engine,
  result: EndpointResult,
  ok: boolean,
  before: EndpointResult | undefined,
  onPostgres: EndpointResult | undefined,
): void {
  const f = (n: number) => n.toFixed(1).padStart(7);
  console.log(
    result.endpoint.padEnd(46),
    f(result.nodeCpuMs ?? 0),
    result.pgCpuMs == null ? '      -' : f(result.pgCpuMs),
    f(result.singleP50),
    f(result.sqlP50),
    f(result.overhead),
    f(result.p50),
    f(result.p95),
    f(result.max),
    result.perSecond.toFixed(0).padStart(7),
    `${(result.floorShare * 100).toFixed(0)}%`.padStart(7),
    (before ? `${result.p95 - before.p95 >= 0 ? '+' : ''}${(result.p95 - before.p95).toFixed(0)}` : '').padStart(7),
    ...(engine === 'pglite' ? [postgresShare(onPostgres, result.perSecond).padStart(7)] : []),
    ok ? '  ok' : `  OVER BUDGET${result.failures ? ` (${result.failures} failed)` : ''}`,
  );
}

/**
 * The budgets relative to the floor measured in the same run (issue 18), which a noisy machine moves together:
 * an endpoint's overhead over its SQL at most 2× the floor's, its p95 at most 4× the floor's. The lines of those over.
 */
export function relativeBudgets(results: readonly EndpointResult[], floor: EndpointResult): string[] {
  const lines = [
    `Against the floor (overhead ${floor.overhead.toFixed(1)} ms, p95 ${floor.p95.toFixed(1)} ms): ` +
      `overhead ≤ 2× and p95 ≤ 4× the floor's`,
  ];
  for (const r of results) {
    if (r === floor) continue;
    const overhead = r.overhead / Math.max(floor.overhead, 0.1);
    const p95 = r.p95 / floor.p95;
    if (overhead > 2 || p95 > 4) {
      lines.push(`  OVER ${r.endpoint}: overhead ${overhead.toFixed(1)}×, p95 ${p95.toFixed(1)}×`);
    }
  }
  if (lines.length === 1) lines.push('  every endpoint within both');
  return lines;
}
