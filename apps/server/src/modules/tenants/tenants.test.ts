import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, engines, platformCount, type TestContext } from '../../../test/helpers.js';
import { passwordFrom } from '../../../test/smtp.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('platform tenants API on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  let acme: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    admin = await t.superAdminToken();
    acme = await t.createTenant('acme');
  });
  afterAll(() => t.close());

  const names = (suffix: string) => ({
    tenantId: `${t.prefix}-${suffix}`,
    dbName: `${t.prefix}_${suffix}`,
    dbUsername: `${t.prefix}_${suffix}_role`,
    dbPassword: 'a-db-password',
  });
  const create = (payload: object, token: string | null = admin) =>
    t.call(null, { method: 'POST', url: '/api/admin/create-tenant', token: token ?? undefined, payload });

  it('creates a tenant with its schema, role and first admin, whose mailed password works on the new host', async () => {
    const input = { ...names('fresh'), initialAdminEmail: 'Owner@Fresh.test' };
    const res = await create(input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ tenantId: input.tenantId, dbName: input.dbName, dbUsername: input.dbUsername });
    // Mailed over SMTP: nothing more to do.
    expect(res.json().notice).toBeNull();
    expect(res.body).not.toContain('a-db-password');

    const mail = await t.mail.latest('owner@fresh.test');
    expect(mail.text).toContain(`http://${input.tenantId}.localhost:8080/admin/login`);
    const login = await t.call(input.tenantId, {
      method: 'POST',
      url: '/api/master/login',
      payload: { email: 'owner@fresh.test', password: passwordFrom(mail) },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'TENANT_ADMIN', resetPasswordRequired: true });
    // The mailed password's token opens nothing until the password is reset.
    const early = await t.call(input.tenantId, {
      method: 'GET',
      url: '/api/dashboard',
      token: login.json().accessToken,
    });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toEqual({ message: 'Please reset your password before you continue.' });
    const reset = await t.call(input.tenantId, {
      method: 'POST',
      url: '/api/resetPwd',
      payload: { emailId: 'owner@fresh.test', oldPwd: passwordFrom(mail), newPwd: 'owner-new-pass-1' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.call(input.tenantId, {
      method: 'POST',
      url: '/api/master/login',
      payload: { email: 'owner@fresh.test', password: 'owner-new-pass-1' },
    });
    // The new company starts empty.
    const dash = await t.call(input.tenantId, {
      method: 'GET',
      url: '/api/dashboard',
      token: again.json().accessToken,
    });
    expect(dash.json()).toMatchObject({
      activeProjects: 0,
      totalPlots: 0,
      businessPartners: 0,
      totalRevenue: 0,
      recentProjects: [],
    });
    await t.call(null, { method: 'GET', url: '/api/admin/tenants', token: admin });
  });

  it('lists tenants without any password', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/admin/tenants', token: admin });
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<Record<string, unknown>>;
    const row = list.find((r) => r.tenantId === acme.tenantId);
    expect(row).toMatchObject({ dbName: acme.dbName, dbUsername: acme.dbUsername, cluster: 'main' });
    expect(Object.keys(row ?? {}).sort()).toEqual(['cluster', 'createdAt', 'dbName', 'dbUsername', 'tenantId']);
    expect(res.body).not.toMatch(/password/i);
  });

  it.each([
    ['tenantId', 'Bad Id', 'Tenant ID must be 2–40 lower-case letters, digits or - and start with a letter'],
    ['tenantId', 'admin', 'Tenant ID is a reserved name'],
    ['dbName', 'public', 'Database name is a reserved name'],
    ['dbName', 'x', 'Database name must be 3–41 lower-case letters, digits or _ and start with a letter'],
    ['dbUsername', 'Robert"; drop', 'DB username must be 3–41 lower-case letters, digits or _ and start with a letter'],
    ['dbPassword', 'short', 'DB password must be at least 8 characters'],
    ['initialAdminEmail', 'nope', 'Enter a valid email address'],
  ])('validates %s = %j', async (field, value, message) => {
    const res = await create({ ...names('v'), [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('answers 409 for a taken tenant id, database name or username and leaves nothing behind', async () => {
    const before = await platformCount(t.db, 'tenants');
    const sameId = await create({ ...names('other1'), tenantId: acme.tenantId });
    expect(sameId.statusCode).toBe(409);
    expect(sameId.json()).toEqual({
      message: 'Tenant ID already exists.',
      fields: { tenantId: 'Tenant ID already exists.' },
    });
    const sameDb = await create({ ...names('other2'), dbName: acme.dbName });
    expect(sameDb.statusCode).toBe(409);
    expect(sameDb.json().message).toBe('Database name is already in use.');
    const sameRole = await create({ ...names('other3'), dbUsername: acme.dbUsername });
    expect(sameRole.statusCode).toBe(409);
    expect(sameRole.json().message).toBe('DB username is already in use.');
    expect(await platformCount(t.db, 'tenants')).toBe(before);
  });

  it('is for the super admin only: 401 without a token, 403 for tenant roles', async () => {
    expect((await create(names('x1'), null)).statusCode).toBe(401);
    const tenantAdmin = await t.userToken(acme, 'TENANT_ADMIN');
    const user = await t.userToken(acme, 'USER');
    // A tenant token is refused on the platform host …
    expect((await create(names('x2'), tenantAdmin)).statusCode).toBe(403);
    // … and a platform route on a tenant host refuses it for its role.
    const onTenant = await t.call(acme.tenantId, { method: 'GET', url: '/api/admin/tenants', token: user });
    expect(onTenant.statusCode).toBe(403);
    expect(onTenant.json()).toEqual({ message: 'You do not have permission to do this.' });
  });

  describe('tenant users', () => {
    const url = () => `/api/admin/tenants/${acme.tenantId}/users`;

    it('creates a user with a password and lists them without hashes', async () => {
      const res = await t.call(null, {
        method: 'POST',
        url: url(),
        token: admin,
        payload: {
          name: 'Kiran',
          email: 'kiran@acme.test',
          password: 'kiran-pass-1',
          mobileNumber: '9000000001',
          city: 'Nashik',
        },
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toBe('User created successfully');
      const list = await t.call(null, { method: 'GET', url: url(), token: admin });
      expect(list.statusCode).toBe(200);
      expect(list.json()).toContainEqual(
        expect.objectContaining({
          name: 'Kiran',
          email: 'kiran@acme.test',
          city: 'Nashik',
          role: 'USER',
          enabled: true,
        }),
      );
      expect(list.body).not.toMatch(/hash|argon/i);
      const login = await t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/login',
        payload: { emailId: 'kiran@acme.test', password: 'kiran-pass-1' },
      });
      expect(login.statusCode).toBe(200);
    });

    it('validates the new user and refuses a duplicate email', async () => {
      const bad = await t.call(null, {
        method: 'POST',
        url: url(),
        token: admin,
        payload: { name: '', email: 'x', mobileNumber: '1', city: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().fields).sort()).toEqual(['city', 'email', 'mobileNumber', 'name']);
      const dup = await t.call(null, {
        method: 'POST',
        url: url(),
        token: admin,
        payload: {
          name: 'Kiran 2',
          email: 'KIRAN@acme.test',
          password: 'kiran-pass-2',
          mobileNumber: '9000000002',
          city: 'Nashik',
        },
      });
      expect(dup.statusCode).toBe(409);
      expect(dup.json().message).toBe('Email already exists in this tenant.');
    });

    it('answers 404 for an unknown tenant and 401/403 for others', async () => {
      const missing = await t.call(null, { method: 'GET', url: '/api/admin/tenants/nosuch/users', token: admin });
      expect(missing.statusCode).toBe(404);
      expect((await t.call(null, { method: 'GET', url: url() })).statusCode).toBe(401);
      const user = await t.userToken(acme);
      expect((await t.call(acme.tenantId, { method: 'GET', url: url(), token: user })).statusCode).toBe(403);
    });
  });
});
