import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { insertPartners } from '../partners/partners.repository.js';

describe.each(engines)('purchases from farmers on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: other } = c), { second: 'other' });

  /** A project of its own with a partner, for one test's rows. */
  const farm = async (name?: string, partnerName?: string) => {
    const project = await f.project({ name });
    const partner = await f.partner({ projectId: project.projectId, share: 50, name: partnerName });
    return { projectId: project.projectId, partnerId: partner };
  };
  const row = (owners: { projectId: number; partnerId: number }, change: object = {}) => ({
    ...owners,
    particular: 'Visarpavti',
    date: '2026-03-05T00:00:00',
    mode: 'Cheque',
    modeDetail: 'SBI 004512',
    creditTo: 'Ramesh (farmer)',
    modeDate: '',
    amount: 250000.5,
    ...change,
  });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.call(acme.tenantId, { method: 'POST', url: '/api/purchase', token, payload: payload as object, headers });
  /** Purchase rows stored for one project. */
  const count = async (projectId: number) =>
    Number(
      (
        await t.asTenant(acme, (tdb) =>
          sql<{
            n: number;
          }>`select count(*) as n from ${sql.id(acme.dbName, 'purchase_entries')} where project_id = ${projectId}`.execute(
            tdb,
          ),
        )
      ).rows[0]?.n,
    );

  it('saves all rows, defaults the mode date to the row date, and lists them by project', async () => {
    const owners = await farm('Farm One', 'Anil');
    const res = await post([
      row(owners),
      row(owners, { particular: 'Kharedikhar', amount: 1000000, modeDate: '2026-03-10', mode: 'Online' }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: 'Saved!', total: 1250000.5 });
    const list = (
      await t.call(acme.tenantId, { method: 'GET', url: `/api/purchase/by-project/${owners.projectId}`, token })
    ).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      projectName: 'Farm One',
      particular: 'Visarpavti',
      date: '2026-03-05',
      modeDate: '2026-03-05',
      partnerName: 'Anil',
      amount: 250000.5,
      creditTo: 'Ramesh (farmer)',
    });
    expect(list[1].modeDate).toBe('2026-03-10');
    // A single object is accepted too (the spec's one-call-per-row form).
    expect((await post(row(owners, { amount: 10 }))).statusCode).toBe(201);
  });

  it('stores nothing when one row of a batch is bad', async () => {
    const owners = await farm();
    const missing = await post([row(owners), row(owners, { particular: '' })]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Row 2: All fields are required in each row');
    expect(missing.json().fields['1.particular']).toBe('All fields are required in each row');
    const [stranger] = await t.asTenant(acme, (tdb) =>
      insertPartners(tdb, [{ partnerName: 'Stranger', city: 'X', email: null, phone: null }]),
    );
    const notPartner = await post([row(owners), row(owners, { partnerId: stranger })]);
    expect(notPartner.statusCode).toBe(400);
    expect(notPartner.json().message).toBe('Row 2: the partner is not a partner of this project.');
    expect(await count(owners.projectId)).toBe(0);
  });

  it.each([
    [{ amount: 0 }, 'Row 1: Amount must be more than 0'],
    [{ amount: 10.001 }, 'Row 1: Amount may have at most 2 decimals'],
    [{ date: '2026-02-30' }, 'Row 1: Enter a real calendar date'],
    [{ mode: 'Barter' }, 'Row 1: All fields are required in each row'],
    [{ partnerId: null }, 'Row 1: All fields are required in each row'],
  ])('refuses a row with %o', async (change, message) => {
    const res = await post([row(await farm(), change)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('records a double submit with the same Idempotency-Key only once', async () => {
    const owners = await farm();
    const key = { 'idempotency-key': 'form-123' };
    const [a, b] = await Promise.all([
      post([row(owners, { amount: 77 })], key),
      post([row(owners, { amount: 77 })], key),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await count(owners.projectId)).toBe(1);
  });

  it('edits and voids an entry; refuses other tenants and missing tokens', async () => {
    const owners = await farm();
    const { id } = await f.purchase({ ...owners, amount: 5 });
    const put = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/purchase/${id}`,
      token,
      payload: row(owners, { amount: 6 }),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().amount).toBe(6);
    const otherToken = await t.userToken(other);
    expect(
      (
        await t.call(other.tenantId, {
          method: 'DELETE',
          url: `/api/purchase/${id}?reason=Wrong`,
          token: otherToken,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(other.tenantId, {
          method: 'GET',
          url: `/api/purchase/by-project/${owners.projectId}`,
          token: otherToken,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(acme.tenantId, { method: 'POST', url: '/api/purchase', payload: row(owners) })).statusCode,
    ).toBe(401);
    const voidIt = () =>
      t.call(acme.tenantId, {
        method: 'DELETE',
        url: `/api/purchase/${id}`,
        token,
        payload: { reason: 'Entered twice' },
      });
    expect((await voidIt()).statusCode).toBe(200);
    expect((await voidIt()).statusCode).toBe(409);
  });
});
