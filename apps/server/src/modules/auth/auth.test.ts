import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { authSuite } from '../../../test/auth-suite.js';
import { engines, JWT_SECRET, PUBLIC_URL, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('auth on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  const { login, linkFrom } = authSuite(engine, (v) => ({ t, acme, other } = v));

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
