import { EDIT_REASON_REQUIRED, VOID_REASON_REQUIRED } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import { backDate, trailOf } from '../../../test/voids.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** A Pending receipt's lines edited and voided (issue 19): the receipt's total and every report follow the live lines. */
describe.each(engines)('receipt line edits and voids on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });
  const { soldPlot, line, api, pay, receipts, setStatus } = receiptHelpers(() => ({ t, acme, token, f }));
  const post = (url: string, payload: object, as = token, on = acme) =>
    t.call(on.tenantId, { method: 'POST', url, token: as, payload });
  const voidLine = (lineId: number, reason?: string, as?: string, on?: TenantRecord) =>
    post(`/api/payment/line/${lineId}/void`, reason === undefined ? {} : { reason }, as, on);

  /** A sold plot with a Pending receipt of two lines, ₹ 10,000 and ₹ 2,500. */
  async function pending() {
    const s = await soldPlot();
    const res = await pay(s, 'Pending', [line(s, { amount: 10000 }), line(s, { amount: 2500, date: '2026-11-03' })]);
    expect(res.statusCode, res.body).toBe(201);
    const receiptId = res.json().receiptId as number;
    const [receipt] = await receipts(s);
    const [first, second] = receipt.lines.map((l: { receiptLineId: number }) => l.receiptLineId) as [number, number];
    return { s, receiptId, first, second };
  }

  it("voids a line: it stays, listed only when asked, and leaves the receipt's total, the dashboard and the reports", async () => {
    const { s, receiptId, first, second } = await pending();
    const missing = await voidLine(second);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: VOID_REASON_REQUIRED, fields: { reason: VOID_REASON_REQUIRED } });
    const voided = await voidLine(second, 'Bounced part');
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toEqual({ message: 'Receipt line voided.' });
    expect((await voidLine(second, 'Again')).statusCode).toBe(409);
    const only = await voidLine(first, 'Everything');
    expect(only.statusCode).toBe(409);

    const [receipt] = await receipts(s);
    expect(receipt).toMatchObject({ receiptId, total: 10000 });
    expect(receipt.lines.map((l: { receiptLineId: number }) => l.receiptLineId)).toEqual([first]);
    const [shown] = (await api('GET', `/api/payment/plot/${s.plotId}?voided=include`)).json();
    expect(shown.total).toBe(10000);
    expect(shown.lines[1]).toMatchObject({ receiptLineId: second, amount: 2500, voidReason: 'Bounced part' });
    expect(shown.lines[1].voidedBy).toBe('Test USER');

    // Cleared, the receipt counts ₹ 10,000 received everywhere: the voided line nowhere.
    const before = (await api('GET', '/api/dashboard')).json().totalRevenue;
    expect((await setStatus(receiptId, 'Completed')).statusCode).toBe(200);
    expect((await api('GET', '/api/dashboard')).json().totalRevenue).toBe(before + 10000);
    const projectWise = (await api('GET', '/api/report/project-wise')).json();
    const row = projectWise.data.find((r: { projectId: number }) => r.projectId === s.projectId);
    expect(row.amountReceived).toBe(10000);
    const [partner] = (await api('GET', `/api/payment/partners-summary?projectId=${s.projectId}`)).json();
    expect(partner.received).toBe(10000);

    const trail = await trailOf(t, acme, 'receipt', receiptId);
    expect(trail.filter((r) => r.action === 'void')).toEqual([
      expect.objectContaining({
        reason: 'Bounced part',
        changes: { line_id: [second, second], voided: [false, true], total_paise: [1250000, 1000000] },
      }),
    ]);
  });

  it("edits a Pending receipt's line amount, keeps the total, and refuses a cleared receipt's line", async () => {
    const { s, receiptId, first, second } = await pending();
    const edit = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/payment/line/${first}`,
      token,
      payload: { amount: 9000.5, modeDetail: 'Cash at site' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const [receipt] = await receipts(s);
    expect(receipt.total).toBe(11500.5);
    expect(receipt.lines[0]).toMatchObject({ amount: 9000.5, modeDetail: 'Cash at site' });
    const [update] = (await trailOf(t, acme, 'receipt', receiptId)).filter((r) => r.action !== 'create');
    expect(update).toMatchObject({ action: 'update', reason: null });
    expect(update?.changes).toMatchObject({ line_id: [first, first], amount_paise: [1000000, 900050] });

    // More than the sale leaves pending: refused.
    const tooMuch = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/payment/line/${second}`,
      token,
      payload: { amount: 95000 },
    });
    expect(tooMuch.statusCode).toBe(409);

    expect((await setStatus(receiptId, 'Completed')).statusCode).toBe(200);
    const cleared = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/payment/line/${first}`,
      token,
      payload: { amount: 1 },
    });
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toMatch(/^A cleared receipt is not changed; /);
    expect((await voidLine(first, 'Late')).statusCode).toBe(409);
  });

  it('an edit of a line of a receipt saved before today needs a reason; the trail keeps it', async () => {
    const { receiptId, first } = await pending();
    await backDate(t, acme, 'receipts', receiptId);
    const put = (payload: object) =>
      t.call(acme.tenantId, { method: 'PUT', url: `/api/payment/line/${first}`, token, payload });
    const refused = await put({ amount: 9000 });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: EDIT_REASON_REQUIRED, fields: { reason: EDIT_REASON_REQUIRED } });
    expect((await put({ amount: 9000, reason: 'Counted again' })).statusCode).toBe(200);
    const trail = await trailOf(t, acme, 'receipt', receiptId);
    expect(trail.map((r) => [r.action, r.reason])).toEqual([
      ['create', null],
      ['update', 'Counted again'],
    ]);
  });

  it("answers 404 for another company's line, and an admin may void as a USER may", async () => {
    const { s, second } = await pending();
    expect((await voidLine(second, 'Not ours', globexToken, globex)).statusCode).toBe(404);
    const admin = await t.userToken(acme, 'TENANT_ADMIN');
    expect((await voidLine(second, 'Duplicate', admin)).statusCode).toBe(200);
    expect((await receipts(s))[0].total).toBe(10000);
  });
});
