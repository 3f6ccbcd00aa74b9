import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, runId, type TestContext } from '../../../test/helpers.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

const PASSWORD = 'user-password-1';

describe.each(engines)('settings and help on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    globex = await t.createTenant('globex');
  });
  afterAll(() => t.close());

  /** A fresh user of acme with their email and token. */
  async function user(role: 'USER' | 'TENANT_ADMIN' = 'USER') {
    const email = `${role.toLowerCase()}-${runId()}@example.com`;
    const token = await t.userToken(acme, role, email);
    return { email, token };
  }
  const api = (method: 'GET' | 'PUT' | 'POST', url: string, token?: string, payload?: object) =>
    t.call(acme.tenantId, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });
  const login = (emailId: string, password: string) =>
    t.call(acme.tenantId, { method: 'POST', url: '/api/login', payload: { emailId, password } });

  it('shows the signed-in user their own details', async () => {
    const me = await user();
    const res = await api('GET', '/api/settings/profile', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userName: 'Test USER',
      emailId: me.email,
      mobileNumber: '9999999999',
      city: 'Pune',
      role: 'USER',
    });
  });

  it("saves the user's name, mobile and city and leaves another user's untouched", async () => {
    const me = await user();
    const other = await user();
    const res = await api('PUT', '/api/settings/profile', me.token, {
      userName: '  Asha Patil ',
      mobileNumber: '98220 11111',
      city: 'Nashik',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Settings saved successfully!',
      profile: {
        userName: 'Asha Patil',
        emailId: me.email,
        mobileNumber: '+919822011111',
        city: 'Nashik',
        role: 'USER',
      },
    });
    expect((await api('GET', '/api/settings/profile', me.token)).json().userName).toBe('Asha Patil');
    expect((await api('GET', '/api/settings/profile', other.token)).json()).toMatchObject({
      userName: 'Test USER',
      mobileNumber: '9999999999',
      city: 'Pune',
    });
  });

  it('lets mobile and city be left blank, but not the name', async () => {
    const me = await user();
    const blank = await api('PUT', '/api/settings/profile', me.token, { userName: 'Asha', mobileNumber: '', city: '' });
    expect(blank.json().profile).toMatchObject({ mobileNumber: null, city: null });
    const noName = await api('PUT', '/api/settings/profile', me.token, { userName: ' ', mobileNumber: '', city: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toMatchObject({
      message: 'Full name is required',
      fields: { userName: 'Full name is required' },
    });
    const badMobile = await api('PUT', '/api/settings/profile', me.token, { userName: 'Asha', mobileNumber: '12' });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.json().fields).toEqual({ mobileNumber: 'Enter a valid mobile number, e.g. 98220 11111' });
  });

  it('changes the password with the current one and hands back a working token', async () => {
    const me = await user();
    const res = await api('POST', '/api/settings/password', me.token, {
      currentPassword: PASSWORD,
      newPassword: 'brand-new-pass-2',
      confirmPassword: 'brand-new-pass-2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Password changed successfully!');
    // Older sign-ins are revoked; the token in the answer works.
    expect((await api('GET', '/api/settings/profile', me.token)).statusCode).toBe(401);
    expect((await api('GET', '/api/settings/profile', res.json().token)).statusCode).toBe(200);
    expect((await login(me.email, PASSWORD)).statusCode).toBe(401);
    expect((await login(me.email, 'brand-new-pass-2')).statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 and changes nothing', async () => {
    const me = await user();
    const res = await api('POST', '/api/settings/password', me.token, {
      currentPassword: 'not-my-password',
      newPassword: 'brand-new-pass-2',
      confirmPassword: 'brand-new-pass-2',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'Current password is incorrect.',
      fields: { currentPassword: 'Current password is incorrect.' },
    });
    expect((await login(me.email, PASSWORD)).statusCode).toBe(200);
  });

  it('lets only one of two password changes sent together with the same current password through', async () => {
    const me = await user();
    const change = (to: string) =>
      api('POST', '/api/settings/password', me.token, {
        currentPassword: PASSWORD,
        newPassword: to,
        confirmPassword: to,
      });
    const results = await Promise.all([change('first-new-pass-1'), change('second-new-pass-2')]);
    // The one refused either checked the password after the winner stored it (400), or its transaction began after
    // the winner's commit, whose new token version signs every other session out (401): which one is a race.
    const refused = results.find((r) => r.statusCode !== 200);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect([400, 401]).toContain(refused?.statusCode);
    expect(refused?.json().message).toBe(
      refused?.statusCode === 400 ? 'Current password is incorrect.' : 'Session expired. Please log in again.',
    );
    const winner = results[0]?.statusCode === 200 ? 'first-new-pass-1' : 'second-new-pass-2';
    const loser = winner === 'first-new-pass-1' ? 'second-new-pass-2' : 'first-new-pass-1';
    expect((await login(me.email, winner)).statusCode).toBe(200);
    expect((await login(me.email, loser)).statusCode).toBe(401);
  });

  it('checks each field: required, long enough, matching, and different from the current one', async () => {
    const me = await user();
    const change = (body: object) => api('POST', '/api/settings/password', me.token, body);
    const empty = await change({ currentPassword: '', newPassword: '', confirmPassword: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      currentPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Confirm password is required',
    });
    const short = await change({ currentPassword: PASSWORD, newPassword: 'short', confirmPassword: 'short' });
    expect(short.json().fields).toEqual({ newPassword: 'New password must be at least 8 characters' });
    const differ = await change({
      currentPassword: PASSWORD,
      newPassword: 'brand-new-1',
      confirmPassword: 'brand-new-2',
    });
    expect(differ.statusCode).toBe(400);
    expect(differ.json()).toEqual({
      message: 'New and Confirm Password do not match',
      fields: { confirmPassword: 'New and Confirm Password do not match' },
    });
    const same = await change({ currentPassword: PASSWORD, newPassword: PASSWORD, confirmPassword: PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('New password must be different from the current password.');
  });

  it("lists the company's tenant admins and the platform's support address when one is set", async () => {
    const me = await user();
    const admin = await user('TENANT_ADMIN');
    const before = await api('GET', '/api/help/contacts', me.token);
    expect(before.statusCode).toBe(200);
    expect(before.json().admins).toContainEqual({
      userName: 'Test TENANT_ADMIN',
      emailId: admin.email,
      mobileNumber: '9999999999',
    });
    expect(before.json().platformEmail).toBeNull();
    await platformDb(t.db)
      .insertInto('settings')
      .values({ key: 'support_email', value: 'help@plotbook.test' })
      .execute();
    const after = await api('GET', '/api/help/contacts', me.token);
    expect(after.json().platformEmail).toBe('help@plotbook.test');
    // Another company sees its own admins only.
    const globexToken = await t.userToken(globex);
    const theirs = await t.call(globex.tenantId, { method: 'GET', url: '/api/help/contacts', token: globexToken });
    expect(theirs.json().admins.map((a: { emailId: string }) => a.emailId)).not.toContain(admin.email);
  });

  it("answers 401 without a token and 403 with another company's token on every settings route", async () => {
    const globexToken = await t.userToken(globex);
    const routes = [
      ['GET', '/api/settings/profile'],
      ['PUT', '/api/settings/profile'],
      ['POST', '/api/settings/password'],
      ['GET', '/api/help/contacts'],
    ] as const;
    for (const [method, url] of routes) {
      expect((await api(method, url)).statusCode, `${method} ${url}`).toBe(401);
      expect((await api(method, url, globexToken, {})).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('lets a tenant admin use Settings too', async () => {
    const admin = await user('TENANT_ADMIN');
    const res = await api('GET', '/api/settings/profile', admin.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().role).toBe('TENANT_ADMIN');
  });
});
