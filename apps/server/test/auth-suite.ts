import { afterAll, beforeAll } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, type Engine, type TestContext } from './helpers.js';

/**
 * The auth suites' set-up (modules/auth/auth*.test.ts): a test app on `engine` with companies acme and other, and
 * the calls of registration and sign-in.
 */
export function authSuite(
  engine: Engine,
  use: (values: { t: TestContext; acme: TenantRecord; other: TenantRecord }) => void = () => {},
) {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    acme = await t.createTenant('acme', 'boss@acme.test');
    other = await t.createTenant('other');
  });
  afterAll(() => t.close());

  const register = (tenantId: string, payload: object, host = tenantId) =>
    t.call(host, { method: 'POST', url: `/api/admin/tenants/${tenantId}/register`, payload });
  const login = (tenantId: string, emailId: string, password: string) =>
    t.call(tenantId, { method: 'POST', url: '/api/login', payload: { emailId, password } });

  const approve = async (tenant: TenantRecord, email: string) => {
    const admin = await t.userToken(tenant, 'TENANT_ADMIN');
    const pending = await t.call(tenant.tenantId, {
      method: 'GET',
      url: '/api/tenant-admin/pending-users',
      token: admin,
    });
    const user = (pending.json() as { id: number; email: string }[]).find((u) => u.email === email);
    if (!user) throw new Error(`${email} is not pending`);
    return t.call(tenant.tenantId, { method: 'POST', url: `/api/tenant-admin/users/${user.id}/approve`, token: admin });
  };
  const linkFrom = (text: string) => /(http\S+\/verify-email\?token=\S+)/.exec(text)?.[1] ?? '';
  const verify = (tenantId: string, link: string) =>
    t.call(tenantId, {
      method: 'POST',
      url: '/api/verify-email',
      payload: { token: new URL(link).searchParams.get('token') },
    });

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, other }));

  return {
    register,
    login,
    approve,
    linkFrom,
    verify,
  };
}
