// `npm run cluster:bench [-- --seconds 15 --clients 20 --rounds 2]`: throughput of the running local cluster
// (`npm run cluster`) through nginx to three API servers against one API server, in the same run. Signs in as the
// demo user, then `clients` keep-alive clients each alternate GET /api/dashboard and a list (the first project's
// sales, or --list <path>) for `seconds` per target. Targets take turns for `rounds` rounds so drift in the machine's
// load falls on all of them. Besides req/s and latency it prints how busy the machine's CPUs were and how much of
// that was this script, PgBouncer and PostgreSQL: on a small machine the ratio is bounded by cores, not servers.
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { BALANCER, BOUNCERS, paths, readState, SERVERS } from './cluster/layout.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '15' },
    clients: { type: 'string', default: '20' },
    rounds: { type: 'string', default: '2' },
    list: { type: 'string' },
  },
});
const SECONDS = Number(opts.seconds);
const CLIENTS = Number(opts.clients);
const ROUNDS = Number(opts.rounds);

const TARGETS = [
  { key: 'one', label: '1 server, direct', port: SERVERS[0].port },
  { key: 'one-lb', label: '1 server via nginx', port: BALANCER.singlePort },
  { key: 'three-lb', label: '3 servers via nginx', port: BALANCER.port },
];

/** One request as the demo company's browser would send it (`gzip`: accepts a compressed answer, as browsers do). */
function call(agent, port, method, path, { token, body, gzip = false } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { host: `demo.localhost:${port}` };
    if (gzip) headers['accept-encoding'] = 'gzip';
    if (token) headers.authorization = `Bearer ${token}`;
    if (body) headers['content-type'] = 'application/json';
    const req = request({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

/** Jiffies the whole machine spent busy and in total, from /proc/stat. */
function machineTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
  const idle = fields[3] + fields[4];
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Jiffies (user + system) a process has used, 0 once it is gone. */
function processTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/** A process and its children (PostgreSQL's backends, nginx's workers). */
function treeTicks(pid) {
  if (!pid) return 0;
  let children = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {}
  return [pid, ...children].reduce((sum, p) => sum + processTicks(p), 0);
}

/** CPU jiffies used so far by each part of the cluster, and by the whole machine. */
function cpuSample() {
  const state = readState();
  const pid = (key) => state.processes[key]?.pid;
  const postmaster = Number(readFileSync(`${paths.pg}/a/postmaster.pid`, 'utf8').split('\n')[0]);
  const self = process.cpuUsage();
  return {
    machine: machineTicks(),
    parts: {
      bench: ((self.user + self.system) / 1e6) * HZ,
      api: SERVERS.reduce((sum, s) => sum + processTicks(pid(s.key)), 0),
      nginx: treeTicks(pid(BALANCER.key)),
      pgbouncer: processTicks(pid(BOUNCERS[0].key)),
      postgres: treeTicks(postmaster),
    },
  };
}

/** Jiffies per second in /proc (USER_HZ: 100 on Linux). */
const HZ = 100;

/** How many cores each part used between two samples, and what the rest of the machine used. */
function coresUsed(before, after, seconds) {
  const parts = Object.fromEntries(
    Object.keys(after.parts).map((k) => [k, (after.parts[k] - before.parts[k]) / HZ / seconds]),
  );
  const busy = (after.machine.busy - before.machine.busy) / HZ / seconds;
  const ours = Object.values(parts).reduce((a, b) => a + b, 0);
  return { ...parts, others: Math.max(0, busy - ours), busy };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function drive(target, token, endpointList) {
  const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
  const times = [];
  const failures = new Map();
  const before = cpuSample();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  const client = async (n) => {
    let i = n;
    while (performance.now() < deadline) {
      const path = endpointList[i++ % endpointList.length];
      const t = performance.now();
      try {
        const { status } = await call(agent, target.port, 'GET', path, { token, gzip: true });
        if (status !== 200) failures.set(status, (failures.get(status) ?? 0) + 1);
      } catch (error) {
        failures.set(error.code ?? 'error', (failures.get(error.code ?? 'error') ?? 0) + 1);
      }
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, (_, n) => client(n)));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const cpu = coresUsed(before, cpuSample(), elapsed);
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / elapsed,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    failures: Object.fromEntries(failures),
    cpu,
  };
}

const login = await call(new Agent(), BALANCER.port, 'POST', '/api/login', {
  body: { emailId: 'demo@example.com', password: 'demo1234' },
});
if (login.status !== 200) {
  console.error(`Sign-in through nginx answered ${login.status}: is the cluster running (npm run cluster)?`);
  process.exit(1);
}
const { token } = JSON.parse(login.body);
let list = opts.list;
if (!list) {
  const projects = await call(new Agent(), BALANCER.port, 'GET', '/api/project', { token });
  list = `/api/sale/project/${JSON.parse(projects.body)[0].projectId}`;
}
const endpoints = ['/api/dashboard', list];
for (const path of endpoints) {
  const { status } = await call(new Agent(), BALANCER.port, 'GET', path, { token });
  if (status !== 200) throw new Error(`${path} answered ${status}`);
}

console.log(
  `${CLIENTS} clients, ${SECONDS} s per target, ${ROUNDS} round(s), GET ${endpoints.join(' and ')} alternately`,
);
const results = Object.fromEntries(TARGETS.map((t) => [t.key, []]));
for (let round = 1; round <= ROUNDS; round++) {
  for (const target of round % 2 ? TARGETS : [...TARGETS].reverse()) {
    const r = await drive(target, token, endpoints);
    results[target.key].push(r);
    const failed = Object.values(r.failures).reduce((a, b) => a + b, 0);
    const fails = `failed ${failed}${failed ? ` ${JSON.stringify(r.failures)}` : ''}`;
    console.log(
      `  round ${round} ${target.label.padEnd(20)} ${r.perSecond.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1)} ms  p95 ${r.p95.toFixed(1)} ms  ${fails}`,
    );
    const c = r.cpu;
    console.log(
      `      cores used: ${c.busy.toFixed(2)} = API ${c.api.toFixed(2)}, PostgreSQL ${c.postgres.toFixed(2)}, PgBouncer ${c.pgbouncer.toFixed(2)}, nginx ${c.nginx.toFixed(2)}, bench ${c.bench.toFixed(2)}, other programs ${c.others.toFixed(2)}`,
    );
  }
}
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const med = (key, pick) => median(results[key].map(pick));
/** CPU milliseconds one request cost a part: its cores over the requests per second. */
const cpuMs = (key, part) => med(key, (r) => (r.cpu[part] * 1000) / r.perSecond);
const cores = availableParallelism();
console.log(`\nMedians over ${ROUNDS} round(s), ${cores} cores:`);
for (const t of TARGETS) {
  const parts = ['api', 'postgres', 'pgbouncer', 'nginx'].map((p) => `${p} ${cpuMs(t.key, p).toFixed(2)}`).join(', ');
  console.log(
    `  ${t.label.padEnd(20)} ${med(t.key, (r) => r.perSecond)
      .toFixed(0)
      .padStart(
        5,
      )} req/s  p95 ${med(t.key, (r) => r.p95).toFixed(1)} ms  CPU ms per request: ${parts}; other programs used ${med(t.key, (r) => r.cpu.others).toFixed(2)} cores`,
  );
}
const three = med('three-lb', (r) => r.perSecond);
console.log(
  `  ratio 3 servers via nginx / 1 server direct:    ${(three / med('one', (r) => r.perSecond)).toFixed(2)}x`,
);
console.log(
  `  ratio 3 servers via nginx / 1 server via nginx: ${(three / med('one-lb', (r) => r.perSecond)).toFixed(2)}x`,
);
// The ceilings the CPU sets: all of the cluster's parts share the machine's cores; one server's event loop is one core.
const perRequest = ['api', 'postgres', 'pgbouncer', 'nginx'].reduce((sum, p) => sum + cpuMs('three-lb', p), 0);
console.log(
  `  ceilings from CPU cost: the machine ${((cores * 1000) / perRequest).toFixed(0)} req/s (${perRequest.toFixed(2)} ms of CPU per request over ${cores} cores, bench excluded); one server's event loop ${(1000 / cpuMs('one', 'api')).toFixed(0)} req/s`,
);
