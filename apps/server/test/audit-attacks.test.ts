import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { UNKNOWN_EMAIL_TRAIL_CAP } from '../src/modules/auth/auth.repository.js';
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

  it('records failed sign-ins for made-up emails from one address only up to the cap', async () => {
    const failedFrom = (address: string) =>
      t.asTenant(acme, async (tdb) =>
        Number(
          (
            await sql<{ n: number }>`select count(*) as n from audit_trail
              where action = 'sign-in-failed' and client_address = ${address}`.execute(tdb)
          ).rows[0]?.n,
        ),
      );
    const attempt = (address: string, i: number) =>
      t.call(acme.tenantId, {
        method: 'POST',
        url: '/api/login',
        remoteAddress: address,
        payload: { emailId: `nobody-${i}@example.com`, password: 'guess-guess-1' },
      });
    for (let i = 0; i < UNKNOWN_EMAIL_TRAIL_CAP + 5; i++) {
      const res = await attempt('203.0.113.7', i);
      // Answered the same beyond the cap: only not recorded.
      expect(res.statusCode).toBe(401);
    }
    expect(await failedFrom('203.0.113.7')).toBe(UNKNOWN_EMAIL_TRAIL_CAP);
    // Another address is recorded on its own count.
    expect((await attempt('203.0.113.8', 0)).statusCode).toBe(401);
    expect(await failedFrom('203.0.113.8')).toBe(1);
  });
});
