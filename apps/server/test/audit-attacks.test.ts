import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { setUpCompanies } from './factories.js';
import { engines, type TestContext } from './helpers.js';

/** The user id a token names (its `sub`). */
const userIdOf = (token: string) =>
  Number(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()).sub);

/** Issue 19's trail as a hostile or careless client uses it: what it must not give away or let grow. */
describe.each(engines)('the audit trail against a hostile client on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let adminToken: string;

  setUpCompanies(engine, (c) => ({ t, acme, token } = c));
  beforeAll(async () => {
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
  });

  const get = (url: string, as: string) => t.call(acme.tenantId, { method: 'GET', url, token: as });

  it("refuses a user another user's account history and sign-ins (addresses), and answers their own", async () => {
    const adminId = userIdOf(adminToken);
    for (const entity of ['session', 'user']) {
      const other = await get(`/api/audit?entity=${entity}&entityId=${adminId}`, token);
      expect(other.statusCode).toBe(403);
      expect(other.json().message).toBe('Only an administrator can read another user’s account history and sign-ins.');
      const own = await get(`/api/audit?entity=${entity}&entityId=${userIdOf(token)}`, token);
      expect(own.statusCode).toBe(200);
    }
    const ownSignIns = (await get(`/api/audit?entity=session&entityId=${userIdOf(token)}`, token)).json();
    expect(ownSignIns.map((r: { action: string }) => r.action)).toContain('sign-in');
    // The admin still reads anyone's.
    const asAdmin = await get(`/api/audit?entity=session&entityId=${userIdOf(token)}`, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().length).toBeGreaterThan(0);
  });
});
