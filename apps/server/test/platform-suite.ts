import { afterAll, beforeAll } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, type Engine, type TestContext } from './helpers.js';

/**
 * The super-admin platform suites' set-up (modules/platform/platform*.test.ts): a test app on `engine`, the
 * super admin's token, companies acme and globex, and a GET as the super admin.
 */
export function platformSuite(
  engine: Engine,
  use: (values: { t: TestContext; admin: string; acme: TenantRecord; globex: TenantRecord }) => void = () => {},
) {
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

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, admin, acme, globex }));

  return {
    get,
  };
}
