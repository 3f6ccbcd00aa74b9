import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { engines, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import { tenantAdminSuite } from '../../../test/tenant-admin-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { insertProject } from '../projects/project-writes.repository.js';

describe.each(engines)('tenant admin user management on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let admin: string;
  let adminId: number;
  const { member, signIn, me, setEnabled, resetPassword, createUser } = tenantAdminSuite(
    engine,
    (v) => ({ t, acme, admin, adminId } = v),
  );

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
        totalAmountPaise: paise(1_000_000),
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
});
