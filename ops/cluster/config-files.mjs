// PgBouncer's and nginx's configuration, written into the state directory on every start.
import { chmodSync, chownSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BALANCER, CLUSTERS, DATABASE, DB_USER, DIR, paths, SERVERS } from './layout.mjs';
import { asPostgres, run } from './processes.mjs';

/** PgBouncer's version, e.g. [1, 18]; protocol-level prepared statements need 1.21 (max_prepared_statements). */
export function pgbouncerVersion() {
  const out = run('pgbouncer', ['--version'], { quiet: true }) ?? '';
  const match = /PgBouncer (\d+)\.(\d+)/.exec(out);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

export const keepsPreparedStatements = (version) => version !== null && (version[0] > 1 || version[1] >= 21);

/**
 * Transaction pooling: a server connection is lent for one transaction. Every transaction sets its own limits with
 * SET LOCAL (apps/server/src/db/postgres-engine.ts), so the ones the client sends at start-up are ignored.
 */
export function writePgbouncerConfig(bouncer, { dbPassword }, version) {
  const cluster = CLUSTERS.find((c) => c.key === bouncer.cluster);
  mkdirSync(paths.pgbouncer, { recursive: true });
  const users = join(paths.pgbouncer, `${bouncer.key}.users`);
  writeFileSync(users, `"${DB_USER}" "${dbPassword}"\n`, { mode: 0o600 });
  // PgBouncer runs as postgres (it refuses root) and must read its password file.
  const ids = asPostgres();
  if (ids.uid !== undefined) chownSync(users, ids.uid, ids.gid);
  const lines = [
    '[databases]',
    `${DATABASE} = host=127.0.0.1 port=${cluster.port} dbname=${DATABASE}`,
    '',
    '[pgbouncer]',
    'listen_addr = 127.0.0.1',
    `listen_port = ${bouncer.port}`,
    'unix_socket_dir =',
    'auth_type = scram-sha-256',
    `auth_file = ${users}`,
    'pool_mode = transaction',
    'max_client_conn = 1000',
    'default_pool_size = 40',
    'server_lifetime = 3600',
    // After one failed login to PostgreSQL (a primary restarting) PgBouncer refuses every client for this long
    // before it tries again; its default of 15 s kept a restarted primary's companies out 15 s after it was back.
    'server_login_retry = 1',
    `stats_users = ${DB_USER}`,
    'ignore_startup_parameters = extra_float_digits,statement_timeout,lock_timeout,idle_in_transaction_session_timeout',
  ];
  if (keepsPreparedStatements(version)) lines.push('max_prepared_statements = 500');
  const file = join(paths.pgbouncer, `${bouncer.key}.ini`);
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o644 });
  return { file, users };
}

/**
 * nginx in front of the three servers. Open-source nginx checks upstreams passively: a server that refuses or drops
 * a connection is skipped for `fail_timeout` after `max_fails` failures, and the request goes to the next server when
 * that is safe (`proxy_next_upstream`: always before anything was sent; after, only for idempotent methods).
 * A second port sends everything to server 1 alone, for the bench's one-server figure through the same proxy.
 */
export function writeNginxConfig() {
  const tmp = join(paths.nginx, 'tmp');
  for (const dir of ['body', 'proxy']) {
    mkdirSync(join(tmp, dir), { recursive: true });
    chmodSync(join(tmp, dir), 0o777);
  }
  const proxy = (upstream) => `
    location / {
      proxy_pass http://${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
    }`;
  const conf = `# Written by ops/cluster.mjs; rewritten on every start.
worker_processes 2;
pid ${join(paths.nginx, 'nginx.pid')};
error_log ${join(paths.logs, 'nginx-error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${join(tmp, 'body')};
  proxy_temp_path ${join(tmp, 'proxy')};
  client_max_body_size 25m;
  upstream plotbook_api {
${SERVERS.map((s) => `    server 127.0.0.1:${s.port} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 64;
    keepalive_timeout 30s;
  }
  upstream plotbook_one {
    server 127.0.0.1:${SERVERS[0].port};
    keepalive 64;
    keepalive_timeout 30s;
  }
  server {
    listen 127.0.0.1:${BALANCER.port};${proxy('plotbook_api')}
  }
  server {
    listen 127.0.0.1:${BALANCER.singlePort};${proxy('plotbook_one')}
  }
}
`;
  const file = join(paths.nginx, 'nginx.conf');
  writeFileSync(file, conf);
  run('nginx', ['-t', '-q', '-c', file, '-p', `${DIR}/nginx/`]);
  return file;
}
