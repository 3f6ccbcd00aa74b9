import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import type { ReceivedMail } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

const CEILING_ANSWER = {
  message:
    'Too many failed sign-in attempts for this account, so new devices are paused. If the email and password you entered are right, we have emailed a link that lets this device sign in (it works once, for 15 minutes). Or sign in from a device you have used before.',
};
const tokenFrom = (mail: ReceivedMail) => /\/login-link\?token=([\w-]+)/.exec(mail.text)?.[1] ?? '';
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An account at its ceiling: its owner gets a mailed one-time link; the super admin sees and unlocks it. */
describe.each(engines)('sign-in links and locked accounts on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let superAdmin: string;
  let now = Date.now();
  let address = 0;
  const fresh = () => `198.51.100.${++address}`;

  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => now, throttle: { accountCeiling: 8 } });
    acme = await t.createTenant('linka');
    other = await t.createTenant('linkb');
    superAdmin = await t.superAdminToken();
  });
  afterAll(() => t.close());

  const login = (emailId: string, password: string, ip: string, tenantId = acme.tenantId) =>
    t.call(tenantId, {
      method: 'POST',
      url: '/api/login',
      payload: { emailId, password },
      headers: { 'x-forwarded-for': ip },
    });
  const master = (password: string, ip: string) =>
    t.call(null, {
      method: 'POST',
      url: '/api/master/login',
      payload: { email: SUPER_ADMIN.email, password },
      headers: { 'x-forwarded-for': ip },
    });
  const openLink = (token: string, ip: string, tenantId: string | null = acme.tenantId) =>
    t.call(tenantId, {
      method: 'POST',
      url: '/api/login-link',
      payload: { token },
      headers: { 'x-forwarded-for': ip },
    });
  /** Eight wrong passwords from eight addresses: the account's ceiling. */
  const crowd = async (guess: (ip: string) => Promise<{ statusCode: number }>) => {
    for (let i = 0; i < 8; i++) expect((await guess(fresh())).statusCode).toBe(401);
  };
  const locked = (token = superAdmin) => t.call(null, { method: 'GET', url: '/api/admin/locked-accounts', token });
  const unlock = (account: string, token = superAdmin) =>
    t.call(null, { method: 'POST', url: '/api/admin/locked-accounts/unlock', token, payload: { account } });

  it('mails the owner a one-time link for a right password from a new device, and the link lets that device in', async () => {
    const email = 'owner@linka.test';
    await t.addUser(acme, email, 'owner-pass-1');
    await crowd((ip) => login(email, 'wrong-guess', ip));
    // A guess at the ceiling gets the same answer as the owner, and mails nothing.
    const laptop = fresh();
    const guess = await login(email, 'wrong-guess', fresh());
    const ghost = await login('ghost@linka.test', 'owner-pass-1', fresh());
    expect(guess.statusCode).toBe(429);
    await pause(300);
    expect(t.mail.countFor(email)).toBe(0);
    const owner = await login(email, 'owner-pass-1', laptop);
    expect(owner.statusCode).toBe(429);
    expect(owner.json()).toEqual(CEILING_ANSWER);
    expect(guess.json()).toEqual(CEILING_ANSWER);
    expect(ghost.statusCode).toBe(401);

    const mail = await t.mail.latest(email);
    expect(mail.subject).toBe('Allow a new device to sign in to Plotbook');
    expect(mail.text).toContain(`http://${acme.tenantId}.localhost:8080/login-link?token=`);
    // One link per account for a while, however often the owner tries.
    expect((await login(email, 'owner-pass-1', laptop)).statusCode).toBe(429);
    await pause(300);
    expect(t.mail.countFor(email)).toBe(1);

    // Opened on the owner's phone: the laptop that asked may sign in now; the link works once.
    const opened = await openLink(tokenFrom(mail), fresh());
    expect(opened.statusCode).toBe(200);
    expect(opened.json().message).toBe('Your device may sign in now. Sign in again with your email and password.');
    expect((await login(email, 'owner-pass-1', laptop)).statusCode).toBe(200);
    const again = await openLink(tokenFrom(mail), fresh());
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'This sign-in link was already used or has expired. Sign in again to get a new one.',
    );
    // Other new devices are still turned away.
    expect((await login(email, 'owner-pass-1', fresh())).statusCode).toBe(429);
  });

  it("opens a link only on its own company's address, and only for 15 minutes", async () => {
    const email = 'late@linka.test';
    await t.addUser(acme, email, 'late-pass-12');
    await crowd((ip) => login(email, 'wrong-guess', ip));
    const laptop = fresh();
    expect((await login(email, 'late-pass-12', laptop)).statusCode).toBe(429);
    const token = tokenFrom(await t.mail.latest(email));
    expect((await openLink(token, laptop, other.tenantId)).statusCode).toBe(400);
    expect((await openLink(token, laptop, null)).statusCode).toBe(400);
    now += 15 * 60 * 1000 + 1000;
    expect((await openLink(token, laptop)).statusCode).toBe(400);
    expect((await openLink('not-a-real-token-at-all-000', laptop)).statusCode).toBe(400);
  });

  it('shows the super admin the locked accounts, unlocks one, and lets the locked-out super admin in by link', async () => {
    await crowd((ip) => master('wrong-guess', ip));
    const email = 'crowded@linka.test';
    await t.addUser(acme, email, 'crowded-pass-1');
    await crowd((ip) => login(email, 'wrong-guess', ip));

    const list = await locked();
    expect(list.statusCode).toBe(200);
    const rows = list.json() as Array<{ account: string; tenantId: string | null; email: string; failures: number }>;
    expect(rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: `platform:${SUPER_ADMIN.email}`, tenantId: null, email: SUPER_ADMIN.email }),
        expect.objectContaining({ account: `${acme.tenantId}:${email}`, tenantId: acme.tenantId, email, failures: 8 }),
      ]),
    );
    const until = new Date((rows.find((r) => r.email === email) as unknown as { lockedUntil: string }).lockedUntil);
    expect(until.getTime()).toBe(new Date(now).getTime() + 15 * 60 * 1000);

    // The super admin, locked out of a new device, gets in with the mailed link.
    const desk = fresh();
    const refused = await master(SUPER_ADMIN.password, desk);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(CEILING_ANSWER);
    const token = tokenFrom(await t.mail.latest(SUPER_ADMIN.email));
    expect((await openLink(token, desk, acme.tenantId)).statusCode).toBe(400);
    expect((await openLink(token, desk, null)).statusCode).toBe(200);
    expect((await master(SUPER_ADMIN.password, desk)).statusCode).toBe(200);

    // Unlocked by the super admin: any device may try the company user's account again.
    const unlocked = await unlock(`${acme.tenantId}:${email}`);
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json().message).toBe('Unlocked. New devices may sign in to this account again.');
    expect((await login(email, 'crowded-pass-1', fresh())).statusCode).toBe(200);
    const after = (await locked()).json() as Array<{ email: string }>;
    expect(after.map((r) => r.email)).not.toContain(email);
    expect((await unlock(`${acme.tenantId}:${email}`)).statusCode).toBe(404);
  });

  it('refuses control characters in an account to unlock and in a sign-in link with a plain 400', async () => {
    for (const account of [`platform:x\u0000`, `platform:${SUPER_ADMIN.email}\u202e`, `${acme.tenantId}:a\u0007`]) {
      const res = await unlock(account);
      expect(res.statusCode, JSON.stringify(account)).toBe(400);
      expect(res.json().message).toBe('Account may not contain control characters');
    }
    const link = await openLink(`abcdefghijklmnopqrstuvwxyz\u0000`, fresh());
    expect(link.statusCode).toBe(400);
    expect(link.json().message).toBe('The sign-in link is incomplete.');
    const forgot = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/forgot-password?email=a%00@linka.test',
      headers: { 'x-forwarded-for': fresh() },
    });
    expect(forgot.statusCode).toBe(400);
    expect(forgot.json().message).toBe('Email may not contain control characters');
  });

  it('keeps the locked accounts to the super admin: 401 without a token, 403 for a company admin', async () => {
    const companyAdmin = await t.userToken(acme, 'TENANT_ADMIN');
    for (const call of [
      (token?: string) =>
        t.call(null, { method: 'GET', url: '/api/admin/locked-accounts', ...(token ? { token } : {}) }),
      (token?: string) =>
        t.call(null, {
          method: 'POST',
          url: '/api/admin/locked-accounts/unlock',
          payload: { account: `platform:${SUPER_ADMIN.email}` },
          ...(token ? { token } : {}),
        }),
    ]) {
      expect((await call()).statusCode).toBe(401);
      expect((await call(companyAdmin)).statusCode).toBe(403);
    }
    const onCompanyHost = await t.call(acme.tenantId, {
      method: 'GET',
      url: '/api/admin/locked-accounts',
      token: companyAdmin,
    });
    expect(onCompanyHost.statusCode).toBe(403);
  });
});
