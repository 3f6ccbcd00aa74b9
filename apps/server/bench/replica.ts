/**
 * `npm run bench:replica`: report p95 with reports read from a streaming replica against read from the primary,
 * while another company writes, in one sitting; then the lag measurement against a real standby whose replay is
 * paused (db/report-reads.ts). It makes its own PostgreSQL 15 pair in a temporary directory: a primary on 5451
 * (`initdb`) and a standby on 5452 (`pg_basebackup -R -X stream`), run as the `postgres` user when started as
 * root, and stops and removes both at the end. Ports: BENCH_REPLICA_PORTS=5451,5452.
 *
 * Two servers of this process share one pool set on that pair: one with REPLICAS (reports on the standby), one
 * without (reports on the primary). Rounds alternate between them; 4 writer clients in a worker thread create
 * projects of 40 plots in another company the whole time.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { ensureSuperAdmin } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import { measureReplica } from '../src/db/report-reads.js';
import { migrateAll, provisionTenantStorage } from '../src/db/tenant-storage.js';
import { insertTenant } from '../src/modules/tenants/tenants.repository.js';
import { call, signIn } from './http.js';
import { measure, median } from './measure.js';
import { insertBenchUser, seedBenchData } from './seed.js';

const [primaryPort, replicaPort] = (process.env.BENCH_REPLICA_PORTS ?? '5451,5452').split(',').map(Number);
const BIN = '/usr/lib/postgresql/15/bin';
const ROUNDS = 4;
const CLIENTS = 10;
const REQUESTS = 150;
const WRITERS = 4;
const REPORTS = ['/api/report/project-wise', '/api/report/plot-wise/1', '/api/report/payment-receipts/1'];

const dir = mkdtempSync(join(tmpdir(), 'plotbook-replica-'));
const asRoot = process.getuid?.() === 0;
if (asRoot) chownSync(dir, pgUid(), pgUid());

/** The uid of `postgres` (PostgreSQL's tools refuse to run as root). */
function pgUid(): number {
  return Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
}
/** Runs one of PostgreSQL's programs, as postgres when this runs as root; stops the bench on failure. */
function pgTool(tool: string, args: string[]): void {
  const [command, all] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(BIN, tool), ...args]]
    : [join(BIN, tool), args];
  const run = spawnSync(command as string, all as string[], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${tool} ${args.join(' ')} failed:\n${run.stdout}${run.stderr}`);
}
/**
 * CPU time (ms) used so far by one PostgreSQL server: its postmaster and every process it started (backends,
 * WAL sender or receiver, startup/replay), read from /proc. A backend that exits takes its time with it; the
 * servers' pools keep theirs open, so the differences between two reads are what the rounds cost.
 */
function serverCpuMs(name: string): number {
  const postmaster = Number(readFileSync(join(dir, name, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Fields after the command's closing parenthesis: state, ppid (4th field), …, utime (14th), stime (15th).
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(entry) === postmaster || Number(fields[1]) === postmaster) {
        ticks += Number(fields[11]) + Number(fields[12]);
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ is 100 on Linux.
}
const serverOptions = (port: number) => `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
const urlOf = (port: number, db = 'plotbook') => `postgres://postgres@127.0.0.1:${port}/${db}`;

const started: string[] = [];
const apps: FastifyInstance[] = [];
let database: ReturnType<typeof openDatabase> | undefined;
let writers: Worker | undefined;
try {
  console.log(`PostgreSQL pair in ${dir}: primary :${primaryPort}, standby :${replicaPort}`);
  pgTool('initdb', ['-D', join(dir, 'primary'), '-A', 'trust', '-U', 'postgres', '--no-sync']);
  pgTool('pg_ctl', [
    '-D',
    join(dir, 'primary'),
    '-l',
    join(dir, 'primary.log'),
    '-w',
    '-o',
    serverOptions(primaryPort as number),
    'start',
  ]);
  started.push('primary');
  pgTool('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    join(dir, 'replica'),
    '-R',
    '-X',
    'stream',
    '-c',
    'fast',
  ]);
  pgTool('pg_ctl', [
    '-D',
    join(dir, 'replica'),
    '-l',
    join(dir, 'replica.log'),
    '-w',
    '-o',
    serverOptions(replicaPort as number),
    'start',
  ]);
  started.push('replica');

  const admin = openDatabase({ databaseUrl: urlOf(primaryPort as number, 'postgres'), poolSize: 1 });
  await sql`create database plotbook`.execute(admin.db);
  await admin.close();
  const timeouts = { connectMs: 10_000, statementMs: 300_000 };
  database = openDatabase({
    databaseUrl: urlOf(primaryPort as number),
    replicas: [{ name: 'main', url: urlOf(replicaPort as number) }],
    poolSize: 20,
    timeouts,
  });
  const { db } = database;
  const base = {
    BASE_DOMAIN: 'localhost',
    LOG_LEVEL: 'warn',
    SUPER_ADMIN_PASSWORD: 'bench-admin-1',
    SEED_DEMO: 'false',
  };
  const env = { ...base, DATABASE_URL: urlOf(primaryPort as number) };
  const onPrimary = loadConfig(env);
  const onReplica = loadConfig({ ...env, REPLICAS: `main=${urlOf(replicaPort as number)}` });
  await migrateAll(db);
  await ensureSuperAdmin(db, onPrimary);
  const bench = { tenantId: 'bench', dbName: 'bench', dbUsername: 'bench_role' };
  const writer = { tenantId: 'writer', dbName: 'writer', dbUsername: 'writer_role' };
  for (const tenant of [bench, writer]) {
    await provisionTenantStorage(db, { ...tenant, dbPassword: 'bench-password' });
    await insertTenant(db, tenant, null);
  }
  const seedStart = performance.now();
  await seedBenchData(db, bench, await insertBenchUser(db, bench));
  await insertBenchUser(db, writer);
  console.log(`Seeded the bench company in ${Math.round(performance.now() - seedStart)} ms`);

  const listen = async (config: typeof onPrimary) => {
    const app = await buildApp({
      config,
      database: database as NonNullable<typeof database>,
      jwtSecret: 'bench-secret-that-is-long-enough-0000000',
      logger: false,
      autoRemindersEveryMs: 0,
    });
    apps.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  };
  const targets = { replica: await listen(onReplica), primary: await listen(onPrimary) };
  const headers = await signIn(targets.primary, 'bench.localhost', 'bench@example.com', 'bench-user-1');
  const writerHeaders = await signIn(targets.primary, 'writer.localhost', 'bench@example.com', 'bench-user-1');
  const source = async (target: string, path: string) => {
    const res = await call(`${target}${path}`, { headers });
    return { status: res.status, from: res.headers['x-data-source'], asOf: res.headers['x-data-as-of'] };
  };

  // The writers: another company on the same primary, creating projects the whole time.
  writers = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const http = require('node:http');
     const agent = new http.Agent({ keepAlive: true });
     let stop = false, done = 0, failed = 0, n = 0;
     parentPort.on('message', (m) => { if (m === 'count') parentPort.postMessage({ done, failed }); else stop = true; });
     const post = (body) => new Promise((resolve) => {
       const req = http.request(workerData.url, { method: 'POST', agent, headers: { ...workerData.headers, 'content-type': 'application/json' } },
         (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
       req.on('error', () => resolve(0)); req.end(body);
     });
     const client = async () => { while (!stop) {
       n += 1;
       const plots = Array.from({ length: 40 }, (_, i) => ({ plotName: 'P' + (i + 1), totalPlotSize: 100 }));
       const status = await post(JSON.stringify({ projectName: 'W' + n + '-' + Math.random().toString(36).slice(2, 8), city: 'Pune', totalArea: 10000, totalRate: 100, plots }));
       if (status === 201) done += 1; else failed += 1;
     } };
     Promise.all(Array.from({ length: workerData.writers }, client)).then(() => parentPort.postMessage({ done, failed, end: true }));`,
    { eval: true, workerData: { url: `${targets.primary}/api/project`, headers: writerHeaders, writers: WRITERS } },
  );
  const writeCount = () =>
    new Promise<{ done: number; failed: number }>((resolve) => {
      writers?.once('message', resolve);
      writers?.postMessage('count');
    });

  // Warm both servers (JIT, pools, plans) before the first round.
  for (const target of Object.values(targets)) {
    for (const path of REPORTS) await measure(`${target}${path}`, headers, CLIENTS, 40);
  }
  const p95s = new Map<string, number[]>();
  const writesPerSecond: Record<string, number[]> = { replica: [], primary: [] };
  // PostgreSQL CPU per report request, on the primary and on the standby, while each server's rounds ran.
  const cpuPerRequest: Record<string, { primary: number[]; standby: number[] }> = {
    replica: { primary: [], standby: [] },
    primary: { primary: [], standby: [] },
  };
  const sources: Record<string, string[]> = { replica: [], primary: [] };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, target] of round % 2 ? Object.entries(targets) : Object.entries(targets).reverse()) {
      const before = await writeCount();
      const cpuBefore = { primary: serverCpuMs('primary'), standby: serverCpuMs('replica') };
      const startedAt = performance.now();
      for (const path of REPORTS) {
        const result = await measure(`${target}${path}`, headers, CLIENTS, REQUESTS);
        if (result.failures > 0) throw new Error(`${name} ${path}: ${result.failures} failed requests`);
        p95s.set(`${name} ${path}`, [...(p95s.get(`${name} ${path}`) ?? []), result.p95]);
        sources[name]?.push(String((await source(target, path)).from));
      }
      const after = await writeCount();
      writesPerSecond[name]?.push((after.done - before.done) / ((performance.now() - startedAt) / 1000));
      const requests = REPORTS.length * REQUESTS;
      cpuPerRequest[name]?.primary.push((serverCpuMs('primary') - cpuBefore.primary) / requests);
      cpuPerRequest[name]?.standby.push((serverCpuMs('replica') - cpuBefore.standby) / requests);
    }
    console.log(`round ${round} done`);
  }
  const finalWrites = await writeCount();
  writers.postMessage('stop');

  console.log(
    `\n${ROUNDS} rounds, ${CLIENTS} report clients × ${REQUESTS} requests per report and round, ${WRITERS} writers (another company) throughout`,
  );
  console.log('report                                    p95 replica   p95 primary   replica/primary');
  for (const path of REPORTS) {
    const r = median(p95s.get(`replica ${path}`) ?? []);
    const p = median(p95s.get(`primary ${path}`) ?? []);
    console.log(
      `${path.padEnd(42)}${r.toFixed(1).padStart(8)} ms${p.toFixed(1).padStart(11)} ms${(r / p).toFixed(2).padStart(14)}×`,
    );
  }
  console.log(
    `writes/s during the rounds (median): with reports on the replica ${median(writesPerSecond.replica ?? []).toFixed(1)}, on the primary ${median(writesPerSecond.primary ?? []).toFixed(1)}; ${finalWrites.done} projects written, ${finalWrites.failed} failed`,
  );
  for (const name of ['replica', 'primary'] as const) {
    const cpu = cpuPerRequest[name];
    console.log(
      `PostgreSQL CPU per report request (the writes' share included), reports on the ${name}: primary ${median(cpu?.primary ?? []).toFixed(2)} ms, standby ${median(cpu?.standby ?? []).toFixed(2)} ms`,
    );
  }
  console.log(
    `answers sampled after each report: replica server ${count(sources.replica ?? [])}, server without REPLICAS ${count((sources.primary ?? []).map((s) => (s === 'undefined' ? 'no header (primary)' : s)))}`,
  );

  // A real stale standby: replay paused while the company writes; the server finds it behind and says so.
  const replicaDb = openDatabase({ databaseUrl: urlOf(replicaPort as number), poolSize: 1 });
  await sql`select pg_wal_replay_pause()`.execute(replicaDb.db);
  const pausedAt = Date.now();
  console.log('\nStandby replay paused; another company writes one project a second:');
  for (let second = 0; second < 9; second += 1) {
    await call(`${targets.primary}/api/project`, {
      method: 'POST',
      headers: { ...writerHeaders, 'content-type': 'application/json' },
      body: JSON.stringify({
        projectName: `Paused ${second}`,
        city: 'Pune',
        totalArea: 1000,
        totalRate: 100,
        plots: [{ plotName: 'P1', totalPlotSize: 100 }],
      }),
    });
    await new Promise((r) => setTimeout(r, 1000));
    const asOf = await measureReplica(db, replicaDb.db);
    const answer = await source(targets.replica, '/api/report/project-wise');
    console.log(
      `  +${((Date.now() - pausedAt) / 1000).toFixed(1)} s: measured lag ${asOf === null ? 'unknown' : `${((Date.now() - asOf) / 1000).toFixed(1)} s`}, report read from ${answer.from}${answer.asOf ? `, X-Data-As-Of ${answer.asOf}` : ''}`,
    );
  }
  await sql`select pg_wal_replay_resume()`.execute(replicaDb.db);
  await new Promise((r) => setTimeout(r, 1500));
  const resumed = await source(targets.replica, '/api/report/project-wise');
  console.log(
    `  replay resumed: report read from ${resumed.from}${resumed.asOf ? `, X-Data-As-Of ${resumed.asOf}` : ''}`,
  );
  await replicaDb.close();
} finally {
  await writers?.terminate();
  for (const app of apps) await app.close();
  await database?.close();
  for (const name of started.reverse()) {
    try {
      pgTool('pg_ctl', ['-D', join(dir, name), '-m', 'fast', '-w', 'stop']);
    } catch (error) {
      console.error(String(error));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

function count(values: string[]): string {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, n]) => `${n}× ${value}`).join(', ');
}
