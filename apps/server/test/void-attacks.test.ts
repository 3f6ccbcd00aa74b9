import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { type factories, setUpCompanies } from './factories.js';
import { engines, type TestContext } from './helpers.js';
import { receiptHelpers } from './receipt-helpers.js';
import { trailOf } from './voids.js';

/** Issue 19's voids, edits and archives as a hostile or careless client sends them. */
describe.each(engines)('voids and archives against a careless client on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let adminToken: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  beforeAll(async () => {
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
  });
  const { soldPlot, line, pay, receipts } = receiptHelpers(() => ({ t, acme, token, f }));
  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = token) =>
    t.call(acme.tenantId, { method, url, token: as, ...(payload ? { payload } : {}) });

  /** A sold plot with a Pending receipt of two lines, ₹ 10,000 and ₹ 2,500. */
  async function pending() {
    const s = await soldPlot();
    const res = await pay(s, 'Pending', [line(s, { amount: 10000 }), line(s, { amount: 2500 })]);
    expect(res.statusCode, res.body).toBe(201);
    const [receipt] = await receipts(s);
    const [first, second] = receipt.lines.map((l: { receiptLineId: number }) => l.receiptLineId) as [number, number];
    return { s, receiptId: res.json().receiptId as number, first, second };
  }

  it('answers the same void sent twice at once with one 200 and one 409, and records one trail row', async () => {
    const { receiptId, first } = await pending();
    const both = await Promise.all([
      call('POST', `/api/payment/line/${first}/void`, { reason: 'Twice' }),
      call('POST', `/api/payment/line/${first}/void`, { reason: 'Twice' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await trailOf(t, acme, 'receipt', receiptId)).filter((r) => r.action === 'void')).toHaveLength(1);

    const { id } = await f.purchase({ amount: 100 });
    const purchases = await Promise.all([
      call('DELETE', `/api/purchase/${id}`, { reason: 'Twice' }),
      call('DELETE', `/api/purchase/${id}`, { reason: 'Twice' }),
    ]);
    expect(purchases.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await trailOf(t, acme, 'purchase', id)).map((r) => r.action)).toEqual(['create', 'void']);
  });

  it('voids the two lines of a two-line receipt at once: one of them, never both', async () => {
    const { s, first, second } = await pending();
    const both = await Promise.all([
      call('POST', `/api/payment/line/${first}/void`, { reason: 'Race' }),
      call('POST', `/api/payment/line/${second}/void`, { reason: 'Race' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [receipt] = await receipts(s);
    expect([10000, 2500]).toContain(receipt.total);
  });

  it('serialises two edits of one line, and a void racing an edit: the trail chains before and after', async () => {
    const { s, receiptId, first } = await pending();
    const edits = await Promise.all([
      call('PUT', `/api/payment/line/${first}`, { amount: 9000 }),
      call('PUT', `/api/payment/line/${first}`, { amount: 8000 }),
    ]);
    expect(edits.map((r) => r.statusCode)).toEqual([200, 200]);
    const updates = (await trailOf(t, acme, 'receipt', receiptId)).filter((r) => r.action === 'update');
    expect(updates).toHaveLength(2);
    // The second edit saw the first: its "before" is the first one's "after".
    expect(updates[1]?.changes.amount_paise?.[0]).toBe(updates[0]?.changes.amount_paise?.[1]);
    const last = updates[1]?.changes.amount_paise?.[1] as number;
    expect((await receipts(s))[0].total).toBe(last / 100 + 2500);

    const raced = await Promise.all([
      call('PUT', `/api/payment/line/${first}`, { amount: 7000 }),
      call('POST', `/api/payment/line/${first}/void`, { reason: 'Wrong line' }),
    ]);
    expect(raced[1]?.statusCode).toBe(200);
    expect([200, 409]).toContain(raced[0]?.statusCode);
    expect((await receipts(s))[0].total).toBe(2500);
  });

  it('refuses careless reasons and amounts with a 400 naming the field, and changes nothing', async () => {
    const { s, first } = await pending();
    const refused = [
      [{ reason: '   ' }, 'reason'],
      [{ reason: 'x'.repeat(10_000) }, 'reason'],
      [{ reason: 'bad\u0007bell' }, 'reason'],
    ] as const;
    for (const [body, field] of refused) {
      const res = await call('POST', `/api/payment/line/${first}/void`, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain(field);
    }
    for (const amount of [0, -5, 12.345, 1e15, 'NaN', null]) {
      const res = await call('PUT', `/api/payment/line/${first}`, { amount });
      expect(res.statusCode, String(amount)).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toContain('amount');
    }
    expect((await call('POST', '/api/payment/line/99999999999/void', { reason: 'Huge' })).statusCode).toBe(400);
    expect((await call('POST', '/api/payment/line/2147483647/void', { reason: 'Huge' })).statusCode).toBe(404);
    expect((await receipts(s))[0].total).toBe(12500);
  });

  it('refuses an edit of a receipt line naming an archived plot, project or partner', async () => {
    for (const kind of ['plot', 'project', 'partner'] as const) {
      const { s, first } = await pending();
      const id = kind === 'plot' ? s.plotId : kind === 'project' ? s.projectId : s.partnerId;
      const archived = await call('POST', `/api/${kind}/${id}/archive`, { reason: 'Closed' }, adminToken);
      expect(archived.statusCode, archived.body).toBe(200);
      const edit = await call('PUT', `/api/payment/line/${first}`, { amount: 11000 });
      expect(edit.statusCode, `${kind}: ${edit.body}`).toBe(409);
      expect(edit.json().message).toMatch(/is archived; restore it before recording money against it\.$/);
      // A void takes money away: still allowed.
      expect((await call('POST', `/api/payment/line/${first}/void`, { reason: 'Wrong' })).statusCode).toBe(200);
      expect((await receipts(s))[0].total).toBe(2500);
    }
  });
});
