import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runAsTenant, type TenantRecord, type TenantUserFacts } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';

const EXPIRED = { message: 'Session expired. Please log in again.' };

/**
 * A company user's account is checked with the request's company transaction (its query travels with BEGIN), and
 * before the answer of a request that opens none: an account closed after sign-in is refused either way.
 */
for (const engine of engines) {
  describe(`the account check of a signed-in request (${engine.name})`, () => {
    let t: TestContext;
    let tenant: TenantRecord;
    let token: string;
    beforeEach(async () => {
      t = await buildTestApp(engine);
      tenant = await t.createTenant('acme');
      token = await t.userToken(tenant, 'USER', 'clerk@acme.test');
    });
    afterEach(() => t.close());

    const disable = () =>
      runAsTenant(t.db, tenant, (tdb) =>
        tdb.updateTable('users').set({ enabled: false }).where('email_id', '=', 'clerk@acme.test').execute(),
      );
    const partnerCount = () =>
      runAsTenant(t.db, tenant, async (tdb) => {
        const row = await tdb
          .selectFrom('partners')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      });
    const addPartner = (payload: object) =>
      t.call(tenant.tenantId, { method: 'POST', url: '/api/partner', token, payload });

    it('answers a live account, with its name on /api/me', async () => {
      expect((await t.call(tenant.tenantId, { method: 'GET', url: '/api/project', token })).statusCode).toBe(200);
      const me = await t.call(tenant.tenantId, { method: 'GET', url: '/api/me', token });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ role: 'USER', email: 'clerk@acme.test' });
      expect(me.json().name.length).toBeGreaterThan(0);
    });

    it('refuses a disabled account on a read, and saves nothing it sends', async () => {
      await disable();
      const list = await t.call(tenant.tenantId, { method: 'GET', url: '/api/project', token });
      expect(list.statusCode).toBe(401);
      expect(list.json()).toEqual(EXPIRED);
      const saved = await addPartner({ partnerName: 'Ramesh Patil', city: 'Nagpur', projects: [] });
      expect(saved.statusCode).toBe(401);
      expect(saved.json()).toEqual(EXPIRED);
      expect(await partnerCount()).toBe(0);
    });

    it('refuses a disabled account where the request opens no company transaction, or fails validation', async () => {
      await disable();
      const me = await t.call(tenant.tenantId, { method: 'GET', url: '/api/me', token });
      expect(me.statusCode).toBe(401);
      expect(me.json()).toEqual(EXPIRED);
      const invalid = await addPartner({ partnerName: '' });
      expect(invalid.statusCode).toBe(401);
      expect(invalid.json()).toEqual(EXPIRED);
    });

    it('refuses a disabled account a route of another role with 401, not 403', async () => {
      await disable();
      const users = await t.call(tenant.tenantId, { method: 'GET', url: '/api/tenant-admin/users', token });
      expect(users.statusCode).toBe(401);
    });

    it('hands the check the user row read with BEGIN, and when it refuses, no statement of the request answers and none is kept', async () => {
      const userId = await runAsTenant(t.db, tenant, async (tdb) => {
        const row = await tdb
          .selectFrom('users')
          .select('id')
          .where('email_id', '=', 'clerk@acme.test')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      const seen: (TenantUserFacts | undefined)[] = [];
      const answer = await runAsTenant(t.db, tenant, async () => 'ran', {
        userId,
        accept: (user) => seen.push(user),
      });
      expect(answer).toBe('ran');
      expect(seen).toEqual([expect.objectContaining({ id: userId, email_id: 'clerk@acme.test', enabled: true })]);

      // On PostgreSQL the request's first statement goes out with BEGIN, before the check has its row: it runs in
      // the transaction the refusal rolls back, and its answer never reaches the request.
      let answered = false;
      const refused = runAsTenant(
        t.db,
        tenant,
        async (tdb) => {
          await tdb.insertInto('partners').values({ partner_name: 'Ramesh Patil', city: 'Nagpur' }).execute();
          answered = true;
        },
        {
          userId: userId + 1000,
          accept: (user) => {
            if (!user) throw new Error('no such user');
          },
        },
      );
      await expect(refused).rejects.toThrow('no such user');
      expect(answered).toBe(false);
      expect(await partnerCount()).toBe(0);
    });
  });
}
