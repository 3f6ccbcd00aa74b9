import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

// Client addresses from the documentation ranges, given as X-Forwarded-For (the test app trusts the proxy).
const A = '203.0.113.1';
const B = '203.0.113.2';
const C = '203.0.113.3';
const D = '203.0.113.4';
const E = '203.0.113.5';

describe.each(engines)('login throttle on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let now = Date.now();
  const later = (ms: number) => {
    now += ms;
  };

  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => now, throttle: { accountCeiling: 8 } });
    acme = await t.createTenant('acme');
  });
  afterAll(() => t.close());

  const login = (emailId: string, password: string, ip: string, app = t.app) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { host: `${acme.tenantId}.localhost`, 'x-forwarded-for': ip },
      payload: { emailId, password },
    });
  const failTimes = async (n: number, emailId: string, ip: string) => {
    for (let i = 0; i < n; i++) expect((await login(emailId, 'wrong-password', ip)).statusCode).toBe(401);
  };

  it('does not count an error in the password check (a database fault) as a wrong password', async () => {
    const email = 'outage@example.com';
    await t.addUser(acme, email, 'outage-pass-1');
    await sql.raw(`alter table "${acme.dbName}".users rename to users_away`).execute(t.db);
    try {
      for (let i = 0; i < 8; i++) {
        const res = await login(email, 'outage-pass-1', A);
        expect(res.statusCode).toBeGreaterThanOrEqual(500);
      }
    } finally {
      await sql.raw(`alter table "${acme.dbName}".users_away rename to users`).execute(t.db);
    }
    const after = await login(email, 'outage-pass-1', A);
    expect(after.statusCode).toBe(200);
  });

  it('five wrong passwords from one address do not stop the right password from another', async () => {
    const email = 'two-places@example.com';
    await t.addUser(acme, email, 'right-pass-1');
    await failTimes(3, email, A);
    expect((await login(email, 'wrong-password', A)).statusCode).toBe(429);
    expect((await login(email, 'wrong-password', A)).statusCode).toBe(429);
    const fromB = await login(email, 'right-pass-1', B);
    expect(fromB.statusCode).toBe(200);
  });

  it('makes each further attempt from one address wait longer: 1 s, 2 s, 4 s', async () => {
    const email = 'slow@example.com';
    await t.addUser(acme, email, 'slow-pass-12');
    await failTimes(3, email, A);
    for (const seconds of [1, 2, 4]) {
      const early = await login(email, 'slow-pass-12', A);
      expect(early.statusCode).toBe(429);
      expect(early.json()).toEqual({
        message: `Too many failed sign-in attempts. Please wait ${seconds} second${seconds === 1 ? '' : 's'} before trying again.`,
      });
      later(seconds * 1000 - 100);
      expect((await login(email, 'slow-pass-12', A)).statusCode).toBe(429);
      later(100);
      await failTimes(1, email, A);
    }
    later(8000);
    // The right password after the wait signs in and starts the address afresh.
    expect((await login(email, 'slow-pass-12', A)).statusCode).toBe(200);
    await failTimes(3, email, A);
  });

  it('lets only one of several guesses sent together through once a delay applies', async () => {
    const email = 'burst@example.com';
    await t.addUser(acme, email, 'burst-pass-1');
    await failTimes(3, email, A);
    later(1000);
    const results = await Promise.all(Array.from({ length: 6 }, () => login(email, 'wrong-password', A)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([401, 429, 429, 429, 429, 429]);
  });

  it('checks only the free guesses of a burst of 40 sent together, and tells the rest when to retry', async () => {
    const email = 'big-burst@example.com';
    await t.addUser(acme, email, 'big-burst-pass-1');
    const results = await Promise.all(Array.from({ length: 40 }, () => login(email, 'wrong-password', B)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(37);
    const refused = results.find((r) => r.statusCode === 429);
    expect(refused?.headers['retry-after']).toBe('1');
    expect(refused?.json().message).toBe('Too many failed sign-in attempts. Please wait 1 second before trying again.');
  });

  it('checks only the free guesses of 40 password changes sent together with a wrong current password', async () => {
    const email = 'settings-burst@example.com';
    const token = await t.userToken(acme, 'USER', email);
    const change = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/password',
        headers: { host: `${acme.tenantId}.localhost`, 'x-forwarded-for': C, authorization: `Bearer ${token}` },
        payload: {
          currentPassword: 'wrong-password',
          newPassword: 'new-password-9',
          confirmPassword: 'new-password-9',
        },
      });
    const results = await Promise.all(Array.from({ length: 40 }, change));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 400)).toHaveLength(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(37);
    expect(results.find((r) => r.statusCode === 429)?.headers['retry-after']).toBe('1');
  });

  it('stops unknown addresses at the per-account ceiling until its window ends', async () => {
    const email = 'crowd@example.com';
    await t.addUser(acme, email, 'crowd-pass-1');
    await failTimes(3, email, A);
    await failTimes(3, email, B);
    await failTimes(2, email, C);
    const blocked = await login(email, 'crowd-pass-1', D);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBe('900');
    expect(blocked.json()).toEqual({
      message:
        'Too many failed sign-in attempts for this account, so new devices are paused. If the email and password you entered are right, we have emailed a link that lets this device sign in (it works once, for 15 minutes). Or sign in from a device you have used before.',
    });
    later(15 * 60 * 1000);
    expect((await login(email, 'crowd-pass-1', D)).statusCode).toBe(200);
  });

  it('lets the owner pass the ceiling from an address that has signed in before', async () => {
    const email = 'owner@example.com';
    await t.addUser(acme, email, 'owner-pass-1');
    expect((await login(email, 'owner-pass-1', D)).statusCode).toBe(200);
    await failTimes(3, email, A);
    await failTimes(3, email, B);
    await failTimes(2, email, C);
    expect((await login(email, 'owner-pass-1', E)).statusCode).toBe(429);
    expect((await login(email, 'owner-pass-1', D)).statusCode).toBe(200);
  });

  it('lets the owner past the ceiling from a new address with the temporary password forgot-password mailed', async () => {
    const email = 'mailed@example.com';
    await t.addUser(acme, email, 'mailed-pass-1');
    await failTimes(3, email, A);
    await failTimes(3, email, B);
    await failTimes(2, email, C);
    expect((await login(email, 'mailed-pass-1', E)).statusCode).toBe(429);
    // The right password mailed a sign-in link; forgot-password mails the temporary password after it.
    expect((await t.mail.latest(email)).subject).toBe('Allow a new device to sign in to Plotbook');
    const forgot = await t.call(acme.tenantId, { method: 'POST', url: `/api/forgot-password?email=${email}` });
    expect(forgot.statusCode).toBe(200);
    while (t.mail.countFor(email) < 2) await new Promise((r) => setTimeout(r, 25));
    const temporary = passwordFrom(await t.mail.latest(email));
    // A wrong guess at the ceiling stays refused; the mailed password gets in and forces a new one.
    expect((await login(email, 'not-the-mailed-one', E)).statusCode).toBe(429);
    const res = await login(email, temporary, E);
    expect(res.statusCode).toBe(200);
    expect(res.json().resetPasswordRequired).toBe(true);
  });

  it('counts an unknown account per address like a wrong password', async () => {
    await failTimes(3, 'nobody@example.com', A);
    expect((await login('nobody@example.com', 'wrong-password', A)).statusCode).toBe(429);
    expect((await login('nobody@example.com', 'wrong-password', B)).statusCode).toBe(401);
  });

  it('shares the counters between two servers on one database', async () => {
    const email = 'shared@example.com';
    await t.addUser(acme, email, 'shared-pass-1');
    const second = await t.anotherApp();
    await failTimes(2, email, A);
    expect((await login(email, 'wrong-password', A, second)).statusCode).toBe(401);
    const blocked = await login(email, 'shared-pass-1', A, second);
    expect(blocked.statusCode).toBe(429);
    expect((await login(email, 'shared-pass-1', A)).statusCode).toBe(429);
  });

  it('throttles the super admin per address: guesses from elsewhere do not lock the owner out', async () => {
    const master = (password: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/master/login',
        headers: { host: 'localhost', 'x-forwarded-for': ip },
        payload: { email: SUPER_ADMIN.email, password },
      });
    for (let i = 0; i < 3; i++) expect((await master('wrong-password', A)).statusCode).toBe(401);
    expect((await master(SUPER_ADMIN.password, A)).statusCode).toBe(429);
    expect((await master(SUPER_ADMIN.password, B)).statusCode).toBe(200);
  });

  it('throttles reset-password guesses like sign-in', async () => {
    const email = 'rst@example.com';
    await t.addUser(acme, email, 'rst-pass-12');
    const reset = (oldPwd: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/resetPwd',
        headers: { host: `${acme.tenantId}.localhost`, 'x-forwarded-for': ip },
        payload: { emailId: email, oldPwd, newPwd: 'rst-new-pass-1' },
      });
    for (let i = 0; i < 3; i++) expect((await reset('guess-guess', A)).statusCode).toBe(400);
    const blocked = await reset('rst-pass-12', A);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many failed sign-in attempts. Please wait 1 second before trying again.');
    expect((await reset('rst-pass-12', B)).statusCode).toBe(200);
  });
});
