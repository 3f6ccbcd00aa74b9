import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('auth on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine, { throttle: { perEmail: 3, perIp: 1000, windowMs: 60_000 } });
    acme = await t.createTenant('acme', 'boss@acme.test');
    other = await t.createTenant('other');
  });
  afterAll(() => t.close());

  const register = (tenantId: string, payload: object, host = tenantId) =>
    t.call(host, { method: 'POST', url: `/api/admin/tenants/${tenantId}/register`, payload });
  const login = (tenantId: string, emailId: string, password: string) =>
    t.call(tenantId, { method: 'POST', url: '/api/login', payload: { emailId, password } });

  describe('register', () => {
    const person = { userName: 'Asha Patil', emailId: 'Asha@Example.com', mobileNumber: '9876543210', city: 'Nagpur' };

    it('registers with a blank password, mails a generated one, and forces a reset at first login', async () => {
      const res = await register(acme.tenantId, { ...person, password: '' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        success: true,
        message: 'Registration successful! Please check your email for your password.',
      });

      const mail = await t.mail.latest('asha@example.com');
      expect(mail.subject).toBe(`Your Plotbook account for ${acme.tenantId}`);
      const password = passwordFrom(mail);
      expect(password).toHaveLength(12);

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

    it('refuses a second registration with the same email in the tenant (409) but allows it in another', async () => {
      const payload = { ...person, emailId: 'dup@example.com', password: 'password-123' };
      expect((await register(acme.tenantId, payload)).statusCode).toBe(201);
      const again = await register(acme.tenantId, { ...payload, emailId: 'DUP@example.com' });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Email already exists in this tenant.');
      expect((await register(other.tenantId, payload)).statusCode).toBe(201);
      // No mail is sent when the user chose a password.
      expect(t.mail.countFor('dup@example.com')).toBe(0);
    });

    it.each([
      [{ userName: '' }, 'userName', 'Full name is required'],
      [{ emailId: 'not-an-email' }, 'emailId', 'Enter a valid email address'],
      [{ mobileNumber: '12ab' }, 'mobileNumber', 'Mobile number must be 7 to 15 digits'],
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
      await register(acme.tenantId, {
        userName: 'Ravi',
        emailId: 'ravi@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'ravi-pass-1',
      });
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

    it('rate-limits repeated failures for one email with 429', async () => {
      await register(acme.tenantId, {
        userName: 'Limit',
        emailId: 'limit@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'limit-pass-1',
      });
      for (let i = 0; i < 3; i++)
        expect((await login(acme.tenantId, 'limit@example.com', 'bad-bad-bad')).statusCode).toBe(401);
      const blocked = await login(acme.tenantId, 'limit@example.com', 'limit-pass-1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    });
  });

  describe('throttling', () => {
    it('counts attempts sent together, so parallel guesses cannot pass the limit', async () => {
      await register(acme.tenantId, {
        userName: 'Par',
        emailId: 'par@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'par-pass-12',
      });
      const results = await Promise.all(
        Array.from({ length: 12 }, () => login(acme.tenantId, 'par@example.com', 'wrong-guess')),
      );
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 401)).toHaveLength(3);
      expect(codes.filter((c) => c === 429)).toHaveLength(9);
    });

    it('locks an email on one company only', async () => {
      await register(other.tenantId, {
        userName: 'Par',
        emailId: 'par@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'par-pass-12',
      });
      expect((await login(other.tenantId, 'par@example.com', 'par-pass-12')).statusCode).toBe(200);
    });

    it('throttles reset-password guesses like sign-in', async () => {
      await register(acme.tenantId, {
        userName: 'Rst',
        emailId: 'rst@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'rst-pass-12',
      });
      const reset = (oldPwd: string) =>
        t.call(acme.tenantId, {
          method: 'POST',
          url: '/api/resetPwd',
          payload: { emailId: 'rst@example.com', oldPwd, newPwd: 'rst-new-pass-1' },
        });
      for (let i = 0; i < 3; i++) expect((await reset('guess-guess')).statusCode).toBe(400);
      const blocked = await reset('rst-pass-12');
      expect(blocked.statusCode).toBe(429);
    });

    it('builds mailed links from the checked host, not from X-Forwarded-Host', async () => {
      await register(acme.tenantId, {
        userName: 'Link',
        emailId: 'link@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'link-pass-12',
      });
      await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/forgot-password?email=link@example.com',
        headers: { 'x-forwarded-host': 'evil.example.net' },
      });
      const mail = await t.mail.latest('link@example.com');
      expect(mail.text).toContain(`http://${acme.tenantId}.localhost/login`);
      expect(mail.text).not.toContain('evil');
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
      await register(acme.tenantId, {
        userName: 'Meera',
        emailId: 'meera@example.com',
        mobileNumber: '9123456780',
        city: 'Pune',
        password: 'meera-pass-1',
      });
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
});
