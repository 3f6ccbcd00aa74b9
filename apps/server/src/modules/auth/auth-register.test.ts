import { describe, expect, it } from 'vitest';
import { authSuite } from '../../../test/auth-suite.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('auth registration on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  const { register, login, approve, linkFrom, verify } = authSuite(engine, (v) => ({ t, acme, other } = v));

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
});
