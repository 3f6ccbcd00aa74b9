import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, JWT_SECRET, PUBLIC_URL, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('auth on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme', 'boss@acme.test');
    other = await t.createTenant('other');
  });
  afterAll(() => t.close());

  const register = (tenantId: string, payload: object, host = tenantId) =>
    t.call(host, { method: 'POST', url: `/api/admin/tenants/${tenantId}/register`, payload });
  const login = (tenantId: string, emailId: string, password: string) =>
    t.call(tenantId, { method: 'POST', url: '/api/login', payload: { emailId, password } });

  const approve = async (tenant: TenantRecord, email: string) => {
    const admin = await t.userToken(tenant, 'TENANT_ADMIN');
    const pending = await t.call(tenant.tenantId, {
      method: 'GET',
      url: '/api/tenant-admin/pending-users',
      token: admin,
    });
    const user = (pending.json() as { id: number; email: string }[]).find((u) => u.email === email);
    if (!user) throw new Error(`${email} is not pending`);
    return t.call(tenant.tenantId, { method: 'POST', url: `/api/tenant-admin/users/${user.id}/approve`, token: admin });
  };
  const linkFrom = (text: string) => /(http\S+\/verify-email\?token=\S+)/.exec(text)?.[1] ?? '';
  const verify = (tenantId: string, link: string) =>
    t.call(tenantId, {
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: new URL(link).searchParams.get('token') },
    });

  describe('register', () => {
    const person = { userName: 'Asha Patil', emailId: 'Asha@Example.com', mobileNumber: '9876543210', city: 'Nagpur' };

    it('registers with a blank password, mails a generated one, waits for approval, then forces a reset', async () => {
      const res = await register(acme.tenantId, { ...person, password: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message:
          'Registration received! Please check your email for your password. Your company administrator must approve your account before you can sign in.',
      });

      const mail = await t.mail.latest('asha@example.com');
      expect(mail.subject).toBe(`Your Plotbook account for ${acme.tenantId}`);
      expect(mail.text).toContain(`Then sign in at http://${acme.tenantId}.localhost:8080/login`);
      const password = passwordFrom(mail);
      expect(password).toHaveLength(12);

      // The mailed password verifies the email, but the account is pending until approved.
      const pending = await login(acme.tenantId, 'asha@example.com', password);
      expect(pending.statusCode).toBe(403);
      expect(pending.json()).toEqual({
        message:
          "Your account is waiting for approval. Your company's administrator must approve it before you can sign in.",
      });
      expect((await approve(acme, 'asha@example.com')).statusCode).toBe(200);

      const first = await login(acme.tenantId, 'ASHA@example.com', password);
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.resetPasswordRequired).toBe(true);
      expect(body.user).toEqual({ userName: 'Asha Patil', emailId: 'asha@example.com', role: 'USER' });
      expect(typeof body.token).toBe('string');
      // Until the reset, the token opens nothing.
      const early = await t.call(acme.tenantId, { method: 'GET', url: '/api/dashboard', token: body.token });
      expect(early.statusCode).toBe(403);
      expect(early.json()).toEqual({ message: 'Please reset your password before you continue.' });

      const reset = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/resetPwd',
        payload: { emailId: 'asha@example.com', oldPwd: password, newPwd: 'new-password-1' },
      });
      expect(reset.statusCode).toBe(200);
      expect(reset.json()).toEqual({ message: 'Password reset successful!' });

      // The token from before the change is revoked.
      const stale = await t.call(acme.tenantId, { method: 'GET', url: '/api/dashboard', token: body.token });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ message: 'Session expired. Please log in again.' });

      const second = await login(acme.tenantId, 'asha@example.com', 'new-password-1');
      expect(second.json().resetPasswordRequired).toBe(false);
      const dash = await t.call(acme.tenantId, { method: 'GET', url: '/api/dashboard', token: second.json().token });
      expect(dash.statusCode).toBe(200);
    });

    it('with a chosen password: mails a verification link; sign-in waits for the link and for approval', async () => {
      const emailId = 'chosen@example.com';
      const res = await register(acme.tenantId, { ...person, emailId, password: 'chosen-pass-1' });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe(
        'Registration received! Please check your email and open the link to verify your address. Your company administrator must then approve your account.',
      );
      const mail = await t.mail.latest(emailId);
      expect(mail.subject).toBe('Verify your email for Plotbook');
      expect(mail.text).not.toContain('chosen-pass-1');
      const link = linkFrom(mail.text);
      expect(link).toMatch(
        new RegExp(`^http://${acme.tenantId}\\.localhost:8080/verify-email\\?token=[A-Za-z0-9_-]{43}$`),
      );

      const unverified = await login(acme.tenantId, emailId, 'chosen-pass-1');
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json().message).toBe(
        'Please verify your email first: open the link in the email we sent you when you registered.',
      );

      const verified = await verify(acme.tenantId, link);
      expect(verified.statusCode).toBe(200);
      expect(verified.json().message).toBe(
        "Your email is verified. Your company's administrator must approve your account before you can sign in; you will get an email when they do.",
      );
      // A link works once.
      const again = await verify(acme.tenantId, link);
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(
        'This verification link was already used or has expired. If you confirmed your email, wait for your administrator to approve your account; otherwise ask them to remove the registration so you can register again.',
      );

      const unapproved = await login(acme.tenantId, emailId, 'chosen-pass-1');
      expect(unapproved.statusCode).toBe(403);
      expect(unapproved.json().message).toMatch(/^Your account is waiting for approval\./);

      const approved = await approve(acme, emailId);
      expect(approved.json()).toEqual({ message: `${emailId} is approved and can sign in.` });
      const approvalMail = await t.mail.latest(emailId);
      expect(approvalMail.subject).toBe(`Your Plotbook account for ${acme.tenantId} is approved`);
      expect(approvalMail.text).toContain(`Sign in at http://${acme.tenantId}.localhost:8080/login.`);

      const ok = await login(acme.tenantId, emailId, 'chosen-pass-1');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().resetPasswordRequired).toBe(false);
    });

    it('verifies a link only on its own company and refuses a made-up token', async () => {
      const emailId = 'twohosts@example.com';
      await register(acme.tenantId, { ...person, emailId, password: 'twohosts-pass' });
      const link = linkFrom((await t.mail.latest(emailId)).text);
      expect((await verify(other.tenantId, link)).statusCode).toBe(400);
      const madeUp = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/verify-email',
        payload: { token: 'a'.repeat(43) },
      });
      expect(madeUp.statusCode).toBe(400);
      const malformed = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/verify-email',
        payload: { token: 'x y' },
      });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toBe('The verification link is incomplete.');
      expect((await verify(acme.tenantId, link)).statusCode).toBe(200);
    });

    it('refuses a second registration with the same email in the tenant (409) but allows it in another', async () => {
      const payload = { ...person, emailId: 'dup@example.com', password: 'password-123' };
      expect((await register(acme.tenantId, payload)).statusCode).toBe(201);
      const again = await register(acme.tenantId, { ...payload, emailId: 'DUP@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Email already exists in this tenant.');
      expect((await register(other.tenantId, payload)).statusCode).toBe(201);
      // One verification mail per company, none for the refused one.
      expect(t.mail.countFor('dup@example.com')).toBe(2);
    });

    it.each([
      [{ userName: '' }, 'userName', 'Full name is required'],
      [{ emailId: 'not-an-email' }, 'emailId', 'Enter a valid email address'],
      [{ mobileNumber: '12ab' }, 'mobileNumber', 'Enter a valid mobile number, e.g. 98220 11111'],
      [{ city: '  ' }, 'city', 'City is required'],
      [{ password: 'short' }, 'password', 'Password must be at least 8 characters'],
    ])('validates %o', async (change, field, message) => {
      const res = await register(acme.tenantId, { ...person, emailId: 'v@example.com', ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
      expect(res.json().fields[field]).toBe(message);
    });

    it('answers 404 for an unknown tenant and 403 for another tenant on this host', async () => {
      const unknown = await register('nosuchco', { ...person, emailId: 'x@example.com' }, null as unknown as string);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('Company not found.');
      const crossed = await register(other.tenantId, { ...person, emailId: 'y@example.com' }, acme.tenantId);
      expect(crossed.statusCode).toBe(403);
    });
  });

  describe('login', () => {
    it('refuses a wrong password and an unknown email with the same 401 message', async () => {
      await t.addUser(acme, 'ravi@example.com', 'ravi-pass-1');
      const wrong = await login(acme.tenantId, 'ravi@example.com', 'nope-nope');
      const unknown = await login(acme.tenantId, 'ghost@example.com', 'nope-nope');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Invalid email or password.' });
      expect(unknown.json()).toEqual(wrong.json());
    });

    it('requires email and password', async () => {
      const res = await t.call(acme.tenantId, { method: 'POST', url: '/api/login', payload: { emailId: 'a@b.c' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Password is required');
    });

    it('is not offered on the platform host', async () => {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/login',
        payload: { emailId: 'a@b.c', password: 'x' },
      });
      expect(res.statusCode).toBe(404);
    });
  });

  describe('mail links', () => {
    const forgot = (headers: Record<string, string>) =>
      t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/forgot-password?email=link@example.com',
        headers,
      });

    it('builds a mailed link from PUBLIC_URL, not from a forged X-Forwarded-Proto (proxy trusted)', async () => {
      await t.addUser(acme, 'link@example.com', 'link-pass-12');
      const before = t.mail.countFor('link@example.com');
      const res = await forgot({ 'x-forwarded-proto': 'https://evil.example/x?', 'x-forwarded-host': 'evil.example' });
      expect(res.statusCode).toBe(200);
      const mail = await t.mail.latest('link@example.com');
      expect(t.mail.countFor('link@example.com')).toBe(before + 1);
      expect(mail.text).toContain(`Sign in at http://${acme.tenantId}.localhost:8080/login within 24 hours`);
      expect(mail.text).not.toContain('evil');
    });

    it('does not reflect the port of a forged Host header into the link', async () => {
      await t.addUser(acme, 'port@example.com', 'port-pass-12');
      await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/forgot-password?email=port@example.com',
        headers: { host: `${acme.tenantId}.localhost:1337`, 'x-forwarded-proto': 'https' },
      });
      const mail = await t.mail.latest('port@example.com');
      expect(mail.text).toContain(`${PUBLIC_URL.replace('//', `//${acme.tenantId}.`)}/login`);
      expect(mail.text).not.toContain('1337');
      expect(mail.text).not.toContain('https');
    });

    it('builds the registration link from PUBLIC_URL even when registering from the platform host', async () => {
      await t.call(null, {
        method: 'POST',
        url: `/api/admin/tenants/${acme.tenantId}/register`,
        headers: { host: 'localhost:1337', 'x-forwarded-proto': 'https://evil.example/x?' },
        payload: {
          userName: 'Far',
          emailId: 'far@example.com',
          mobileNumber: '9123456780',
          city: 'Pune',
          password: 'far-pass-12',
        },
      });
      const link = linkFrom((await t.mail.latest('far@example.com')).text);
      expect(link.startsWith(`http://${acme.tenantId}.localhost:8080/verify-email?token=`)).toBe(true);
    });
  });

  describe('reset password', () => {
    it('answers 400 on a wrong old password or unknown email, and validates the new one', async () => {
      const wrong = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/resetPwd',
        payload: { emailId: 'ravi@example.com', oldPwd: 'wrong-one', newPwd: 'another-pass' },
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Old password is incorrect or user not found.');
      const ghost = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/resetPwd',
        payload: { emailId: 'ghost@example.com', oldPwd: 'wrong-one', newPwd: 'another-pass' },
      });
      expect(ghost.statusCode).toBe(400);
      const short = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/resetPwd',
        payload: { emailId: 'ravi@example.com', oldPwd: 'ravi-pass-1', newPwd: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe('Password must be at least 8 characters');
    });
  });

  describe('forgot password', () => {
    it('gives the same answer for known and unknown emails and mails only the known one', async () => {
      await t.addUser(acme, 'meera@example.com', 'meera-pass-1');
      const known = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/forgot-password?email=meera@example.com',
      });
      const unknown = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/forgot-password?email=nobody@example.com',
      });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual(unknown.json());
      expect(t.mail.countFor('nobody@example.com')).toBe(0);

      const temporary = passwordFrom(await t.mail.latest('meera@example.com'));
      // The old password still works (a stranger cannot lock anyone out) ...
      expect((await login(acme.tenantId, 'meera@example.com', 'meera-pass-1')).json().resetPasswordRequired).toBe(
        false,
      );
      // ... and the temporary one signs in and forces a reset.
      const temp = await login(acme.tenantId, 'meera@example.com', temporary);
      expect(temp.statusCode).toBe(200);
      expect(temp.json().resetPasswordRequired).toBe(true);
    });

    it('requires a valid email', async () => {
      const res = await t.call(acme.tenantId, { method: 'POST', url: '/api/forgot-password?email=bad' });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Enter a valid email address');
    });
  });

  describe('master login', () => {
    it('signs in the super admin on the platform host', async () => {
      const res = await t.call(null, { method: 'POST', url: '/api/master/login', payload: SUPER_ADMIN });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'SUPER_ADMIN', tenantId: null, email: SUPER_ADMIN.email });
      const me = await t.call(null, { method: 'GET', url: '/api/me', token: res.json().accessToken });
      expect(me.json()).toMatchObject({ role: 'SUPER_ADMIN', email: SUPER_ADMIN.email });
    });

    it('signs in the tenant admin with the mailed password on the tenant host and refuses a USER', async () => {
      const password = passwordFrom(await t.mail.latest('boss@acme.test'));
      const res = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/master/login',
        payload: { email: 'boss@acme.test', password },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ role: 'TENANT_ADMIN', tenantId: acme.tenantId, resetPasswordRequired: true });

      const user = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/master/login',
        payload: { email: 'ravi@example.com', password: 'ravi-pass-1' },
      });
      expect(user.statusCode).toBe(403);
      expect(user.json().message).toBe('Unauthorized role. This sign-in is for SUPER_ADMIN and TENANT_ADMIN only.');
    });

    it('does not accept the super admin on a tenant host', async () => {
      const res = await t.call(acme.tenantId, { method: 'POST', url: '/api/master/login', payload: SUPER_ADMIN });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('tokens', () => {
    it('answers 401 without a token, with a forged one, and 403 on another tenant host', async () => {
      expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/me' })).statusCode).toBe(401);
      expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/me', token: 'abc.def.ghi' })).statusCode).toBe(
        401,
      );
      const token = await t.userToken(acme);
      expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/me', token })).statusCode).toBe(200);
      const crossed = await t.call(other.tenantId, { method: 'GET', url: '/api/me', token });
      expect(crossed.statusCode).toBe(403);
      expect(crossed.json().message).toBe('This sign-in belongs to another company.');
      const onPlatform = await t.call(null, { method: 'GET', url: '/api/me', token });
      expect(onPlatform.statusCode).toBe(403);
      const admin = await t.superAdminToken();
      expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/me', token: admin })).statusCode).toBe(403);
    });
  });

  describe('token age', () => {
    const key = new TextEncoder().encode(JWT_SECRET);
    const nowS = () => Math.floor(Date.now() / 1000);
    /** A token for a real user, re-signed with the right secret but the given times. */
    const forge = async (times: { iat?: number; exp?: number }) => {
      const { sub, tid, role, ver } = decodeJwt(await t.userToken(acme));
      let jwt = new SignJWT({ tid, role, ver }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub as string);
      if (times.iat !== undefined) jwt = jwt.setIssuedAt(times.iat);
      if (times.exp !== undefined) jwt = jwt.setExpirationTime(times.exp);
      return jwt.sign(key);
    };
    const me = (token: string) => t.call(acme.tenantId, { method: 'GET', url: '/api/me', token });

    it('accepts a token with fresh iat and exp', async () => {
      expect((await me(await forge({ iat: nowS(), exp: nowS() + 3600 }))).statusCode).toBe(200);
    });

    it('refuses a token without exp', async () => {
      const res = await me(await forge({ iat: nowS() }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Session expired. Please log in again.' });
    });

    it('refuses a token without iat', async () => {
      expect((await me(await forge({ exp: nowS() + 3600 }))).statusCode).toBe(401);
    });

    it('refuses a token issued more than 12 hours ago, whatever its exp says', async () => {
      const res = await me(await forge({ iat: nowS() - 12 * 3600 - 120, exp: nowS() + 365 * 24 * 3600 }));
      expect(res.statusCode).toBe(401);
    });

    it('refuses a token issued in the future', async () => {
      expect((await me(await forge({ iat: nowS() + 3600, exp: nowS() + 7200 }))).statusCode).toBe(401);
    });

    /** A token for a real user with some claims replaced, signed with the right secret. */
    const withClaims = async (change: { sub?: string; tid?: unknown }) => {
      const claims = decodeJwt(await t.userToken(acme));
      return new SignJWT({ tid: 'tid' in change ? change.tid : claims.tid, role: claims.role, ver: claims.ver })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(change.sub ?? (claims.sub as string))
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key);
    };

    it.each(['1e0', '0x1', ' 1', '01', 'abc', '99999999999999999999'])(
      'refuses a subject that is not a plain user id (%j) with 401',
      async (sub) => {
        const res = await me(await withClaims({ sub }));
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ message: 'Session expired. Please log in again.' });
      },
    );

    it('refuses a company claim that is neither a company id nor null, instead of reading it as the platform', async () => {
      const token = await withClaims({ tid: 123 });
      expect((await t.call(null, { method: 'GET', url: '/api/me', token })).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(401);
    });
  });
});
