import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  engines,
  JWT_SECRET,
  platformCount,
  SUPER_ADMIN,
  type TestContext,
} from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('super admin platform screens on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  let globex: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await t.superAdminToken();
    acme = await t.createTenant('acme', 'owner@acme.test');
    globex = await t.createTenant('globex', 'owner@globex.test');
  });
  afterAll(() => t.close());

  const get = (url: string, token: string | null = admin, tenantId: string | null = null) =>
    t.call(tenantId, { method: 'GET', url, token: token ?? undefined });

  it("lists every tenant's admins, and only admins, without password hashes", async () => {
    await t.userToken(acme, 'TENANT_ADMIN', 'second@acme.test');
    await t.userToken(globex, 'USER', 'worker@globex.test');
    const res = await get('/api/admin/tenant-admins');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    const mine = rows.filter((r) => r.tenantId === acme.tenantId || r.tenantId === globex.tenantId);
    expect(mine.map((r) => [r.tenantId, r.email])).toEqual([
      [acme.tenantId, 'owner@acme.test'],
      [acme.tenantId, 'second@acme.test'],
      [globex.tenantId, 'owner@globex.test'],
    ]);
    expect(mine[0]).toEqual({
      tenantId: acme.tenantId,
      id: expect.any(Number),
      name: 'Administrator',
      email: 'owner@acme.test',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      enabled: true,
    });
    expect(res.body).not.toMatch(/hash|argon|password/i);
  });

  it('shows the platform settings without secrets', async () => {
    const res = await get('/api/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      baseDomain: 'localhost',
      mailTransport: 'smtp',
      mailFrom: 'Plotbook <no-reply@plotbook.local>',
      tenants: await platformCount(t.db, 'tenants'),
    });
    expect(res.body).not.toMatch(/smtp:\/\/|secret|password/i);
  });

  it('has an empty outbox when mail goes out over SMTP', async () => {
    const res = await get('/api/admin/outbox');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('is for the super admin on the platform host: 401 without a token, 403 for company accounts', async () => {
    const tenantAdmin = await t.userToken(acme, 'TENANT_ADMIN');
    const user = await t.userToken(acme, 'USER');
    for (const url of ['/api/admin/tenant-admins', '/api/admin/settings', '/api/admin/outbox']) {
      expect((await get(url, null)).statusCode).toBe(401);
      expect((await get(url, tenantAdmin)).statusCode).toBe(403);
      expect((await get(url, tenantAdmin, acme.tenantId)).statusCode).toBe(403);
      expect((await get(url, user, acme.tenantId)).statusCode).toBe(403);
      expect((await get(url, admin, acme.tenantId)).statusCode).toBe(403);
    }
  });

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

  describe('without SMTP', () => {
    let outboxApp: FastifyInstance;
    let token: string;

    beforeAll(async () => {
      // A second app on the same database, configured without SMTP so mail is kept in the outbox.
      outboxApp = await buildApp({
        config: loadConfig({ BASE_DOMAIN: 'localhost', LOG_LEVEL: 'silent' }),
        database: { kind: engine.name, db: t.db, close: async () => {} },
        jwtSecret: JWT_SECRET,
        logger: false,
      });
      const login = await outboxApp.inject({
        method: 'POST',
        url: '/api/master/login',
        headers: { host: 'localhost' },
        payload: SUPER_ADMIN,
      });
      token = login.json().accessToken;
    });
    afterAll(() => outboxApp.close());

    const call = (url: string, method: 'GET' | 'POST' = 'GET') =>
      outboxApp.inject({ method, url, headers: { host: 'localhost', authorization: `Bearer ${token}` } });

    it('reports the outbox transport and lists the newest 100 kept messages, newest first', async () => {
      expect((await call('/api/admin/settings')).json().mailTransport).toBe('outbox');
      await platformDb(t.db)
        .insertInto('mail_outbox')
        .values(Array.from({ length: 105 }, (_, i) => ({ recipient: `r${i}@x.test`, subject: `S${i}`, body: 'b' })))
        .execute();
      const sent = await call(`/api/forgot-password?email=${encodeURIComponent(SUPER_ADMIN.email)}`, 'POST');
      expect(sent.statusCode).toBe(200);

      const res = await call('/api/admin/outbox');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      expect(rows).toHaveLength(100);
      expect(rows[0]).toEqual({
        id: expect.any(Number),
        recipient: SUPER_ADMIN.email,
        subject: 'Your Plotbook temporary password',
        body: expect.stringContaining('Temporary password:'),
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        delivered: false,
      });
      expect(rows[1]).toMatchObject({ recipient: 'r104@x.test' });
      // The forgot-password mail and the 99 newest of the 105 inserted.
      expect(rows.at(-1)).toMatchObject({ recipient: 'r6@x.test' });
    });
  });
});
