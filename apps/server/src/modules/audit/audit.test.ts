import { PAGE_HEADERS } from '@plotbook/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { migrateTenant } from '../../db/tenant-storage.js';

describe.each(engines)('the audit trail on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let adminToken: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: other } = c), { second: 'other' });
  beforeAll(async () => {
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
  });

  const get = (url: string, as = token, tenant = acme) => t.call(tenant.tenantId, { method: 'GET', url, token: as });
  /** A record's history as the API answers it, newest first. */
  const history = async (entityId: number) => {
    const res = await get(`/api/audit?entity=purchase&entityId=${entityId}`);
    expect(res.statusCode).toBe(200);
    return res.json() as { action: string; userName: string; userId: number; changes: Record<string, unknown[]> }[];
  };
  /** The trail rows stored for a record, oldest first, as the table holds them (money in paise). */
  const stored = (tenant: TenantRecord, entity: string, entityId: number) =>
    t.asTenant(tenant, async (tdb) =>
      (
        await sql<{
          id: number;
          action: string;
          user_id: number;
          changes: Record<string, unknown[]>;
          reason: string | null;
        }>`
          select id, action, user_id, changes, reason from audit_trail where entity = ${entity} and entity_id = ${entityId}
          order by id`.execute(tdb)
      ).rows.map((r) => ({ ...r, id: Number(r.id) })),
    );
  const verify = async (tenant = acme, as = adminToken) => {
    const res = await get('/api/audit/verify', as, tenant);
    expect(res.statusCode).toBe(200);
    return res.json() as { ok: boolean; rows: number; firstBrokenId: number | null };
  };
  it('records a purchase created, edited and voided: one row each, naming the entry, the user, the fields and the reason', async () => {
    const { id, projectId, partnerId } = await f.purchase({ amount: 2500.5, mode: 'Cash' });
    const created = await stored(acme, 'purchase', id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: 'create' });
    expect(created[0]?.changes).toMatchObject({
      amount_paise: [null, 250050],
      project_id: [null, projectId],
      partner_id: [null, partnerId],
      mode: [null, 'Cash'],
      entry_date: [null, '2026-02-01'],
    });

    const edit = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/purchase/${id}`,
      token,
      headers: { 'x-request-id': 'audit-edit-1' },
      payload: { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 2050.5 },
    });
    expect(edit.statusCode).toBe(200);
    const edited = await stored(acme, 'purchase', id);
    expect(edited).toHaveLength(2);
    // Only what changed, money in paise.
    expect(edited[1]).toMatchObject({ action: 'update', changes: { amount_paise: [250050, 205050] } });

    const voided = await t.call(acme.tenantId, {
      method: 'DELETE',
      url: `/api/purchase/${id}`,
      token,
      payload: { reason: 'Entered twice' },
    });
    expect(voided.statusCode).toBe(200);
    const all = await stored(acme, 'purchase', id);
    expect(all.map((r) => r.action)).toEqual(['create', 'update', 'void']);
    expect(all[2]?.changes).toEqual({ voided: [false, true] });
    expect(all[2]?.reason).toBe('Entered twice');

    // The API: newest first, the user as they were, money in rupees as every answer gives it.
    const rows = await history(id);
    expect(rows.map((r) => r.action)).toEqual(['void', 'update', 'create']);
    expect(rows[0]).toMatchObject({ reason: 'Entered twice' });
    expect(rows[1]).toMatchObject({
      userName: 'Test USER',
      requestId: 'audit-edit-1',
      clientAddress: '127.0.0.1',
      changes: { amount: [2500.5, 2050.5] },
    });
    expect(new Set(rows.map((r) => r.userId)).size).toBe(1);
    expect(all.every((r) => r.user_id === rows[0]?.userId)).toBe(true);
    expect(rows[0]?.userId).toBeGreaterThan(0);
  });

  it('a write that rolls back leaves no row', async () => {
    const { id, projectId, partnerId } = await f.purchase();
    const before = await stored(acme, 'purchase', id);
    // The edit locks the entry (its first statement), then finds the partner is not the project's: 400, rolled back.
    const res = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/purchase/${id}`,
      token,
      payload: {
        projectId,
        partnerId: partnerId + 100000,
        particular: 'Kharedikhar',
        date: '2026-02-01',
        mode: 'Cash',
        amount: 5,
      },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await stored(acme, 'purchase', id)).toEqual(before);
    // A batch whose second row is bad stores nothing, and records nothing.
    const count = async () =>
      t.asTenant(acme, async (tdb) =>
        Number((await sql<{ n: number }>`select count(*) as n from audit_trail`.execute(tdb)).rows[0]?.n),
      );
    const rowsBefore = await count();
    const batch = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/purchase',
      token,
      payload: [
        { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: 5 },
        {
          projectId: projectId + 100000,
          partnerId,
          particular: 'Kharedikhar',
          date: '2026-02-01',
          mode: 'Cash',
          amount: 5,
        },
      ],
    });
    expect(batch.statusCode).toBeGreaterThanOrEqual(400);
    expect(await count()).toBe(rowsBefore);
  });

  it('20 purchases saved at once leave 20 rows and an intact chain', async () => {
    const { projectId, partnerId } = await f.purchase();
    const saved = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.call(acme.tenantId, {
          method: 'POST',
          url: '/api/purchase',
          token,
          payload: [
            { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: i + 1 },
          ],
        }),
      ),
    );
    expect(saved.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = saved.map((r) => r.json().ids[0] as number);
    for (const id of ids) expect(await stored(acme, 'purchase', id)).toHaveLength(1);
    const result = await verify();
    expect(result).toEqual({ ok: true, rows: expect.any(Number), firstBrokenId: null });
    expect(result.rows).toBeGreaterThanOrEqual(21);
    // Ids follow the chain: no gaps, no two rows with one predecessor.
    const links = await t.asTenant(
      acme,
      async (tdb) =>
        (
          await sql<{ id: number; gaps: number; forks: number }>`
        select count(*) filter (where id <> n) as gaps, count(*) - count(distinct prev_hash) as forks
        from (select id, row_number() over (order by id) as n, prev_hash from audit_trail) c`.execute(tdb)
        ).rows[0],
    );
    expect(Number(links?.gaps)).toBe(0);
    expect(Number(links?.forks)).toBe(0);
  });

  it('the company’s role can neither update, delete nor truncate a trail row; not even the owner gets past the trigger', async () => {
    const { id } = await f.purchase();
    const [row] = await stored(acme, 'purchase', id);
    // A company brought up to date at a start re-grants its role every table's rights: the trail's stay revoked.
    await migrateTenant(t.db, acme);
    for (const statement of [
      sql`update audit_trail set reason = 'rewritten' where id = ${row?.id}`,
      sql`delete from audit_trail where id = ${row?.id}`,
      sql`truncate audit_trail`,
      sql`update audit_head set hash = 'x'`,
    ]) {
      await expect(t.asTenant(acme, (tdb) => statement.execute(tdb))).rejects.toThrow(/permission denied/);
    }
    // The superuser (this test's own connection) has every privilege, and the trigger still refuses.
    const table = sql.id(acme.dbName, 'audit_trail');
    await expect(sql`update ${table} set reason = 'rewritten' where id = ${row?.id}`.execute(t.db)).rejects.toThrow(
      /append-only: UPDATE is refused/,
    );
    await expect(sql`delete from ${table} where id = ${row?.id}`.execute(t.db)).rejects.toThrow(
      /append-only: DELETE is refused/,
    );
    expect(await stored(acme, 'purchase', id)).toEqual([row]);
  });

  it('finds an UPDATE made behind the application’s back, naming its row', async () => {
    // A company of its own: the broken chain stays there.
    const tamper = await t.createTenant('tamper');
    const owner = factories(t, tamper, await t.userToken(tamper));
    const tamperAdmin = await t.userToken(tamper, 'TENANT_ADMIN');
    const entries = [await owner.purchase(), await owner.purchase(), await owner.purchase()];
    expect(await verify(tamper, tamperAdmin)).toEqual({ ok: true, rows: 3, firstBrokenId: null });
    const [target] = await stored(tamper, 'purchase', entries[1]?.id as number);
    // A DBA switches the triggers off for the session and lowers an amount.
    await t.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update ${sql.id(tamper.dbName, 'audit_trail')} set changes = jsonb_set(changes, '{amount_paise,1}', '1')
        where id = ${target?.id}`.execute(trx);
    });
    expect(await verify(tamper, tamperAdmin)).toEqual({ ok: false, rows: 3, firstBrokenId: target?.id });
  });

  it('hashes the same whatever the session’s TimeZone and DateStyle', async () => {
    await f.purchase();
    const mismatches = await t.asTenant(acme, async (tdb) => {
      await sql`set local timezone = 'America/Los_Angeles'`.execute(tdb);
      await sql`set local datestyle = 'SQL, DMY'`.execute(tdb);
      return (
        await sql<{ n: number }>`select count(*) as n from audit_trail t where hash <> audit_row_hash(t)`.execute(tdb)
      ).rows[0]?.n;
    });
    expect(Number(mismatches)).toBe(0);
  });

  it('a user reads one record’s history only; an admin reads the whole trail, paged', async () => {
    const { id } = await f.purchase();
    expect((await get('/api/audit')).statusCode).toBe(403);
    expect((await get('/api/audit?entity=purchase')).statusCode).toBe(403);
    expect((await get(`/api/audit?entityId=${id}`)).statusCode).toBe(403);
    expect((await get('/api/audit/verify')).statusCode).toBe(403);
    expect(await history(id)).toHaveLength(1);

    await f.purchase();
    const first = await get('/api/audit?limit=2', adminToken);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toHaveLength(2);
    const total = Number(first.headers[PAGE_HEADERS.totalCount]);
    expect(total).toBeGreaterThanOrEqual(2);
    const next = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1];
    expect(next).toBeDefined();
    const second = await get(next as string, adminToken);
    const ids = [...first.json(), ...second.json()].map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(ids.length);
    const mine = await get(`/api/audit?action=create&entity=purchase&q=Kharedikhar&limit=500`, adminToken);
    expect(
      mine.json().every((r: { action: string; entity: string }) => r.action === 'create' && r.entity === 'purchase'),
    ).toBe(true);
  });

  it('filters by days (India’s), user and action', async () => {
    const { id } = await f.purchase();
    const [row] = await history(id);
    const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
    const ids = async (filter: string) =>
      ((await get(`/api/audit?entity=purchase&entityId=${id}&${filter}`, adminToken)).json() as { id: number }[]).map(
        (r) => r.id,
      );
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(1);
    expect(await ids('to=2000-01-01')).toEqual([]);
    expect(await ids('from=2199-12-31')).toEqual([]);
    expect(await ids(`userId=${row?.userId}&action=create`)).toHaveLength(1);
    expect(await ids(`userId=${(row?.userId ?? 0) + 1000}`)).toEqual([]);
    expect(await ids('action=delete')).toEqual([]);
    expect((await get('/api/audit?entity=nothing', adminToken)).statusCode).toBe(400);
  });

  it('refuses a from date after the to date, as the reports do', async () => {
    const res = await get('/api/audit?from=2026-12-01&to=2026-01-01', adminToken);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('From date may not be after To date');
  });

  it('another company sees nothing of this company’s trail', async () => {
    const { id } = await f.purchase();
    const theirAdmin = await t.userToken(other, 'TENANT_ADMIN');
    const theirs = await get('/api/audit?entity=purchase&limit=500', theirAdmin, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual([]);
    expect(theirs.headers[PAGE_HEADERS.totalCount]).toBe('0');
    // This company's token on the other company's address is refused.
    expect((await get(`/api/audit?entity=purchase&entityId=${id}`, token, other)).statusCode).toBe(403);
  });
});
