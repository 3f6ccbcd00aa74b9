import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../bench/http.js';
import { defaultWebDist } from '../src/app.js';

/**
 * What `npm start` runs: the server bundled by build/build-if-changed.mjs (dist/server.mjs), as a real process on
 * the embedded database in a data directory of its own.
 */
const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const buildScript = join(serverDir, 'build/build-if-changed.mjs');
const bundle = join(serverDir, 'dist/server.mjs');
const webBuildScript = resolve(serverDir, '../web/build/build-if-changed.mjs');

function buildIfChanged(): string {
  const result = spawnSync(process.execPath, [buildScript], { cwd: serverDir, encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return result.stdout;
}

function freePort(): Promise<number> {
  return new Promise((resolvePromise) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolvePromise(port));
    });
  });
}

describe('the bundled server (npm start)', () => {
  let child: ChildProcess;
  let output = '';
  let base = '';
  let dataDir = '';

  beforeAll(async () => {
    // As `npm start` does: the web app first (when its sources changed), then the server.
    const web = spawnSync(process.execPath, [webBuildScript], { cwd: serverDir, encoding: 'utf8' });
    expect(web.status, web.stderr).toBe(0);
    buildIfChanged();
    dataDir = mkdtempSync(join(tmpdir(), 'plotbook-bundle-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [bundle], {
      cwd: serverDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SUPER_ADMIN_PASSWORD: 'bundle-admin-1',
        SEED_DEMO: 'true',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    // A first start creates the database and the demo company: slow on a busy machine.
    const deadline = Date.now() + 100_000;
    while (!/ready in \d+ ms/.test(output)) {
      if (child.exitCode !== null) throw new Error(`The bundled server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() > deadline) throw new Error(`The bundled server did not start within 100 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers the health check from the embedded database', async () => {
    const res = await call(`${base}/api/health`, { headers: {} });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok', database: 'up' });
    expect(output).toContain('Plotbook is running on the embedded database');
  });

  it("serves a signed-in company request: the demo company's projects", async () => {
    const host = 'demo.localhost';
    const login = await call(`${base}/api/login`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json' },
      body: JSON.stringify({ emailId: 'demo@example.com', password: 'demo1234' }),
    });
    expect(login.status).toBe(200);
    const { token } = JSON.parse(login.body) as { token: string };
    const projects = await call(`${base}/api/project`, { headers: { host, authorization: `Bearer ${token}` } });
    expect(projects.status).toBe(200);
    const names = (JSON.parse(projects.body) as { projectName: string }[]).map((p) => p.projectName).sort();
    expect(names).toEqual(['Green Valley', 'Sai Nagar Phase 1', 'Shivam Residency']);
  });

  it("serves the web app: a company's prerendered login page", async () => {
    const res = await call(`${base}/login`, { headers: { host: 'demo.localhost' } });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>Login · Plotbook</title>');
  });

  it('serves a production build of the web app, though the tests run with NODE_ENV=test', () => {
    const assets = join(resolve(serverDir, '../web/dist'), 'assets');
    const scripts = readdirSync(assets).filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    // React's development build names its JSX helper; the production one does not.
    expect(scripts.filter((name) => readFileSync(join(assets, name), 'utf8').includes('jsxDEV'))).toEqual([]);
  });

  it('finds the web app from the bundle’s chunks folder as from the sources', () => {
    const webDist = resolve(serverDir, '../web/dist');
    expect(defaultWebDist(join(serverDir, 'dist/chunks'))).toBe(webDist);
    expect(defaultWebDist(join(serverDir, 'src'))).toBe(webDist);
  });

  it('is not rebuilt when its sources have not changed', () => {
    const builtAt = statSync(bundle).mtimeMs;
    expect(buildIfChanged()).toContain('up to date');
    expect(statSync(bundle).mtimeMs).toBe(builtAt);
  });
});
