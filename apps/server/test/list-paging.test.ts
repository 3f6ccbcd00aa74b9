import { paise, toRupees } from '@plotbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { insertActivities } from '../src/modules/activities/activities.repository.js';
import { insertDevelopment } from '../src/modules/development/development.repository.js';
import { type factories, setUpCompanies } from './factories.js';
import { engines, type TestContext } from './helpers.js';
import { nextLink } from './paging.js';

const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
/** Day `1 + offset` of `month` (`YYYY-MM`); offsets stay below 28. */
const day = (month: string, offset: number) => `${month}-${String(1 + offset).padStart(2, '0')}`;

const PAGE_ERROR = 'limit must be a whole number of at least 1 (a page holds at most 500 rows)';
const CURSOR_ERROR = 'cursor is not valid; start again from the first page';

describe.each(engines)('paged lists on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  const get = (url: string, who = token, tenant = () => acme) =>
    t.call(tenant().tenantId, { method: 'GET', url, token: who });

  /** Follows `Link` from `url` to the last page; returns each page's rows and responses. */
  async function readAll(url: string) {
    const pages: LightMyRequestResponse[] = [];
    let next: string | null = url;
    while (next) {
      const res = await get(next);
      expect(res.statusCode).toBe(200);
      pages.push(res);
      next = nextLink(res);
      expect(pages.length).toBeLessThan(100);
    }
    return { pages, rows: pages.flatMap((p) => p.json() as Record<string, unknown>[]) };
  }

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: other } = c), { second: 'other' });

  /** A two-plot project of the test's own, with a partner. */
  async function farm() {
    const project = await f.project({ plots: 2 });
    const partner = await f.partner({ projectId: project.projectId, share: 50 });
    return { project, partner };
  }

  /**
   * A farm with 1,234 purchase rows over 7 dates, inserted so that id order is not date order and many rows share
   * a date; with the ids in the order the list must give them (by date, then id) and their total.
   */
  async function bigFarm() {
    const { project, partner } = await farm();
    await f.storedPurchases(
      range(1234).map((n) => ({
        projectId: project.projectId,
        partnerId: partner,
        particular: 'Kharedikhar',
        date: day('2026-01', (n * 5) % 7),
        mode: 'Cash',
        modeDetail: null,
        creditTo: `Farmer ${n}`,
        modeDate: '2026-01-01',
        amount: toRupees(paise(100 + n)),
      })),
    );
    const rows = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('purchase_entries')
        .select(['id', 'amount_paise'])
        .where('project_id', '=', project.projectId)
        .orderBy('entry_date')
        .orderBy('id')
        .execute(),
    );
    return {
      project,
      url: `/api/purchase/by-project/${project.projectId}`,
      expectedIds: rows.map((r) => r.id),
      expectedPaise: rows.reduce((sum, r) => sum + Number(r.amount_paise), 0),
    };
  }

  it('gives a page of at most the limit, with the next page in a Link header', async () => {
    const big = await bigFarm();
    const res = await get(`${big.url}?limit=100`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(100);
    expect(nextLink(res)).toMatch(new RegExp(`^${big.url}\\?limit=100&cursor=[A-Za-z0-9_-]+$`));
    expect(res.headers.link).toMatch(/^<[^>]+>; rel="next"$/);
  });

  it('yields every row exactly once, in date then id order, when following Link through all pages', async () => {
    const big = await bigFarm();
    const { pages, rows } = await readAll(`${big.url}?limit=100`);
    expect(pages).toHaveLength(13);
    expect(pages.every((p) => (p.json() as unknown[]).length <= 100)).toBe(true);
    expect(rows.map((r) => r.plotPurchaseId)).toEqual(big.expectedIds);
    expect(nextLink(pages[pages.length - 1] as LightMyRequestResponse)).toBeNull();
  });

  it('sends the totals of the whole list from SQL, not of the page', async () => {
    const big = await bigFarm();
    const res = await get(`${big.url}?limit=10`);
    const pageSum = (res.json() as { amount: number }[]).reduce((s, r) => s + Math.round(r.amount * 100), 0);
    expect(res.headers['x-total-count']).toBe('1234');
    expect(res.headers['x-total-amount']).toBe((big.expectedPaise / 100).toFixed(2));
    expect(Math.round(Number(res.headers['x-total-amount']) * 100)).not.toBe(pageSum);
    // Every page carries the same totals.
    const later = await get(nextLink(res) as string);
    expect(later.headers['x-total-amount']).toBe(res.headers['x-total-amount']);
  });

  it('answers 500 rows without a limit and lowers a limit above 500 to 500', async () => {
    const { url } = await bigFarm();
    expect((await get(url)).json()).toHaveLength(500);
    const big = await get(`${url}?limit=5000`);
    expect(big.statusCode).toBe(200);
    expect(big.json()).toHaveLength(500);
    expect(nextLink(big)).not.toBeNull();
  });

  it.each(['0', '-1', 'abc', '1.5', ''])('refuses limit=%s with a plain 400', async (limit) => {
    const { project } = await farm();
    const res = await get(`/api/purchase/by-project/${project.projectId}?limit=${limit}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PAGE_ERROR);
  });

  it.each([
    ['empty', ''],
    ['not base64url', '%21%21%21'],
    ['not JSON', Buffer.from('hello').toString('base64url')],
    ['the wrong shape', Buffer.from('{"a":1}').toString('base64url')],
    ['a bad date', Buffer.from('["2026-13-45",1]').toString('base64url')],
    ['a bad id', Buffer.from('["2026-01-01",-4]').toString('base64url')],
    ['SQL in the key', Buffer.from(`["2026-01-01' or 1=1 --",1]`).toString('base64url')],
  ])('refuses a cursor that is %s with a plain 400', async (_name, cursor) => {
    const { project } = await farm();
    const res = await get(`/api/purchase/by-project/${project.projectId}?cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CURSOR_ERROR);
  });

  it('searches the whole list on the server, with totals of what matched', async () => {
    const big = await bigFarm();
    // The last row in list order is far past the first page.
    const lastId = big.expectedIds[big.expectedIds.length - 1] as number;
    const row = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('purchase_entries')
        .select(['credit_to', 'amount_paise'])
        .where('id', '=', lastId)
        .executeTakeFirstOrThrow(),
    );
    const res = await get(`${big.url}?limit=5&q=${encodeURIComponent(` ${row.credit_to?.toUpperCase()} `)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { plotPurchaseId: number }) => r.plotPurchaseId)).toEqual([lastId]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-unfiltered-count']).toBe('1234');
    expect(res.headers['x-total-amount']).toBe((Number(row.amount_paise) / 100).toFixed(2));
  });

  it('keeps the search in the next page address and pages through the matches', async () => {
    const big = await bigFarm();
    // "Farmer 12" matches Farmer 12, 120–129 and 1200–1234: 1 + 10 + 35 rows.
    const { pages, rows } = await readAll(`${big.url}?limit=20&q=Farmer%2012`);
    expect(pages).toHaveLength(3);
    expect(nextLink(pages[0] as LightMyRequestResponse)).toContain('q=Farmer+12');
    expect(rows).toHaveLength(46);
    expect(rows.every((r) => /^Farmer 12/.test(String(r.creditTo)))).toBe(true);
    expect(pages[0]?.headers['x-total-count']).toBe('46');
  });

  it('finds rows by the date as shown (dd/mm/yyyy) and by the amount as typed with ₹ and commas', async () => {
    const big = await bigFarm();
    const byDate = await get(`${big.url}?limit=1&q=${encodeURIComponent('03/01/2026')}`);
    const sameDate = big.expectedIds.length / 7;
    expect(Math.abs(Number(byDate.headers['x-total-count']) - sameDate)).toBeLessThan(1);
    const byAmount = await get(`${big.url}?q=${encodeURIComponent('₹ 13.34')}`);
    expect(byAmount.json().map((r: { amount: number }) => r.amount)).toEqual([13.34]);
  });

  it('treats % and _ in a search as plain characters', async () => {
    const big = await bigFarm();
    const res = await get(`${big.url}?q=${encodeURIComponent('%_')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
  });

  it("answers 404 for another company's project, as before", async () => {
    const big = await bigFarm();
    const otherToken = await t.userToken(other);
    const res = await get(`${big.url}?limit=10`, otherToken, () => other);
    expect(res.statusCode).toBe(404);
  });

  it('pages the development list and the contributions list, by project and by plot', async () => {
    const { project, partner } = await farm();
    const plotId = project.plots[0]?.plotId as number;
    await t.asTenant(acme, (tdb) =>
      insertDevelopment(
        tdb,
        range(301).map((n) => ({
          projectId: project.projectId,
          plotId: n % 3 === 0 ? plotId : null,
          partnerId: partner,
          category: n % 3 === 0 ? 'per_plot' : 'per_project',
          particular: 'Road Rate',
          date: day('2026-02', n % 4),
          mode: 'Cash',
          modeDetail: null,
          creditTo: null,
          modeDate: null,
          amount: toRupees(paise(1000 * n)),
        })),
        null,
      ),
    );
    const expected = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('development_entries')
        .select(['id', 'plot_id', 'amount_paise'])
        .where('project_id', '=', project.projectId)
        .orderBy('entry_date')
        .orderBy('id')
        .execute(),
    );
    const all = await readAll(`/api/development/by-project/${project.projectId}?limit=50`);
    expect(all.pages).toHaveLength(7);
    expect(all.rows.map((r) => r.developmentId)).toEqual(expected.map((r) => r.id));
    expect(all.pages[3]?.headers['x-total-amount']).toBe(
      (expected.reduce((s, r) => s + Number(r.amount_paise), 0) / 100).toFixed(2),
    );

    const plotRows = expected.filter((r) => r.plot_id === plotId);
    const byPlot = await readAll(`/api/partnercontribution?projectId=${project.projectId}&plotId=${plotId}&limit=30`);
    expect(byPlot.pages).toHaveLength(4);
    expect(byPlot.rows.map((r) => r.developmentId)).toEqual(plotRows.map((r) => r.id));
    expect(byPlot.pages[0]?.headers['x-total-count']).toBe('100');

    const searched = await get(`/api/partnercontribution?projectId=${project.projectId}&q=per%20plot&limit=1`);
    expect(searched.headers['x-total-count']).toBe('100');
    expect((await get(`/api/partnercontribution?projectId=${project.projectId}&cursor=xyz`)).statusCode).toBe(400);
  });

  it.each(['+99', '+16', '+05:99'])(
    'refuses a created-time cursor whose offset is %s with a plain 400',
    async (offset) => {
      const { project } = await farm();
      const cursor = Buffer.from(`["2026-01-01 00:00:00${offset}",1]`).toString('base64url');
      for (const url of [
        `/api/activity/list?projectId=${project.projectId}&cursor=${cursor}`,
        `/api/project/all-details?cursor=${cursor}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(CURSOR_ERROR);
      }
    },
  );

  it.each(['2026-02-30', '0000-01-01', '2026-13-01'])(
    'refuses a date cursor on %s, a day the calendar does not have, with the cursor message',
    async (day) => {
      const { project } = await farm();
      const cursor = Buffer.from(`["${day}",1]`).toString('base64url');
      const res = await get(`/api/development/by-project/${project.projectId}?cursor=${cursor}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(CURSOR_ERROR);
    },
  );

  it('pages activities without repeats when many share the same created time', async () => {
    const { project } = await farm();
    // One statement: every row gets the same now(), so only the id breaks the ties.
    await t.asTenant(acme, (tdb) =>
      insertActivities(
        tdb,
        range(77).map((n) => ({
          projectId: project.projectId,
          activityType: 'PLOT_SALE',
          activityName: `Sale ${n}`,
          status: n % 2 === 0 ? 'Active' : 'Inactive',
        })),
      ),
    );
    const all = await readAll(`/api/activity/list?projectId=${project.projectId}&limit=10`);
    expect(all.pages).toHaveLength(8);
    const ids = all.rows.map((r) => r.id as number);
    expect(new Set(ids).size).toBe(77);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.pages[0]?.headers['x-total-count']).toBe('77');
    const searched = await get(`/api/activity/list?projectId=${project.projectId}&q=sale%207`);
    expect(searched.json().map((r: { activityName: string }) => r.activityName)).toEqual([
      'Sale 7',
      'Sale 70',
      'Sale 71',
      'Sale 72',
      'Sale 73',
      'Sale 74',
      'Sale 75',
      'Sale 76',
      'Sale 77',
    ]);
    expect(searched.headers['x-unfiltered-count']).toBe('77');
    expect(searched.headers['x-total-count']).toBe('9');
  });
});
