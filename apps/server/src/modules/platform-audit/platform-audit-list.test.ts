import { PAGE_HEADERS } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { engines, type TestContext } from '../../../test/helpers.js';
import { platformAuditSuite } from '../../../test/platform-audit-suite.js';

/** `GET /api/platform/audit`: the super admin's only, paged newest first, filtered; the trail is append-only. */
describe.each(engines)('the platform trail list on $name', (engine) => {
  let t: TestContext;
  let admin: string;
  const { mark } = platformAuditSuite(engine, (v) => ({ t, admin } = v));

  const get = (url: string, token: string | null = admin, tenantId: string | null = null) =>
    t.call(tenantId, { method: 'GET', url, token: token ?? undefined });
  type Entry = { id: number; action: string; entity: string; entityId: string | null; userName: string | null };

  it('is the super admin’s: 401 without a token, 403 for a company’s accounts, 404 on a company’s address', async () => {
    const acme = await t.createTenant('acme', 'owner@acme.test');
    const tenantAdmin = await t.userToken(acme, 'TENANT_ADMIN');
    const user = await t.userToken(acme, 'USER');
    expect((await get('/api/platform/audit', null)).statusCode).toBe(401);
    for (const token of [tenantAdmin, user]) {
      expect((await get('/api/platform/audit', token)).statusCode).toBe(403);
      expect((await get('/api/platform/audit', token, acme.tenantId)).statusCode).toBe(403);
    }
    // The super admin's token belongs to the platform's address.
    expect((await get('/api/platform/audit', admin, acme.tenantId)).statusCode).toBe(403);
    expect((await get('/api/platform/audit', tenantAdmin, 'nosuchcompany')).statusCode).toBe(404);
    const res = await get('/api/platform/audit');
    expect(res.statusCode).toBe(200);
    const rows = res.json() as Entry[];
    expect(rows[0]).toMatchObject({
      entity: 'tenant',
      action: 'create',
      entityId: acme.tenantId,
      userName: 'Super Admin',
    });
    expect(res.json()[0]).toEqual({
      id: expect.any(Number),
      at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      userId: expect.any(Number),
      userName: 'Super Admin',
      clientAddress: '127.0.0.1',
      requestId: expect.any(String),
      entity: 'tenant',
      entityId: acme.tenantId,
      action: 'create',
      changes: expect.objectContaining({ db_name: [null, acme.dbName] }),
      reason: null,
    });
  });

  it('pages newest first with a Link to the next page and the whole list’s count; filters by action, day and text', async () => {
    for (const n of [1, 2, 3, 4, 5]) {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/master/login',
        payload: { email: `nobody${n}@platform.test`, password: 'wrong-password-1' },
        headers: { 'x-forwarded-for': `203.0.113.${n}` },
      });
      expect(res.statusCode).toBe(401);
    }
    const total = Number((await get('/api/platform/audit?limit=1')).headers[PAGE_HEADERS.totalCount]);
    expect(total).toBe(await mark());

    const seen: Entry[] = [];
    let url: string | null = '/api/platform/audit?limit=2&action=sign-in-failed';
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers[PAGE_HEADERS.totalCount]).toBe('5');
      const page = res.json() as Entry[];
      expect(page.length).toBeLessThanOrEqual(2);
      seen.push(...page);
      url = /<([^>]+)>; rel="next"/.exec(String(res.headers.link ?? ''))?.[1] ?? null;
    }
    expect(seen).toHaveLength(5);
    const ids = seen.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(5);
    expect(seen.every((r) => r.action === 'sign-in-failed')).toBe(true);

    // The search looks into the changes (the email typed); today's India date holds them all, yesterday none.
    const found = await get('/api/platform/audit?q=nobody3%40platform');
    expect(found.json().map((r: Entry) => r.action)).toEqual(['sign-in-failed']);
    expect(found.headers[PAGE_HEADERS.totalCount]).toBe('1');
    expect(Number(found.headers[PAGE_HEADERS.unfilteredCount])).toBe(total);
    const today = new Date(Date.now() + 5.5 * 3600 * 1000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() + 5.5 * 3600 * 1000 - 86400 * 1000).toISOString().slice(0, 10);
    const day = await get(`/api/platform/audit?action=sign-in-failed&from=${today}&to=${today}`);
    expect(day.headers[PAGE_HEADERS.totalCount]).toBe('5');
    const before = await get(`/api/platform/audit?from=${yesterday}&to=${yesterday}`);
    expect(before.json()).toEqual([]);
    expect(before.headers[PAGE_HEADERS.totalCount]).toBe('0');

    expect((await get(`/api/platform/audit?from=${today}&to=${yesterday}`)).statusCode).toBe(400);
    expect((await get('/api/platform/audit?action=delete')).statusCode).toBe(400);
    expect((await get('/api/platform/audit?cursor=nonsense')).statusCode).toBe(400);
  });

  it('is append-only and hash-chained: no UPDATE or DELETE, not even by the superuser, and every link holds', async () => {
    const last = await mark();
    expect(last).toBeGreaterThan(0);
    await expect(
      sql`update platform.audit_trail set reason = 'rewritten' where id = ${last}`.execute(t.db),
    ).rejects.toThrow(/append-only: UPDATE is refused/);
    await expect(sql`delete from platform.audit_trail where id = ${last}`.execute(t.db)).rejects.toThrow(
      /append-only: DELETE is refused/,
    );
    await expect(sql`truncate platform.audit_trail`.execute(t.db)).rejects.toThrow(/append-only: TRUNCATE is refused/);
    const { rows } = await sql<{ rows: number; broken: number; gaps: number; head_ok: boolean }>`
      with links as (
        select t.id, row_number() over (order by t.id) as n, t.hash,
          t.hash is distinct from platform.audit_row_hash(t)
            or t.prev_hash is distinct from coalesce(lag(t.hash) over (order by t.id), '') as broken
        from platform.audit_trail t)
      select count(*) as rows, count(*) filter (where broken) as broken, count(*) filter (where id <> n) as gaps,
        (select h.last_id = max(l.id) and h.hash = (select hash from links order by id desc limit 1)
          from platform.audit_head h) as head_ok
      from links l`.execute(t.db);
    expect(rows[0]).toEqual({
      rows: expect.anything(),
      broken: expect.anything(),
      gaps: expect.anything(),
      head_ok: true,
    });
    expect(Number(rows[0]?.rows)).toBe(last);
    expect(Number(rows[0]?.broken)).toBe(0);
    expect(Number(rows[0]?.gaps)).toBe(0);
  });
});
