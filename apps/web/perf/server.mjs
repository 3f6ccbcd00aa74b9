// What the perf scripts share: Plotbook started from its sources on a fresh embedded database (the first start seeds
// the demo company), and the wait until it answers.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

/** Starts the server on `port` with `env` added; `stop()` ends it and removes its data directory. */
export function startServer(port, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'plotbook-perf-'));
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { server, stop };
}

/** Waits up to 2 minutes for `/api/health` at `origin` (asked on the loopback address: Node may not resolve `*.localhost`). */
export async function waitForHealth(origin, server) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server && server.exitCode !== null) throw new Error(`The server stopped (exit ${server.exitCode}).`);
    try {
      if ((await fetch(`${origin.replace(/\/\/[^/:]*localhost/, '//127.0.0.1')}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${origin} did not answer /api/health within 2 minutes.`);
}
