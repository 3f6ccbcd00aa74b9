/** How the bench measures: load from a worker thread, a request's own queries replayed, CPU time. */
import { readFileSync } from 'node:fs';
import { type Agent, request as httpRequest } from 'node:http';
import { performance as perfHooks } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, LogEvent } from 'kysely';
import type pg from 'pg';
import type { Database } from '../src/db/engine.js';
import { runAsTenant, type TenantRecord } from '../src/db/tenancy.js';

/** A binary download: its status and size. */
export function download(url: string, headers: Record<string, string>, agent: Agent) {
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

export interface LoadResult {
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  failures: number;
}

/** Runs one endpoint's load in a worker thread, so the clients do not share the server's event loop. */
export function measure(url: string, headers: Record<string, string>, concurrency: number, requests: number) {
  return new Promise<LoadResult>((resolvePromise, reject) => {
    const worker = new Worker(new URL('./load.mjs', import.meta.url), {
      workerData: { url, headers, concurrency, requests },
    });
    worker.once('message', resolvePromise);
    worker.once('error', reject);
  });
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

/**
 * The queries one request ran inside its company transaction (between BEGIN and COMMIT), as Kysely compiled them:
 * the auth lookup before the transaction and the transaction's own statements are left out.
 */
export class QueryRecorder {
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

/** The p50 of running `queries` `times` times in the company's transaction (role switched), timing the queries alone. */
export async function sqlP50(
  database: Database,
  tenant: TenantRecord,
  queries: CompiledQuery[],
  runs: number,
): Promise<number> {
  if (queries.length === 0) return 0;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    await runAsTenant(database.db, tenant, async (tdb) => {
      const started = performance.now();
      for (const query of queries) await tdb.executeQuery(query);
      times.push(performance.now() - started);
    });
  }
  return median(times);
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
export class CpuMeter {
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
