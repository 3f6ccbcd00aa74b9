/**
 * `npm run bench:startup`: how long `npm start` takes to serve, on a second start with the embedded database.
 *
 * A scratch data directory is filled by a first start (migrations, super admin, demo company); then the server is
 * started `--runs` times (default 5) as `npm start` runs it, and each start is timed from spawning the process
 * until `GET /api/health` answers 200, then until a signed-in company request (`GET /api/dashboard` as the demo
 * user) answers 200. Prints each run and the medians. `--source` starts `src/server.ts` through tsx instead of
 * the bundle (`dist/server.mjs`, built first when its sources changed), to compare the two.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { call, signIn, startUntilHealthy } from './http.js';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    source: { type: 'boolean', default: false },
    entry: { type: 'string' },
  },
});
const runs = Number(args.runs);
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

if (!args.source) {
  const built = spawnSync(process.execPath, [join(serverDir, 'build/build-if-changed.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const command = args.source ? ['--import', 'tsx', args.entry ?? 'src/server.ts'] : ['dist/server.mjs'];
const dataDir = mkdtempSync(join(tmpdir(), 'plotbook-startup-'));

interface Start {
  healthMs: number;
  /** CPU time the server process had used when /api/health first answered (Linux; else NaN). */
  cpuMs: number;
  companyMs: number;
}

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuTimeMs(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function start(): Promise<Start> {
  const server = await startUntilHealthy(command, {
    cwd: serverDir,
    env: () => ({ DATA_DIR: dataDir, DATABASE_URL: '', SUPER_ADMIN_PASSWORD: 'startup-admin-1' }),
    pollMs: 5,
  });
  const started = performance.now() - server.readyMs;
  try {
    const cpuMs = cpuTimeMs(server.child.pid);
    const base = `http://127.0.0.1:${server.port}`;
    const headers = await signIn(base, 'demo.localhost', 'demo@example.com', 'demo1234');
    const dashboard = await call(`${base}/api/dashboard`, { headers });
    if (dashboard.status !== 200) throw new Error(`GET /api/dashboard answered ${dashboard.status}: ${dashboard.body}`);
    return { healthMs: server.readyMs, cpuMs, companyMs: performance.now() - started };
  } finally {
    await server.stop();
  }
}

try {
  const first = await start();
  console.log(
    `First start (empty data directory, ${args.source ? 'tsx' : 'bundle'}): /api/health after ${Math.round(first.healthMs)} ms`,
  );
  const results: Start[] = [];
  for (let i = 0; i < runs; i++) {
    const result = await start();
    results.push(result);
    console.log(
      `Second start #${i + 1}: /api/health ${Math.round(result.healthMs)} ms (server CPU ${result.cpuMs} ms), signed-in /api/dashboard ${Math.round(result.companyMs)} ms`,
    );
  }
  console.log(
    `Median of ${runs} (node ${command.join(' ')}): /api/health ${Math.round(median(results.map((r) => r.healthMs)))} ms (server CPU ${median(results.map((r) => r.cpuMs))} ms), signed-in /api/dashboard ${Math.round(median(results.map((r) => r.companyMs)))} ms`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
