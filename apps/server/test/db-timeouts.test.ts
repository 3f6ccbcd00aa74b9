import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, describeOnPostgres, JWT_SECRET, type TestContext } from './helpers.js';

const TOO_SLOW = { message: 'The database is not answering in time. Please try again shortly.' };
const HEALTH_DOWN = { status: 'unavailable', database: 'down', message: 'The database is unavailable.' };

/**
 * A TCP proxy in front of PostgreSQL that can stop forwarding: while paused, connections stay open but nothing
 * passes either way, as with a frozen server or a broken network. Nothing in the app is changed or slowed.
 */
async function startPausableProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let isPaused = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      if (isPaused) from.pause();
      from.on('data', (chunk) => to.write(chunk));
      from.on('end', () => to.end());
      from.on('error', () => to.destroy());
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    pause() {
      isPaused = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      isPaused = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

async function timed<T>(run: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await run();
  return { result, ms: performance.now() - started };
}

describeOnPostgres('a stalled PostgreSQL', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let proxy: Awaited<ReturnType<typeof startPausableProxy>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
    // A second app on the same database, reaching it through the proxy (as a second server would).
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.db);
    const server = new URL(engine.url as string);
    proxy = await startPausableProxy({ host: server.hostname, port: Number(server.port || 5432) });
    const url = new URL(engine.url as string);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${rows[0]?.name}`;
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database: openDatabase({ databaseUrl: url.toString(), poolSize: 4 }),
      jwtSecret: JWT_SECRET,
      logger: false,
    });
  });
  afterAll(async () => {
    proxy.resume();
    await app.close();
    await proxy.close();
    await t.close();
  });

  const health = () => app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5' } });
  const projects = () =>
    app.inject({
      method: 'GET',
      url: '/api/project',
      headers: { host: `${acme.tenantId}.localhost`, authorization: `Bearer ${token}` },
    });

  it('answers 503 within seconds while it does not answer, and 200 again once it does', async () => {
    expect((await health()).statusCode).toBe(200);
    // Several open connections, so that while paused one request waits on a connection it already has (the
    // query deadline) and a later one on opening a new connection (the connect timeout).
    expect((await Promise.all([projects(), projects(), projects()])).map((r) => r.statusCode)).toEqual([200, 200, 200]);

    proxy.pause();
    const down = await timed(health);
    expect(down.result.statusCode).toBe(503);
    expect(down.result.json()).toEqual(HEALTH_DOWN);
    expect(down.ms).toBeLessThan(2500);

    for (let i = 0; i < 3; i += 1) {
      const stalled = await timed(projects);
      expect(stalled.result.statusCode).toBe(503);
      expect(stalled.result.json()).toEqual(TOO_SLOW);
      expect(stalled.ms).toBeLessThan(8000);
    }

    proxy.resume();
    expect((await health()).statusCode).toBe(200);
    const back = await projects();
    expect(back.statusCode).toBe(200);
    expect(back.json()).toEqual([]);
  }, 60_000);
});

describe('a busy embedded database', () => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp({ name: 'pglite' });
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
  });
  afterAll(() => t.close());

  const health = () => t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5' } });
  const projects = () => t.call(acme.tenantId, { method: 'GET', url: '/api/project', token });

  it('answers 503 instead of waiting forever behind a transaction that does not finish', async () => {
    expect((await projects()).statusCode).toBe(200);
    let finish!: () => void;
    const holder = t.db.transaction().execute(() => new Promise<void>((resolve) => (finish = resolve)));

    const down = await timed(health);
    expect(down.result.statusCode).toBe(503);
    expect(down.result.json()).toEqual(HEALTH_DOWN);
    expect(down.ms).toBeLessThan(2500);

    const waited = await timed(projects);
    expect(waited.result.statusCode).toBe(503);
    expect(waited.result.json()).toEqual(TOO_SLOW);
    expect(waited.ms).toBeLessThan(8000);

    finish();
    await holder;
    expect((await health()).statusCode).toBe(200);
    expect((await projects()).statusCode).toBe(200);
  });
});
