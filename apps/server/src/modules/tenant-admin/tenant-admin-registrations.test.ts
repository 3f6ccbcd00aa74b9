import { describe, expect, it } from 'vitest';
import { engines, runId, type TestContext } from '../../../test/helpers.js';
import { tenantAdminSuite } from '../../../test/tenant-admin-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('tenant admin pending registrations on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let admin: string;
  const { idOf, member, signIn, me } = tenantAdminSuite(engine, (v) => ({ t, acme, globex, admin } = v));

  describe('pending registrations', () => {
    const registerAt = (tenant: TenantRecord, emailId: string) =>
      t.call(tenant.tenantId, {
        method: 'POST',
        url: `/api/admin/tenants/${tenant.tenantId}/register`,
        payload: {
          userName: 'Newcomer',
          emailId,
          mobileNumber: '9876543210',
          city: 'Pune',
          password: 'newcomer-pass-1',
        },
      });
    const pending = (token = admin, tenant = acme) =>
      t.call(tenant.tenantId, { method: 'GET', url: '/api/tenant-admin/pending-users', token });
    const decide = (id: number, decision: 'approve' | 'reject', token = admin, tenant = acme) =>
      t.call(tenant.tenantId, { method: 'POST', url: `/api/tenant-admin/users/${id}/${decision}`, token });

    it('lists a self-registered user as pending, not among the users, until approved', async () => {
      const email = `pending-${runId()}@acme.test`;
      expect((await registerAt(acme, email)).statusCode).toBe(201);
      const list = await pending();
      expect(list.statusCode).toBe(200);
      const entry = (list.json() as { email: string }[]).find((u) => u.email === email);
      expect(entry).toMatchObject({
        name: 'Newcomer',
        email,
        mobileNumber: '+919876543210',
        city: 'Pune',
        emailVerified: false,
      });
      expect(Object.keys(entry ?? {}).sort()).toEqual(
        ['city', 'createdAt', 'email', 'emailVerified', 'id', 'mobileNumber', 'name'].sort(),
      );
      const users = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token: admin });
      expect((users.json() as { email: string }[]).map((u) => u.email)).not.toContain(email);

      const id = await idOf(acme, email);
      const approved = await decide(id, 'approve');
      expect(approved.statusCode).toBe(200);
      expect(approved.json()).toEqual({
        message: `${email} is approved and can sign in once their email is verified.`,
      });
      expect((await t.mail.latest(email)).text).toContain('First open the link in the email we sent you');
      expect(((await pending()).json() as { email: string }[]).map((u) => u.email)).not.toContain(email);
      const after = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token: admin });
      expect((after.json() as { email: string }[]).map((u) => u.email)).toContain(email);
      // Approving twice: it is no longer pending.
      const again = await decide(id, 'approve');
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ message: 'No registration is waiting with this id.' });
    });

    it('rejects a registration: the user is removed, cannot sign in, and the email may register again', async () => {
      const email = `reject-${runId()}@acme.test`;
      await registerAt(acme, email);
      const id = await idOf(acme, email);
      const rejected = await decide(id, 'reject');
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json()).toEqual({ message: `The registration of ${email} was rejected.` });
      const login = await signIn(email, 'newcomer-pass-1');
      expect(login.statusCode).toBe(401);
      expect((await registerAt(acme, email)).statusCode).toBe(201);
    });

    it('never approves or rejects an active user', async () => {
      const active = await member();
      expect((await decide(active.id, 'reject')).statusCode).toBe(404);
      expect((await decide(active.id, 'approve')).statusCode).toBe(404);
      expect((await me(active.token)).statusCode).toBe(200);
    });

    it('is for the tenant admin of this host only', async () => {
      const email = `guarded-${runId()}@acme.test`;
      await registerAt(acme, email);
      const id = await idOf(acme, email);
      const user = await member();
      expect((await pending(user.token)).statusCode).toBe(403);
      expect((await decide(id, 'approve', user.token)).statusCode).toBe(403);
      expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/pending-users' })).statusCode).toBe(
        401,
      );
      const globexAdmin = await t.userToken(globex, 'TENANT_ADMIN');
      // Another company's admin: the id is unknown there, and the token is refused on this host.
      expect((await decide(id, 'approve', globexAdmin, globex)).statusCode).toBe(404);
      expect((await decide(id, 'approve', globexAdmin)).statusCode).toBe(403);
      const still = (await pending()).json() as { email: string }[];
      expect(still.map((u) => u.email)).toContain(email);
    });
  });
});
