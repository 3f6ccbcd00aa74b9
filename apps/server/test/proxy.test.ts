import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

describe('TRUST_PROXY setting', () => {
  it.each([
    ['false', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', '10.0.0.0/8, 127.0.0.1'],
  ])('reads %j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it('stops the start on a value that is none of these', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'everyone' })).toThrow(/TRUST_PROXY/);
  });
});

describe('request logs', () => {
  it('never carry a verification token, an email or a cursor from the query string', () => {
    expect(redactUrl('/verify-email?token=abc123&x=1')).toBe('/verify-email?token=[redacted]&x=1');
    expect(redactUrl('/api/forgot-password?email=a%40b.c')).toBe('/api/forgot-password?email=[redacted]');
    expect(redactUrl('/api/purchase/by-project/1?limit=5&cursor=WzFd')).toBe(
      '/api/purchase/by-project/1?limit=5&cursor=[redacted]',
    );
    expect(redactUrl('/api/project/1')).toBe('/api/project/1');
  });
});

describe.each(engines)('client address behind a proxy on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;

  beforeAll(async () => {
    // TRUST_PROXY=true: one proxy of ours, which appends the real client address as the rightmost entry.
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
  });
  afterAll(() => t.close());

  it('counts failed sign-ins per real client, whatever the client writes at the left of X-Forwarded-For', async () => {
    const email = 'victim@acme.test';
    await t.userToken(acme, 'USER', email);
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const res = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': `10.9.9.${i}, 203.0.113.7` },
        payload: { emailId: email, password: 'wrong-password-1' },
      });
      statuses.push(res.statusCode);
    }
    // Three free failures from one address, then the growing delay: invented left entries change nothing.
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });
});
