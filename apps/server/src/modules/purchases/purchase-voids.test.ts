import { EDIT_REASON_REQUIRED, VOID_REASON_REQUIRED } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { backDate, correctionsOf, trailOf } from '../../../test/voids.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** Voids of purchase and development entries (issue 19): the row stays, leaves every total, and the trail says why. */
describe.each(engines)('voided entries on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });
  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object, as = token, on = acme) =>
    t.call(on.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });
  const get = async (url: string) => {
    const res = await call('GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const row = (projectId: number, partnerId: number, change: object = {}) => ({
    projectId,
    partnerId,
    particular: 'Kharedikhar',
    date: '2026-02-01',
    mode: 'Cash',
    amount: 1000,
    ...change,
  });
  /** The figures a void must move: Project Wise's investment and the partner's on Payment To Partner. */
  const figures = async (projectId: number) => {
    const projectWise = await get('/api/report/project-wise');
    const [partner] = await get(`/api/payment/partners-summary?projectId=${projectId}`);
    return {
      investment: projectWise.data.find((r: { projectId: number }) => r.projectId === projectId)?.investment,
      partnerInvestment: partner.investment,
    };
  };

  it('voids a purchase: the row stays with who, when and why, one trail row, and it leaves every figure', async () => {
    const project = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId: project.projectId, share: 100, name: 'Asha' });
    const kept = await f.purchase({ projectId: project.projectId, partnerId, amount: 1000 });
    const { id } = await f.purchase({ projectId: project.projectId, partnerId, amount: 400.25 });
    await f.development({ projectId: project.projectId, partnerId, amount: 100 });
    expect(await figures(project.projectId)).toEqual({ investment: 1500.25, partnerInvestment: 1500.25 });

    const missing = await call('DELETE', `/api/purchase/${id}`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: VOID_REASON_REQUIRED, fields: { reason: VOID_REASON_REQUIRED } });
    expect((await call('DELETE', `/api/purchase/${id}`, { reason: '   ' })).statusCode).toBe(400);
    const voided = await call('DELETE', `/api/purchase/${id}?reason=${encodeURIComponent('Entered twice')}`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toEqual({ message: 'Purchase entry voided.' });

    expect(await figures(project.projectId)).toEqual({ investment: 1100, partnerInvestment: 1100 });
    const list = await call('GET', `/api/purchase/by-project/${project.projectId}`);
    expect(list.json().map((r: { plotPurchaseId: number }) => r.plotPurchaseId)).toEqual([kept.id]);
    expect(list.headers['x-total-amount']).toBe('1000.00');
    const shown = await call('GET', `/api/purchase/by-project/${project.projectId}?voided=include`);
    expect(shown.json().map((r: { plotPurchaseId: number }) => r.plotPurchaseId)).toEqual([kept.id, id]);
    expect(shown.json()[0]).toMatchObject({ voidedAt: null, voidedBy: null, voidReason: null });
    expect(shown.json()[1]).toMatchObject({ amount: 400.25, voidedBy: 'Test USER', voidReason: 'Entered twice' });
    // The listed voided row counts in no total.
    expect(shown.headers['x-total-amount']).toBe('1000.00');

    const stored = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('purchase_entry_rows')
        .select(['amount_paise', 'voided_at', 'voided_by', 'void_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toMatchObject({ amount_paise: 40025, void_reason: 'Entered twice' });
    expect(stored.voided_at).toBeInstanceOf(Date);
    expect(stored.voided_by).toBeGreaterThan(0);
    const trail = await trailOf(t, acme, 'purchase', id);
    expect(trail.map((r) => [r.action, r.reason, r.changes])).toEqual([
      ['create', null, expect.any(Object)],
      ['void', 'Entered twice', { voided: [false, true] }],
    ]);

    const again = await call('DELETE', `/api/purchase/${id}`, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This purchase entry is already voided.' });
    const edit = await call('PUT', `/api/purchase/${id}`, row(project.projectId, partnerId));
    expect(edit.statusCode).toBe(409);
    expect(await trailOf(t, acme, 'purchase', id)).toHaveLength(2);
  });

  it("answers 404 for another company's entry, and leaves it alone", async () => {
    const { id, projectId } = await f.purchase({ amount: 700 });
    const dev = await f.development({ projectId, amount: 300 });
    for (const url of [`/api/purchase/${id}`, `/api/development/${dev.id}`]) {
      const res = await call('DELETE', url, { reason: 'Not ours' }, globexToken, globex);
      expect(res.statusCode).toBe(404);
    }
    const [purchase] = await get(`/api/purchase/by-project/${projectId}`);
    expect(purchase).toMatchObject({ plotPurchaseId: id, voidedAt: null });
  });

  it('voids a development entry as a USER or an admin, and it leaves Project Wise and the partner', async () => {
    const project = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId: project.projectId, share: 100 });
    await f.purchase({ projectId: project.projectId, partnerId, amount: 1000 });
    const a = await f.development({ projectId: project.projectId, partnerId, amount: 250 });
    const b = await f.development({ projectId: project.projectId, partnerId, amount: 50 });
    const admin = await t.userToken(acme, 'TENANT_ADMIN');
    const byUser = await call('DELETE', `/api/development/${a.id}?reason=Wrong%20project`);
    expect(byUser.statusCode).toBe(200);
    expect(byUser.json()).toEqual({ message: 'Development entry voided.' });
    const byAdmin = await call('DELETE', `/api/development/${b.id}`, { reason: 'Duplicate' }, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(await figures(project.projectId)).toEqual({ investment: 1000, partnerInvestment: 1000 });
    const listed = await get(`/api/development/by-project/${project.projectId}?voided=include`);
    expect(listed.map((r: { voidReason: string }) => r.voidReason)).toEqual(['Wrong project', 'Duplicate']);
    expect(await get(`/api/development/by-project/${project.projectId}`)).toEqual([]);
    expect((await correctionsOf(t, acme, 'development', a.id)).map((r) => [r.action, r.reason])).toEqual([
      ['void', 'Wrong project'],
    ]);
    expect((await call('DELETE', `/api/development/${a.id}`, { reason: 'x' })).statusCode).toBe(409);
  });

  it('an edit of an entry saved before today needs a reason, and the trail row keeps it', async () => {
    const { id, projectId, partnerId } = await f.purchase({ amount: 1000 });
    // Saved today: no reason needed.
    expect((await call('PUT', `/api/purchase/${id}`, row(projectId, partnerId, { amount: 1100 }))).statusCode).toBe(
      200,
    );
    await backDate(t, acme, 'purchase_entry_rows', id);
    const refused = await call('PUT', `/api/purchase/${id}`, row(projectId, partnerId, { amount: 1200 }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: EDIT_REASON_REQUIRED, fields: { reason: EDIT_REASON_REQUIRED } });
    const edited = await call(
      'PUT',
      `/api/purchase/${id}`,
      row(projectId, partnerId, { amount: 1200, reason: 'Typo' }),
    );
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ amount: 1200, voidedAt: null });
    const trail = await trailOf(t, acme, 'purchase', id);
    expect(trail.map((r) => [r.action, r.reason])).toEqual([
      ['create', null],
      ['update', null],
      ['update', 'Typo'],
    ]);
    expect(trail[2]?.changes).toEqual({ amount_paise: [110000, 120000] });
  });

  it('a contribution edit saved before today needs a reason too; its trail row names the contribution', async () => {
    const { id, partnerId } = await f.development({ amount: 500 });
    await backDate(t, acme, 'development_entry_rows', id);
    const edit = { developmentId: id, particular: 'Road Rate', amount: 600, partnerId };
    const refused = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/partnercontribution/update',
      token,
      payload: edit,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ reason: EDIT_REASON_REQUIRED });
    const done = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/partnercontribution/update',
      token,
      payload: { ...edit, reason: 'Rate revised' },
    });
    expect(done.statusCode).toBe(200);
    const trail = await trailOf(t, acme, 'contribution', id);
    expect(trail.map((r) => [r.action, r.reason, r.changes])).toEqual([
      ['update', 'Rate revised', { amount_paise: [50000, 60000] }],
    ]);
    const base = await t.asTenant(acme, (tdb) =>
      sql<{ n: number }>`select count(*)::int as n from development_entry_rows where id = ${id}`.execute(tdb),
    );
    expect(base.rows[0]?.n).toBe(1);
  });
});
