// Starting, finding and ending the cluster's own processes. A process is recorded with its pid and a string its
// command line must contain, so a pid the system has since given to another program is never signalled.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

const postgresIds = (() => {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' })),
      gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' })),
    };
  } catch {
    return null;
  }
})();

/** PostgreSQL's tools and PgBouncer refuse to run as root: as root they run as `postgres`. */
export function asPostgres() {
  const uid = process.getuid();
  if (uid === 0) {
    if (!postgresIds) throw new Error('There is no postgres user: install PostgreSQL (apt-get install postgresql).');
    return postgresIds;
  }
  if (postgresIds && uid === postgresIds.uid) return {};
  throw new Error('Run the cluster as root or as the postgres user (it creates PostgreSQL clusters).');
}

/** Runs a command to its end, as postgres when `postgres` is set; throws with its output when it fails. */
export function run(command, args, { postgres = false, quiet = false, input } = {}) {
  const ids = postgres ? asPostgres() : {};
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      input,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...ids,
    });
  } catch (error) {
    if (quiet) return null;
    const said = `${error.stdout ?? ''}${error.stderr ?? ''}`.trim();
    throw new Error(`${command} ${args.join(' ')} failed${said ? `:\n${said}` : ''}`);
  }
}

/** Starts a long-running process on its own (it outlives this script), its output appended to `log`. */
export function launch(command, args, { cwd, env, log, postgres = false }) {
  const out = openSync(log, 'a');
  const child = spawn(command, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', out, out],
    ...(postgres ? asPostgres() : {}),
  });
  child.unref();
  return child.pid;
}

/** The process is alive and is still the one we started (its command line contains `match`). */
export function isOurs(record) {
  if (!record?.pid) return false;
  const file = `/proc/${record.pid}/cmdline`;
  if (!existsSync(file)) return false;
  try {
    const cmdline = readFileSync(file, 'utf8').replaceAll('\0', ' ');
    return cmdline.includes(record.match);
  } catch {
    return false;
  }
}

/** Ends one recorded process: `signal`, then SIGKILL after `graceMs`. Returns whether it was running. */
export async function end(record, { signal = 'SIGTERM', graceMs = 10_000 } = {}) {
  if (!isOurs(record)) return false;
  process.kill(record.pid, signal);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    if (!isOurs(record)) return true;
    await sleep(100);
  }
  if (isOurs(record)) process.kill(record.pid, 'SIGKILL');
  while (isOurs(record)) await sleep(50);
  return true;
}

/**
 * Polls `check` (truthy = ready) until `timeoutMs`, then throws naming `what` and where to look; at once when
 * `gone` says the process being waited for has exited.
 */
export async function waitFor(what, check, { timeoutMs = 60_000, log, gone } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last;
  while (Date.now() < deadline) {
    if (gone?.()) throw new Error(`${what} exited while starting${log ? `; see ${log}` : ''}`);
    try {
      if (await check()) return;
    } catch (error) {
      last = error;
    }
    await sleep(250);
  }
  const why = last ? ` (${last.message.split('\n')[0]})` : '';
  throw new Error(`${what} was not ready within ${timeoutMs / 1000} s${why}${log ? `; see ${log}` : ''}`);
}

/** GET on 127.0.0.1 with a Host header; resolves `{ status, body }`. */
export function httpGet(port, path, { host = 'localhost', headers = {}, timeoutMs = 3000 } = {}) {
  return new Promise((resolvePromise, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, headers: { host: `${host}:${port}`, ...headers }, timeout: timeoutMs },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolvePromise({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

export const healthy = async (port) => (await httpGet(port, '/api/health')).status === 200;

/** Whether nothing listens on the port yet (127.0.0.1). */
export function portFree(port) {
  return new Promise((resolvePromise) => {
    const server = createServer();
    server.once('error', () => resolvePromise(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolvePromise(true)));
  });
}
