import { afterAll, beforeAll, expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { hashPassword } from '../src/lib/passwords.js';
import { insertUser } from '../src/modules/auth/auth.repository.js';
import { buildTestApp, type Engine, runId, type TestContext } from './helpers.js';

/**
 * The tenant-admin suites' set-up (modules/tenant-admin/tenant-admin*.test.ts): a test app on `engine` with companies acme and
 * globex, acme's tenant admin (token and id), and the calls they make.
 */
export function tenantAdminSuite(
  engine: Engine,
  use: (values: {
    t: TestContext;
    acme: TenantRecord;
    globex: TenantRecord;
    admin: string;
    adminId: number;
  }) => void = () => {},
) {
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

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, globex, admin, adminId }));

  return {
    idOf,
    member,
    signIn,
    me,
    setEnabled,
    resetPassword,
    createUser,
  };
}
