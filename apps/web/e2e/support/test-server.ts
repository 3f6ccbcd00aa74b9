import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { MailServer } from './mail-server';

const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..');
export const SUPER_ADMIN = { email: 'admin@localhost', password: 'e2e-super-secret' };
export const DEMO_USER = { email: 'demo@example.com', password: 'demo1234' };
export const DEMO_PROJECTS = ['Green Valley', 'Sai Nagar Phase 1', 'Shivam Residency'];

export interface TestServer {
  port: number;
  mail: MailServer;
  /** A page address on the platform host (`localhost`). */
  platformUrl(path?: string): string;
  /** A page address on the demo tenant's host (`demo.localhost`). */
  tenantUrl(path?: string): string;
  /** The server's output so far, to explain a failure. */
  output(): string;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitForHealth(port: number, child: ChildProcess, output: () => string): Promise<void> {
  // Generous: on a machine shared with other builds the server's first start (tsx compiling) can be slow.
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not become healthy within 120 s:\n${output()}`);
}

export interface TestServerOptions {
  /** false: no SMTP_URL, so the server keeps mail in its outbox (the in-process mail server still runs). */
  smtp?: boolean;
  /** More environment variables for the server, e.g. TRUST_PROXY. */
  env?: Record<string, string>;
}

async function startTestServer(
  options: TestServerOptions = {},
): Promise<{ server: TestServer; stop: () => Promise<void> }> {
  const mail = new MailServer();
  await mail.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'plotbook-e2e-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      // Mail links are built from this, never from request headers.
      PUBLIC_URL: `http://localhost:${port}`,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(options.smtp === false ? {} : { SMTP_URL: `smtp://127.0.0.1:${mail.port}` }),
      SUPER_ADMIN_EMAIL: SUPER_ADMIN.email,
      SUPER_ADMIN_PASSWORD: SUPER_ADMIN.password,
      SEED_DEMO: 'true',
      CHECK_RESPONSES: 'true',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });

  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await mail.stop();
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(port, child, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    server: {
      port,
      mail,
      platformUrl: (path = '/') => `http://localhost:${port}${path}`,
      tenantUrl: (path = '/') => `http://demo.localhost:${port}${path}`,
      output: () => log,
    },
    stop,
  };
}

/**
 * Starts a real server (fresh database, SMTP to an in-process mail server) for the spec file that calls it,
 * and stops it after the file's last test. Use the returned object inside tests.
 */
export function setupTestServer(options: TestServerOptions = {}): TestServer {
  let handle: Awaited<ReturnType<typeof startTestServer>> | undefined;
  const server = {} as TestServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    handle = await startTestServer(options);
    Object.assign(server, handle.server);
  });
  test.afterAll(async () => {
    await handle?.stop();
  });
  return server;
}
