// The PostgreSQL clusters, made and run with Debian's postgresql-common (pg_createcluster, pg_ctlcluster), each
// with its data directory in the state directory and start.conf `manual` (the machine's boot never starts them).
// A′ is a streaming replica of A, made with pg_basebackup -R over A's Unix socket (peer authentication).
import { chownSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CLUSTERS, DATABASE, DB_USER, PG_VERSION, paths } from './layout.mjs';
import { asPostgres, run, waitFor } from './processes.mjs';

const SOCKETS = '/var/run/postgresql';

/** Our clusters as pg_lsclusters sees them: name → { port, online, dataDir }. */
export function listClusters() {
  const out = run('pg_lsclusters', ['-h'], { quiet: true }) ?? '';
  const found = new Map();
  for (const line of out.split('\n')) {
    const [version, name, port, status, , dataDir] = line.trim().split(/\s+/);
    if (version === PG_VERSION && CLUSTERS.some((c) => c.name === name))
      found.set(name, { port: Number(port), online: status.startsWith('online'), status, dataDir });
  }
  return found;
}

/** psql as postgres over the cluster's socket; returns the unaligned, tuples-only answer. */
export function psql(port, statement, { quiet = false } = {}) {
  const out = run('psql', ['-h', SOCKETS, '-p', String(port), '-d', 'postgres', '-XAtqc', statement], {
    postgres: true,
    quiet,
  });
  return out?.trim() ?? null;
}

function ownedDir(dir) {
  mkdirSync(dir, { recursive: true });
  const ids = asPostgres();
  if (ids.uid !== undefined) chownSync(dir, ids.uid, ids.gid);
}

function create(cluster) {
  ownedDir(paths.pg);
  ownedDir(paths.logs);
  const dataDir = join(paths.pg, cluster.key);
  const args = [PG_VERSION, cluster.name, '--port', String(cluster.port), '--datadir', dataDir];
  args.push('--logfile', join(paths.logs, `pg-${cluster.key}.log`), '--start-conf', 'manual');
  args.push('-o', 'max_connections=200');
  run('pg_createcluster', [...args, '--', '--auth-local=peer', '--auth-host=scram-sha-256']);
  if (cluster.role === 'replica') {
    const primary = CLUSTERS.find((c) => c.key === cluster.of);
    // The new cluster's own files give way to a copy of the primary's, which starts as a standby (-R).
    rmSync(dataDir, { recursive: true, force: true });
    run(
      'pg_basebackup',
      ['-h', SOCKETS, '-p', String(primary.port), '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast'],
      { postgres: true },
    );
  }
}

const ready = (port) => run('pg_isready', ['-q', '-h', '127.0.0.1', '-p', String(port)], { quiet: true }) !== null;

/** The login the servers use, owner of the `plotbook` database, with CREATEROLE to make company roles. */
function ensureDatabase(cluster, { dbPassword }) {
  const literal = `'${dbPassword.replaceAll("'", "''")}'`;
  psql(
    cluster.port,
    `do $$ begin
       if exists (select from pg_roles where rolname = '${DB_USER}') then
         alter role ${DB_USER} login createrole password ${literal};
       else
         create role ${DB_USER} login createrole password ${literal};
       end if;
     end $$`,
  );
  if (psql(cluster.port, `select 1 from pg_database where datname = '${DATABASE}'`) !== '1')
    psql(cluster.port, `create database ${DATABASE} owner ${DB_USER}`);
}

/** Makes (first time) and starts one cluster and waits for it; says what it did. */
export async function startCluster(cluster, secrets, say) {
  let known = listClusters().get(cluster.name);
  if (!known) {
    say(`creating PostgreSQL ${cluster.label} (${cluster.name}, port ${cluster.port})`);
    create(cluster);
    known = listClusters().get(cluster.name);
  }
  if (known.port !== cluster.port)
    throw new Error(`Cluster ${cluster.name} exists on port ${known.port}, not ${cluster.port}: run 'stop --purge'.`);
  if (known.online) say(`PostgreSQL ${cluster.label} already running (port ${cluster.port})`);
  else {
    run('pg_ctlcluster', [PG_VERSION, cluster.name, 'start']);
    say(`PostgreSQL ${cluster.label} started (port ${cluster.port})`);
  }
  await waitFor(`PostgreSQL ${cluster.label}`, () => ready(cluster.port), {
    log: join(paths.logs, `pg-${cluster.key}.log`),
  });
  if (cluster.role === 'primary') ensureDatabase(cluster, secrets);
  else await waitForReplica(cluster);
}

/** A′ is in recovery and its primary reports it streaming. */
async function waitForReplica(replica) {
  const primary = CLUSTERS.find((c) => c.key === replica.of);
  await waitFor(`Replica ${replica.label} streaming from ${primary.label}`, () => {
    const recovering = psql(replica.port, 'select pg_is_in_recovery()', { quiet: true }) === 't';
    return recovering && Number(psql(primary.port, streamingQuery, { quiet: true })) > 0;
  });
}

const streamingQuery = "select count(*) from pg_stat_replication where state = 'streaming'";

/** One line per cluster for `status`: state, and for A the replica's lag in bytes. */
export function describeClusters() {
  const known = listClusters();
  return CLUSTERS.map((c) => {
    const k = known.get(c.name);
    if (!k) return { cluster: c, running: false, text: 'not created' };
    if (!k.online) return { cluster: c, running: false, text: `${k.status} (${k.dataDir})` };
    let text = `online (${k.dataDir})`;
    if (c.role === 'replica') {
      const primary = CLUSTERS.find((p) => p.key === c.of);
      const lag = psql(
        primary.port,
        'select coalesce(max(pg_wal_lsn_diff(sent_lsn, replay_lsn)), -1) from pg_stat_replication',
        { quiet: true },
      );
      text += lag === null || lag === '-1' ? ', not streaming' : `, streaming from ${primary.label}, lag ${lag} bytes`;
    }
    return { cluster: c, running: true, text };
  });
}

/** Stops our clusters (replica first); `purge` also drops them and their data. */
export function stopClusters({ purge }, say) {
  const known = listClusters();
  for (const c of [...CLUSTERS].reverse()) {
    const k = known.get(c.name);
    if (!k) continue;
    if (k.online) {
      run('pg_ctlcluster', [PG_VERSION, c.name, 'stop', '-m', 'fast']);
      say(`PostgreSQL ${c.label} stopped`);
    }
    if (purge) {
      run('pg_dropcluster', [PG_VERSION, c.name]);
      say(`PostgreSQL ${c.label} dropped (${c.name})`);
    }
  }
}
