import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformDb, type TenantRecord } from '../src/db/tenancy.js';
import { FAILED_SIGN_IN_TRAIL_CAP } from '../src/modules/auth/auth.repository.js';
import { type factories, setUpCompanies } from './factories.js';
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
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
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
    for (let i = 0; i < FAILED_SIGN_IN_TRAIL_CAP + 5; i++) {
      const res = await attempt('203.0.113.7', i);
      // Answered the same beyond the cap: only not recorded.
      expect(res.statusCode).toBe(401);
    }
    expect(await failedFrom('203.0.113.7')).toBe(FAILED_SIGN_IN_TRAIL_CAP);
    // Another address is recorded on its own count.
    expect((await attempt('203.0.113.8', 0)).statusCode).toBe(401);
    expect(await failedFrom('203.0.113.8')).toBe(1);
  });

  it('records no platform row for a sign-in the throttle refused, and failed ones from one address up to the cap', async () => {
    const failedFrom = async (address: string) =>
      (
        await platformDb(t.db)
          .selectFrom('audit_trail')
          .select('id')
          .where('action', '=', 'sign-in-failed')
          .where('client_address', '=', address)
          .execute()
      ).length;
    const attempt = (address: string, email: string) =>
      t.call(null, {
        method: 'POST',
        url: '/api/master/login',
        headers: { 'x-forwarded-for': address },
        payload: { email, password: 'guess-guess-1' },
      });
    // One email: three wrong passwords, then the throttle's 429s, which add no row.
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) codes.push((await attempt('198.51.100.4', 'boss@example.com')).statusCode);
    // (The throttle counts its failures just after answering, so the first 429 may come one attempt later.)
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.at(-1)).toBe(429);
    expect(await failedFrom('198.51.100.4')).toBe(codes.filter((code) => code === 401).length);
    // A new made-up email each time passes the throttle: recorded only up to the cap.
    for (let i = 0; i < FAILED_SIGN_IN_TRAIL_CAP + 5; i++) {
      expect((await attempt('198.51.100.5', `boss-${i}@example.com`)).statusCode).toBe(401);
    }
    expect(await failedFrom('198.51.100.5')).toBe(FAILED_SIGN_IN_TRAIL_CAP);
  });

  it("shows a development entry's whole history, edits and voids made on Partner Contribution included", async () => {
    const { id, partnerId } = await f.development({ amount: 12000 });
    const post = (url: string, payload: object) => t.call(acme.tenantId, { method: 'POST', url, token, payload });
    const edit = { developmentId: id, particular: 'Road Rate', amount: 11000, partnerId };
    expect((await post('/api/partnercontribution/update', edit)).statusCode).toBe(200);
    expect((await post('/api/partnercontribution/delete', { developmentId: id, reason: 'Twice' })).statusCode).toBe(
      200,
    );
    // The Partner Contribution page's History asks for `development` (the row's own name), as the development list's.
    for (const entity of ['development', 'contribution']) {
      const res = await get(`/api/audit?entity=${entity}&entityId=${id}`, token);
      expect(res.statusCode).toBe(200);
      expect(res.json().map((r: { action: string }) => r.action)).toEqual(['void', 'update', 'create']);
    }
  });
});
