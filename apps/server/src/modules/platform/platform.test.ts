import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, JWT_SECRET, platformCount, SUPER_ADMIN, type TestContext } from '../../../test/helpers.js';
import { platformSuite } from '../../../test/platform-suite.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('super admin platform screens on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;
  let globex: TenantRecord;
  const { get } = platformSuite(engine, (v) => ({ t, admin, acme, globex } = v));

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

      // The mail is written in the background (its answer must not wait for it): read until it is there.
      let res = await call('/api/admin/outbox');
      for (let i = 0; i < 100 && res.json()[0]?.recipient !== SUPER_ADMIN.email; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        res = await call('/api/admin/outbox');
      }
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
