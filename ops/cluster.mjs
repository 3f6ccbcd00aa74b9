// `npm run cluster [-- start|stop|status]`: Plotbook as a cluster on this machine, from Debian's engines.
// PostgreSQL A (primary) with a streaming replica A′ and a second primary B; PgBouncer (transaction pooling) in
// front of A and B; three API servers on A through its PgBouncer; nginx balancing them on one port. Whatever it
// starts is recorded in the state directory (CLUSTER_DIR, default /tmp/plotbook-cluster), and `stop` ends exactly
// that (`stop --purge` also drops the clusters and the directory). Starting again starts only what is not running.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  keepsPreparedStatements,
  pgbouncerVersion,
  writeNginxConfig,
  writePgbouncerConfig,
} from './cluster/config-files.mjs';
import {
  BALANCER,
  BOUNCERS,
  CLUSTERS,
  clustersEnv,
  clusterUrl,
  DIR,
  moveEnv,
  paths,
  ROOT,
  readState,
  SERVERS,
  secrets,
  writeState,
} from './cluster/layout.mjs';
import { describeClusters, startCluster, stopClusters } from './cluster/postgres.mjs';
import { end, healthy, isOurs, launch, portFree, run, waitFor } from './cluster/processes.mjs';
import { diagram } from './cluster/summary.mjs';

const say = (line) => console.log(`  ${line}`);

function checkTools() {
  const missing = ['pg_createcluster', 'pgbouncer', 'nginx'].filter(
    (tool) => spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0,
  );
  if (missing.length > 0)
    throw new Error(`Missing ${missing.join(', ')}: apt-get install postgresql pgbouncer nginx-light`);
}

/** Starts one recorded process unless it already runs; `ready` is awaited either way. */
async function ensureProcess(state, { key, label, port, start, ready, log }) {
  if (isOurs(state.processes[key])) say(`${label} already running (pid ${state.processes[key].pid}, port ${port})`);
  else {
    if (!(await portFree(port)))
      throw new Error(`${label}: port ${port} is taken by a process this script did not start.`);
    state.processes[key] = start();
    writeState(state);
    say(`${label} started (pid ${state.processes[key].pid}, port ${port})`);
  }
  const record = state.processes[key];
  await waitFor(label, ready, { timeoutMs: 180_000, log, gone: () => !isOurs(record) });
}

function buildServer() {
  for (const script of ['apps/web/build/build-if-changed.mjs', 'apps/server/build/build-if-changed.mjs']) {
    const result = spawnSync(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    if (result.status !== 0) throw new Error(`${script} failed`);
  }
}

function serverEnv(server, s, prepared) {
  return {
    PATH: process.env.PATH,
    PORT: String(server.port),
    HOST: '127.0.0.1',
    BASE_DOMAIN: 'localhost',
    PUBLIC_URL: `http://localhost:${BALANCER.port}`,
    DATA_DIR: join(paths.api, server.key),
    DATABASE_URL: clusterUrl('a', s),
    // Companies on B too: a new one goes to the cluster with the fewest (db/clusters.ts placeCompany).
    CLUSTERS: clustersEnv((key) => clusterUrl(key, s)),
    DB_PREPARED_STATEMENTS: String(prepared),
    JWT_SECRET: s.jwtSecret,
    SUPER_ADMIN_PASSWORD: s.adminPassword,
    SEED_DEMO: 'true',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  };
}

async function startServer(state, server, s, prepared) {
  const log = join(paths.logs, `${server.key}.log`);
  await ensureProcess(state, {
    key: server.key,
    label: `API server ${server.key}`,
    port: server.port,
    log,
    ready: () => healthy(server.port),
    start: () => {
      mkdirSync(join(paths.api, server.key), { recursive: true });
      // --title names the process in ps and in /proc/<pid>/cmdline, which is how stop knows it is ours.
      const title = `plotbook-${server.key}`;
      const pid = launch(process.execPath, [`--title=${title}`, 'dist/server.mjs'], {
        cwd: join(ROOT, 'apps/server'),
        env: serverEnv(server, s, prepared),
        log,
      });
      return { pid, match: title };
    },
  });
}

async function start() {
  checkTools();
  console.log(`Starting the Plotbook cluster (state in ${DIR})`);
  const s = secrets();
  const state = readState();
  mkdirSync(paths.logs, { recursive: true });
  for (const cluster of CLUSTERS) {
    await startCluster(cluster, s, say);
    if (!state.clusters.includes(cluster.name)) state.clusters.push(cluster.name);
    writeState(state);
  }

  const version = pgbouncerVersion();
  const prepared = keepsPreparedStatements(version);
  for (const bouncer of BOUNCERS) {
    const { file } = writePgbouncerConfig(bouncer, s, version);
    const url = clusterUrl(bouncer.cluster, s);
    await ensureProcess(state, {
      key: bouncer.key,
      label: bouncer.label,
      port: bouncer.port,
      log: join(paths.logs, `${bouncer.key}.log`),
      ready: () => run('psql', [url, '-XAtqc', 'select 1'], { quiet: true })?.trim() === '1',
      start: () => ({
        pid: launch('pgbouncer', [file], { log: join(paths.logs, `${bouncer.key}.log`), postgres: true }),
        match: file,
      }),
    });
  }

  buildServer();
  // The first server alone: on an empty database it creates the platform schema, the super admin and the demo.
  await startServer(state, SERVERS[0], s, prepared);
  await Promise.all(SERVERS.slice(1).map((server) => startServer(state, server, s, prepared)));

  const conf = writeNginxConfig();
  await ensureProcess(state, {
    key: BALANCER.key,
    label: 'nginx',
    port: BALANCER.port,
    log: join(paths.logs, 'nginx-error.log'),
    ready: () => healthy(BALANCER.port),
    start: () => ({
      pid: launch('nginx', ['-c', conf, '-p', `${paths.nginx}/`, '-g', 'daemon off;'], {
        log: join(paths.logs, 'nginx.log'),
      }),
      match: conf,
    }),
  });

  const env = {
    PLOTBOOK_URL: `http://localhost:${BALANCER.port}`,
    DATABASE_URL: clusterUrl('a', s),
    CLUSTERS: clustersEnv((key) => clusterUrl(key, s)),
    REPLICA_A_URL: clusterUrl('a-replica', s),
    DB_PREPARED_STATEMENTS: String(prepared),
    // For `npm run move-company` (see docs/cluster.md): the same names, straight to PostgreSQL.
    ...Object.fromEntries(Object.entries(moveEnv(s)).map(([k, v]) => [`MOVE_${k}`, v])),
  };
  writeFileSync(
    paths.env,
    `${Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  );
  console.log(diagram({ s, prepared, version, env }));
}

async function status() {
  const state = readState();
  console.log(`Plotbook cluster (state in ${DIR})`);
  let running = 0;
  const pieces = describeClusters();
  for (const { cluster, running: up, text } of pieces) {
    running += up ? 1 : 0;
    say(`${`PostgreSQL ${cluster.label}`.padEnd(16)} :${cluster.port}  ${text}`);
  }
  const processes = [
    ...BOUNCERS.map((b) => ({ ...b, check: null })),
    ...SERVERS.map((s) => ({ ...s, label: `API ${s.key}`, check: s.port })),
    { ...BALANCER, label: 'nginx', check: BALANCER.port },
  ];
  for (const p of processes) {
    const record = state.processes[p.key];
    const up = isOurs(record);
    running += up ? 1 : 0;
    let text = up ? `running, pid ${record.pid}` : record ? `not running (pid ${record.pid} gone)` : 'not started';
    if (up && p.check) text += (await healthy(p.check).catch(() => false)) ? ', healthy' : ', NOT healthy';
    say(`${p.label.padEnd(16)} :${p.port}  ${text}`);
  }
  const total = pieces.length + processes.length;
  console.log(`${running} of ${total} pieces running.`);
}

async function stop({ purge }) {
  const state = readState();
  console.log(`Stopping the Plotbook cluster (state in ${DIR})`);
  // The balancer first (no new requests), then the servers (each finishes its requests), then the poolers.
  if (await end(state.processes[BALANCER.key])) say('nginx stopped');
  await Promise.all(
    SERVERS.map(async ({ key }) => {
      if (await end(state.processes[key])) say(`API server ${key} stopped`);
    }),
  );
  for (const { key, label } of BOUNCERS) if (await end(state.processes[key])) say(`${label} stopped`);
  state.processes = {};
  writeState(state);
  stopClusters({ purge }, say);
  if (purge) {
    rmSync(DIR, { recursive: true, force: true });
    say(`removed ${DIR}`);
  }
}

const [command = 'start', ...flags] = process.argv.slice(2);
const commands = { start, status, stop: () => stop({ purge: flags.includes('--purge') }) };
if (!commands[command]) {
  console.error('Usage: npm run cluster [-- start | status | stop [--purge]]');
  process.exit(2);
}
try {
  await commands[command]();
} catch (error) {
  console.error(`\n${error.message}`);
  console.error('What did start is recorded; `npm run cluster -- status` shows it, `-- stop` ends it.');
  process.exit(1);
}
