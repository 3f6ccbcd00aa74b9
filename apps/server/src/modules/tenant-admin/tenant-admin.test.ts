import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, JWT_SECRET, runId, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { platformDb, type TenantRecord } from '../../db/tenancy.js';
import { hashPassword } from '../../lib/passwords.js';
import { insertUser } from '../auth/auth.repository.js';
import { insertProject } from '../projects/project-writes.repository.js';

describe.each(engines)('tenant admin user management on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let admin: string;
  let adminId: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme');
    globex = await t.createTenant('globex');
    admin = await t.userToken(acme, 'TENANT_ADMIN', 'admin@acme.test');
    adminId = await idOf(acme, 'admin@acme.test');
  });
  afterAll(() => t.close());

  async function idOf(tenant: TenantRecord, email: string): Promise<number> {
    const row = await t.asTenant(tenant, (tdb) =>
      tdb.selectFrom('users').select('id').where('email_id', '=', email).executeTakeFirstOrThrow(),
    );
    return row.id;
  }

  /** A USER of acme with a known password, and a live token. */
  async function member(password = 'member-pass-1') {
    const email = `member-${runId()}@acme.test`;
    const passwordHash = await hashPassword(password);
    const inserted = await t.asTenant(acme, (tdb) =>
      insertUser(tdb, {
        userName: 'Member',
        emailId: email,
        mobileNumber: '9000000000',
        city: 'Pune',
        passwordHash,
        role: 'USER',
        resetPasswordRequired: false,
      }),
    );
    const login = await signIn(email, password);
    expect(login.statusCode).toBe(200);
    return { id: inserted?.id as number, email, password, token: login.json().token as string };
  }

  const signIn = (emailId: string, password: string) =>
    t.call(acme.tenantId, { method: 'POST', url: '/api/login', payload: { emailId, password } });
  const me = (token: string) => t.call(acme.tenantId, { method: 'GET', url: '/api/me', token });
  const setEnabled = (id: number, enabled: unknown, token = admin) =>
    t.call(acme.tenantId, { method: 'PATCH', url: `/api/tenant-admin/users/${id}`, token, payload: { enabled } });
  const resetPassword = (id: number, token = admin) =>
    t.call(acme.tenantId, { method: 'POST', url: `/api/tenant-admin/users/${id}/reset-password`, token });
  const createUser = (payload: object, token = admin) =>
    t.call(acme.tenantId, { method: 'POST', url: '/api/tenant-admin/users', token, payload });

  it('summarises the tenant for the dashboard', async () => {
    const before = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/summary', token: admin });
    expect(before.statusCode).toBe(200);
    const users = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    );
    expect(before.json()).toEqual({ tenantId: acme.tenantId, users: Number(users.n), projects: 0 });
    await t.asTenant(acme, (tdb) =>
      insertProject(tdb, {
        projectName: 'Green Acres',
        city: 'Pune',
        totalArea: 1000,
        totalRate: 10,
        totalAmountPaise: 1_000_000,
        saleableOption: false,
        roadArea: 0,
        mandirArea: 0,
        amenitiesArea: 0,
        saleableArea: 1000,
      }),
    );
    const after = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/summary', token: admin });
    expect(after.json().projects).toBe(1);
  });

  it('lists the tenant users without password hashes', async () => {
    await member();
    const res = await t.call(acme.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token: admin });
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Array<Record<string, unknown>>;
    expect(rows).toContainEqual(
      expect.objectContaining({ id: adminId, email: 'admin@acme.test', role: 'TENANT_ADMIN', enabled: true }),
    );
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(
      ['city', 'createdAt', 'email', 'enabled', 'id', 'mobileNumber', 'name', 'role'].sort(),
    );
    expect(res.body).not.toMatch(/hash|argon|password/i);
  });

  it('creates a user with a password, and one without whose mailed password forces a reset', async () => {
    const withPassword = await createUser({
      name: 'Kiran',
      email: 'Kiran@Acme.test',
      password: 'kiran-pass-1',
      mobileNumber: '9000000001',
      city: 'Nashik',
    });
    expect(withPassword.statusCode).toBe(201);
    expect(withPassword.json()).toEqual({ id: expect.any(Number), message: 'User created successfully' });
    expect((await signIn('kiran@acme.test', 'kiran-pass-1')).json().resetPasswordRequired).toBe(false);

    const generated = await createUser({
      name: 'Meera',
      email: 'meera@acme.test',
      password: '',
      mobileNumber: '9000000002',
      city: 'Pune',
      role: 'TENANT_ADMIN',
    });
    expect(generated.statusCode).toBe(201);
    const mail = await t.mail.latest('meera@acme.test');
    expect(mail.text).toContain(`http://${acme.tenantId}.localhost:8080/admin/login`);
    const login = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/master/login',
      payload: { email: 'meera@acme.test', password: passwordFrom(mail) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'TENANT_ADMIN', resetPasswordRequired: true });
  });

  it('validates a new user and refuses a duplicate email with 409', async () => {
    const bad = await createUser({ name: ' ', email: 'x', mobileNumber: 'abc', city: '', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      name: 'Name is required',
      email: 'Enter a valid email address',
      mobileNumber: 'Enter a valid mobile number, e.g. 98220 11111',
      city: 'City is required',
      password: 'Password must be at least 8 characters',
    });
    const dup = await createUser({
      name: 'Admin again',
      email: 'ADMIN@acme.test',
      password: 'another-pass-1',
      mobileNumber: '9000000003',
      city: 'Pune',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Email already exists in this tenant.');
  });

  it('disables a user: their token stops working at once and they cannot sign in until re-enabled', async () => {
    const m = await member();
    expect((await me(m.token)).statusCode).toBe(200);

    const disabled = await setEnabled(m.id, false);
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json()).toMatchObject({ id: m.id, email: m.email, enabled: false });
    expect(disabled.body).not.toMatch(/hash/i);
    expect((await me(m.token)).statusCode).toBe(401);
    const refused = await signIn(m.email, m.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is disabled. Please contact your administrator.');

    const enabled = await setEnabled(m.id, true);
    expect(enabled.json()).toMatchObject({ id: m.id, enabled: true });
    expect((await signIn(m.email, m.password)).statusCode).toBe(200);
    // The old session stays ended.
    expect((await me(m.token)).statusCode).toBe(401);
  });

  it('does not let an admin disable themself, validates the body and answers 404 for an unknown user', async () => {
    const self = await setEnabled(adminId, false);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot disable your own account.');
    expect((await me(admin)).statusCode).toBe(200);
    const bad = await setEnabled(adminId, 'no');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ enabled: 'Enabled must be true or false' });
    expect((await setEnabled(999999, false)).statusCode).toBe(404);
  });

  it('resets a password: mails a temporary one, ends old sessions and forces a new password', async () => {
    const m = await member();
    const res = await resetPassword(m.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toContain(m.email);
    expect(res.body).not.toMatch(/Temporary password:/);

    const mail = await t.mail.latest(m.email);
    expect(mail.text).toContain(`http://${acme.tenantId}.localhost:8080/login`);
    const temporary = passwordFrom(mail);
    expect((await me(m.token)).statusCode).toBe(401);
    expect((await signIn(m.email, m.password)).statusCode).toBe(401);
    const login = await signIn(m.email, temporary);
    expect(login.statusCode).toBe(200);
    expect(login.json().resetPasswordRequired).toBe(true);
    const reset = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/resetPwd',
      payload: { emailId: m.email, oldPwd: temporary, newPwd: 'brand-new-pass-1' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(m.email, 'brand-new-pass-1')).json().resetPasswordRequired).toBe(false);

    expect((await resetPassword(999999)).statusCode).toBe(404);
  });

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
