import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, JWT_SECRET, type TestContext } from '../../../test/helpers.js';
import { tenantAdminSuite } from '../../../test/tenant-admin-suite.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from '../auth/auth.repository.js';

describe.each(engines)('tenant admin access on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let admin: string;
  let adminId: number;
  const { member, signIn, setEnabled, resetPassword } = tenantAdminSuite(
    engine,
    (v) => ({ t, acme, globex, admin, adminId } = v),
  );

  it('is for the tenant admin of this host only: 401 without a token, 403 otherwise', async () => {
    const user = (await member()).token;
    const otherAdmin = await t.userToken(globex, 'TENANT_ADMIN');
    const superAdmin = await t.superAdminToken();
    const calls = [
      { method: 'GET' as const, url: '/api/tenant-admin/summary' },
      { method: 'GET' as const, url: '/api/tenant-admin/users' },
      {
        method: 'POST' as const,
        url: '/api/tenant-admin/users',
        payload: { name: 'N', email: 'n@acme.test', mobileNumber: '9000000009', city: 'Pune', password: 'pass-pass-1' },
      },
      { method: 'PATCH' as const, url: `/api/tenant-admin/users/${adminId}`, payload: { enabled: true } },
      { method: 'POST' as const, url: `/api/tenant-admin/users/${adminId}/reset-password` },
    ];
    for (const call of calls) {
      expect((await t.call(acme.tenantId, call)).statusCode).toBe(401);
      expect((await t.call(acme.tenantId, { ...call, token: user })).statusCode).toBe(403);
      expect((await t.call(acme.tenantId, { ...call, token: otherAdmin })).statusCode).toBe(403);
      expect((await t.call(acme.tenantId, { ...call, token: superAdmin })).statusCode).toBe(403);
      // An acme admin's token is refused on the platform host and on another company's host.
      expect((await t.call(null, { ...call, token: admin })).statusCode).toBe(403);
      expect((await t.call(globex.tenantId, { ...call, token: admin })).statusCode).toBe(403);
    }
    expect((await signIn('n@acme.test', 'pass-pass-1')).statusCode).toBe(401);
  });

  it("cannot reach another tenant's users: their ids are unknown here", async () => {
    const passwordHash = await hashPassword('globex-pass-1');
    const ids = await t.asTenant(globex, async (tdb) => {
      const out: number[] = [];
      for (let i = 0; i < 40; i++) {
        const row = await insertUser(tdb, {
          userName: `Globex ${i}`,
          emailId: `g${i}@globex.test`,
          mobileNumber: null,
          city: null,
          passwordHash,
          role: 'USER',
          resetPasswordRequired: false,
        });
        out.push(row?.id as number);
      }
      return out;
    });
    const foreignId = Math.max(...ids);
    const acmeIds = await t.asTenant(acme, (tdb) => tdb.selectFrom('users').select('id').execute());
    expect(acmeIds.map((r) => r.id)).not.toContain(foreignId);

    expect((await setEnabled(foreignId, false)).statusCode).toBe(404);
    expect((await resetPassword(foreignId)).statusCode).toBe(404);
    const list = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token: admin });
    expect(list.body).not.toContain('globex.test');
    const untouched = await t.asTenant(globex, (tdb) =>
      tdb
        .selectFrom('users')
        .select(['enabled', 'token_version'])
        .where('id', '=', foreignId)
        .executeTakeFirstOrThrow(),
    );
    expect(untouched).toEqual({ enabled: true, token_version: 0 });
  });

  describe('without SMTP', () => {
    let outboxApp: FastifyInstance;

    beforeAll(async () => {
      // A second app on the same database whose mail is kept in the platform outbox.
      outboxApp = await buildApp({
        config: loadConfig({ BASE_DOMAIN: 'localhost', LOG_LEVEL: 'silent' }),
        database: { kind: engine.name, db: t.db, close: async () => {} },
        jwtSecret: JWT_SECRET,
        logger: false,
      });
    });
    afterAll(() => outboxApp.close());

    it('keeps the reset mail in the outbox (sent after the change commits, so the embedded database never waits on itself)', async () => {
      const m = await member();
      const res = await outboxApp.inject({
        method: 'POST',
        url: `/api/tenant-admin/users/${m.id}/reset-password`,
        headers: { host: `${acme.tenantId}.localhost`, authorization: `Bearer ${admin}` },
      });
      expect(res.statusCode).toBe(200);
      const kept = await platformDb(t.db)
        .selectFrom('mail_outbox')
        .select(['subject', 'body'])
        .where('recipient', '=', m.email)
        .executeTakeFirstOrThrow();
      expect(kept.body).toMatch(/Temporary password: \S+/);
    });
  });
});
