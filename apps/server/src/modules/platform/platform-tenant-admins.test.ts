import { describe, expect, it } from 'vitest';
import { engines, type TestContext } from '../../../test/helpers.js';
import { platformSuite } from '../../../test/platform-suite.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('super admin managing tenant admins on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  let globex: TenantRecord;
  const { get } = platformSuite(engine, (v) => ({ t, admin, acme, globex } = v));

  describe('managing tenant admins', () => {
    const send = (
      method: 'POST' | 'PATCH',
      url: string,
      payload?: object,
      token: string | null = admin,
      tenantId: string | null = null,
    ) => t.call(tenantId, { method, url, token: token ?? undefined, ...(payload ? { payload } : {}) });
    const masterLogin = (tenant: TenantRecord, email: string, password: string) =>
      t.call(tenant.tenantId, { method: 'POST', url: '/api/master/login', payload: { email, password } });
    const adminsOf = async (tenant: TenantRecord) =>
      ((await get('/api/admin/tenant-admins')).json() as Array<{ tenantId: string; id: number; email: string }>).filter(
        (a) => a.tenantId === tenant.tenantId,
      );
    const idOf = async (tenant: TenantRecord, email: string) => {
      const found = (await adminsOf(tenant)).find((a) => a.email === email);
      if (!found) throw new Error(`${email} is not an admin of ${tenant.tenantId}`);
      return found.id;
    };

    it('creates a tenant admin for the chosen company; the mailed password works once and forces a reset', async () => {
      const res = await send('POST', '/api/admin/tenant-admins', {
        tenantId: globex.tenantId,
        name: ' Priya Shah ',
        email: 'Priya@Globex.test',
      });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({
        tenantId: globex.tenantId,
        id: expect.any(Number),
        message:
          'Tenant admin created. A password was emailed to priya@globex.test; it must be changed at first sign-in.',
      });
      expect((await adminsOf(globex)).map((a) => a.email)).toContain('priya@globex.test');
      expect((await adminsOf(acme)).map((a) => a.email)).not.toContain('priya@globex.test');

      const mail = await t.mail.latest('priya@globex.test');
      expect(mail.text).toContain('Hello Priya Shah,');
      expect(mail.text).toContain(`http://${globex.tenantId}.localhost:8080/admin/login`);
      const login = await masterLogin(globex, 'priya@globex.test', passwordFrom(mail));
      expect(login.statusCode).toBe(200);
      expect(login.json()).toMatchObject({ role: 'TENANT_ADMIN', resetPasswordRequired: true });
      // Only in the chosen company.
      expect((await masterLogin(acme, 'priya@globex.test', passwordFrom(mail))).statusCode).toBe(401);
    });

    it('refuses bad input with a message naming the field', async () => {
      const cases: Array<[object, number, string]> = [
        [{ tenantId: globex.tenantId, name: '', email: 'x@globex.test' }, 400, 'Name is required'],
        [{ tenantId: globex.tenantId, name: 'X', email: 'not-an-email' }, 400, 'Enter a valid email address'],
        [{ tenantId: 'Bad Tenant!', name: 'X', email: 'x@globex.test' }, 400, 'Tenant ID must be'],
        [{ tenantId: 'nosuchcompany', name: 'X', email: 'x@globex.test' }, 400, 'Tenant not found.'],
        [{ tenantId: globex.tenantId, name: 'X', email: 'owner@globex.test' }, 409, 'Email already exists'],
      ];
      for (const [payload, status, message] of cases) {
        const res = await send('POST', '/api/admin/tenant-admins', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(status);
        expect(res.json().message).toContain(message);
      }
      const unknown = await send('POST', '/api/admin/tenant-admins', {
        tenantId: 'nosuchcompany',
        name: 'X',
        email: 'x@globex.test',
      });
      expect(unknown.json().fields).toEqual({ tenantId: 'Choose an existing tenant.' });
    });

    it('disables a tenant admin, ending their session and sign-in, and enables them again', async () => {
      const email = 'disable-me@acme.test';
      const token = await t.userToken(acme, 'TENANT_ADMIN', email);
      const id = await idOf(acme, email);
      const url = `/api/admin/tenant-admins/${acme.tenantId}/${id}`;

      const off = await send('PATCH', url, { enabled: false });
      expect(off.statusCode).toBe(200);
      expect(off.json()).toMatchObject({ tenantId: acme.tenantId, id, email, enabled: false });
      expect((await get('/api/tenant-admin/users', token, acme.tenantId)).statusCode).toBe(401);
      const refused = await masterLogin(acme, email, 'user-password-1');
      expect(refused.statusCode).toBe(403);

      const on = await send('PATCH', url, { enabled: true });
      expect(on.statusCode).toBe(200);
      expect(on.json().enabled).toBe(true);
      expect((await masterLogin(acme, email, 'user-password-1')).statusCode).toBe(200);

      const bad = await send('PATCH', url, { enabled: 'no' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Enabled must be true or false');
    });

    it('resets a tenant admin password by mail: the old one stops working, the new one forces a reset', async () => {
      const email = 'reset-me@acme.test';
      await t.userToken(acme, 'TENANT_ADMIN', email);
      const id = await idOf(acme, email);
      const res = await send('POST', `/api/admin/tenant-admins/${acme.tenantId}/${id}/reset-password`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: `A temporary password was emailed to ${email}. They must choose a new one at sign-in.`,
      });
      const mail = await t.mail.latest(email);
      expect(mail.subject).toBe(`Your new Plotbook password for ${acme.tenantId}`);
      expect(mail.text).toContain(`http://${acme.tenantId}.localhost:8080/admin/login`);
      expect((await masterLogin(acme, email, 'user-password-1')).statusCode).toBe(401);
      const login = await masterLogin(acme, email, passwordFrom(mail));
      expect(login.statusCode).toBe(200);
      expect(login.json().resetPasswordRequired).toBe(true);
    });

    it("reaches only the named company's admins: a USER's id, another company's id and unknown ids are 404", async () => {
      await t.userToken(acme, 'USER', 'plain-user@acme.test');
      const userId = (
        await t.asTenant(acme, (tdb) =>
          tdb.selectFrom('users').select('id').where('email_id', '=', 'plain-user@acme.test').executeTakeFirstOrThrow(),
        )
      ).id;
      const globexAdmin = await idOf(globex, 'owner@globex.test');
      const acmeIds = new Set((await adminsOf(acme)).map((a) => a.id));
      const foreignId = acmeIds.has(globexAdmin) ? 999_999 : globexAdmin;
      for (const [tenantId, id, message] of [
        [acme.tenantId, userId, 'Tenant admin not found.'],
        [acme.tenantId, foreignId, 'Tenant admin not found.'],
        [acme.tenantId, 999_999, 'Tenant admin not found.'],
        ['nosuchcompany', 1, 'Tenant not found.'],
      ] as const) {
        const patch = await send('PATCH', `/api/admin/tenant-admins/${tenantId}/${id}`, { enabled: false });
        expect(patch.statusCode).toBe(404);
        expect(patch.json()).toEqual({ message });
        const reset = await send('POST', `/api/admin/tenant-admins/${tenantId}/${id}/reset-password`);
        expect(reset.statusCode).toBe(404);
      }
      // The USER was left alone.
      expect(
        (
          await t.call(acme.tenantId, {
            method: 'POST',
            url: '/api/login',
            payload: { emailId: 'plain-user@acme.test', password: 'user-password-1' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('is for the super admin on the platform host only', async () => {
      const tenantAdmin = await t.userToken(acme, 'TENANT_ADMIN');
      const user = await t.userToken(acme, 'USER');
      const ownerId = await idOf(acme, 'owner@acme.test');
      const calls: Array<[method: 'POST' | 'PATCH', url: string, payload?: object]> = [
        ['POST', '/api/admin/tenant-admins', { tenantId: acme.tenantId, name: 'Intruder', email: 'in@acme.test' }],
        ['PATCH', `/api/admin/tenant-admins/${acme.tenantId}/${ownerId}`, { enabled: false }],
        ['POST', `/api/admin/tenant-admins/${acme.tenantId}/${ownerId}/reset-password`],
      ];
      for (const [method, url, payload] of calls) {
        expect((await send(method, url, payload, null)).statusCode).toBe(401);
        expect((await send(method, url, payload, tenantAdmin, acme.tenantId)).statusCode).toBe(403);
        expect((await send(method, url, payload, user, acme.tenantId)).statusCode).toBe(403);
        expect((await send(method, url, payload, tenantAdmin)).statusCode).toBe(403);
        expect((await send(method, url, payload, admin, acme.tenantId)).statusCode).toBe(403);
      }
      // Nothing was changed by the refused calls.
      expect((await adminsOf(acme)).map((a) => a.email)).not.toContain('in@acme.test');
      const owner = (await get('/api/admin/tenant-admins'))
        .json()
        .find((a: { id: number; tenantId: string }) => a.tenantId === acme.tenantId && a.id === ownerId);
      expect(owner.enabled).toBe(true);
      expect(
        t.mail.messages.filter((m) => m.to.includes('owner@acme.test') && /new Plotbook password/.test(m.subject)),
      ).toEqual([]);
    });
  });
});
