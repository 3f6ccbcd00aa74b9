// The local cluster's shape: names, ports, paths, secrets and the state file that records what `npm run cluster`
// started, so `stop` ends exactly that. Everything lives in one state directory (CLUSTER_DIR, default
// /tmp/plotbook-cluster); PostgreSQL's clusters are registered with Debian's postgresql-common (pg_lsclusters) under
// the names below, their data directories inside the state directory.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIR = resolve(process.env.CLUSTER_DIR ?? '/tmp/plotbook-cluster');
export const PG_VERSION = process.env.CLUSTER_PG_VERSION ?? '15';

const base = (name, fallback) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1024 || value > 65_000) throw new Error(`${name} must be a port number`);
  return value;
};
/** nginx listens on LB; the API servers on LB+1..LB+3; nginx's one-server port (for the bench) is LB+9. */
const LB = base('CLUSTER_PORT', 8200);
/** PostgreSQL A, A′, B on PG..PG+2; their PgBouncers on PGB (A) and PGB+2 (B). */
const PG = base('CLUSTER_PG_PORT', 5441);
const PGB = base('CLUSTER_PGBOUNCER_PORT', 6441);

export const DATABASE = 'plotbook';
export const DB_USER = 'plotbook';

/**
 * PostgreSQL clusters, in start order (a replica after its primary). `placement` is the primary's name in the
 * server's code (`platform.tenants.cluster`, CLUSTERS): A is DATABASE_URL's cluster, which the code calls `main`.
 */
export const CLUSTERS = [
  { key: 'a', name: 'plotbook-a', port: PG, role: 'primary', label: 'A', placement: 'main' },
  { key: 'a-replica', name: 'plotbook-a-replica', port: PG + 1, role: 'replica', of: 'a', label: 'A′' },
  { key: 'b', name: 'plotbook-b', port: PG + 2, role: 'primary', label: 'B', placement: 'b' },
];

/** The primary a placement name (`main`, `b`) stands for; a company without a recorded cluster is on `main`. */
export function primaryOf(placement) {
  const cluster = CLUSTERS.find((c) => c.placement === (placement ?? 'main'));
  if (!cluster) throw new Error(`No cluster is placed as "${placement}"`);
  return cluster;
}
export const BOUNCERS = [
  { key: 'pgbouncer-a', cluster: 'a', port: PGB, label: 'PgBouncer A' },
  { key: 'pgbouncer-b', cluster: 'b', port: PGB + 2, label: 'PgBouncer B' },
];
export const SERVERS = [1, 2, 3].map((n) => ({ key: `api-${n}`, port: LB + n, bouncer: 'pgbouncer-a' }));
export const BALANCER = { key: 'nginx', port: LB, singlePort: LB + 9 };

export const paths = {
  state: join(DIR, 'state.json'),
  secrets: join(DIR, 'secrets.json'),
  env: join(DIR, 'cluster.env'),
  logs: join(DIR, 'logs'),
  pg: join(DIR, 'pg'),
  pgbouncer: join(DIR, 'pgbouncer'),
  nginx: join(DIR, 'nginx'),
  api: join(DIR, 'api'),
};

/** What was started: `{ processes: { key: { pid, match } }, clusters: [names] }`. */
export function readState() {
  if (!existsSync(paths.state)) return { processes: {}, clusters: [] };
  return JSON.parse(readFileSync(paths.state, 'utf8'));
}

export function writeState(state) {
  mkdirSync(DIR, { recursive: true });
  writeFileSync(`${paths.state}.tmp`, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(`${paths.state}.tmp`, paths.state);
}

/** The secrets every server shares, made once per state directory (mode 600). */
export function secrets() {
  if (existsSync(paths.secrets)) return JSON.parse(readFileSync(paths.secrets, 'utf8'));
  const made = {
    dbPassword: randomBytes(18).toString('base64url'),
    jwtSecret: randomBytes(48).toString('base64url'),
    adminPassword: randomBytes(12).toString('base64url'),
  };
  mkdirSync(DIR, { recursive: true, mode: 0o755 });
  writeFileSync(paths.secrets, `${JSON.stringify(made, null, 2)}\n`, { mode: 0o600 });
  return made;
}

/** The connection string the servers use for a cluster: through its PgBouncer, or straight to the replica. */
export function clusterUrl(key, { dbPassword }) {
  const bouncer = BOUNCERS.find((b) => b.cluster === key);
  const port = bouncer ? bouncer.port : CLUSTERS.find((c) => c.key === key).port;
  return `postgres://${DB_USER}:${dbPassword}@127.0.0.1:${port}/${DATABASE}`;
}

/** Straight to a cluster's PostgreSQL, past PgBouncer: what pg_dump, psql and a session-long lock need. */
export function directUrl(key, { dbPassword }) {
  const { port } = CLUSTERS.find((c) => c.key === key);
  return `postgres://${DB_USER}:${dbPassword}@127.0.0.1:${port}/${DATABASE}`;
}

/** The servers' CLUSTERS: every primary but A (`main`, DATABASE_URL's) as `name=url`, through `urlOf(key)`. */
export function clustersEnv(urlOf) {
  return CLUSTERS.filter((c) => c.placement && c.placement !== 'main')
    .map((c) => `${c.placement}=${urlOf(c.key)}`)
    .join(',');
}

/**
 * The environment of `npm run move-company` for this cluster: the servers' cluster names, but each URL straight to
 * PostgreSQL. The move runs pg_dump (its session SETs and snapshot) and holds a lock for the whole copy, which
 * PgBouncer's transaction pooling would hand to different server connections.
 */
export function moveEnv(s) {
  return {
    DATABASE_URL: directUrl('a', s),
    CLUSTERS: clustersEnv((key) => directUrl(key, s)),
  };
}
