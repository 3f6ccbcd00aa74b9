import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import { JWT_SECRET } from './helpers.js';

describe('database unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: every query fails to connect, as when the database server is down.
    const database = openDatabase({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none', poolSize: 2 });
    app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
  });
  afterAll(() => app.close());

  it('answers the health check with 503 and a plain message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'unavailable', database: 'down' });
  });

  it('answers API calls with 503 and no internals', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site', headers: { host: 'acme.localhost' } });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ message: 'The database is unavailable. Please try again shortly.' });
  });
});
