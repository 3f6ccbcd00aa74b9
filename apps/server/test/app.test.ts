import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/engine.js';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, JWT_SECRET, type TestContext } from './helpers.js';

describe.each(engines)('hardening on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
  });
  afterAll(() => t.close());

  it('answers the health check on any host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { host: '10.0.0.5:8080' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('sets security headers', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/site' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('refuses bodies over 1 MB with 413', async () => {
    const res = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ emailId: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request is too large.' });
  });

  it('answers malformed JSON with 400 and no internals', async () => {
    const res = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"emailId": ',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['message']);
    expect(res.body).not.toMatch(/at .*\.js|stack|SyntaxError/);
  });

  it('answers unsupported content types with 415', async () => {
    const res = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: 'Unsupported content type.' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found.' });
  });
});

describe('client address', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY is set, so rate limits cannot be dodged', async () => {
    const database = openDatabase({});
    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      database,
      jwtSecret: JWT_SECRET,
      logger: false,
    });
    app.get('/api/test-ip', async (request) => ({ ip: request.ip }));
    const res = await app.inject({
      method: 'GET',
      url: '/api/test-ip',
      headers: { host: 'localhost', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(res.json()).toEqual({ ip: '127.0.0.1' });
    await app.close();
  });
});
