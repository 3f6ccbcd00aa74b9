import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** POST /api/payment/{id}/reverse: a Completed receipt taken back with a reason; it stays, and counts nowhere. */
describe.each(engines)('receipt reversals on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary, receipts } = receiptHelpers(() => ({ t, acme, token, f }));
  const reverse = (
    receiptId: number,
    body: object | undefined = { reason: 'Entered on the wrong plot' },
    headers = {},
  ) => api('POST', `/api/payment/${receiptId}/reverse`, body, headers);

  /** The kept totals of a plot and its project: plot_money and the Completed month totals. */
  const kept = (plotId: number, projectId: number) =>
    t.asTenant(acme, async (tdb) => ({
      plot: await tdb
        .selectFrom('plot_money')
        .select(['received_paise', 'installment_paise'])
        .where('plot_id', '=', plotId)
        .executeTakeFirst(),
      months: await tdb
        .selectFrom('receipt_month_totals')
        .select(['status', 'total_paise', 'lines'])
        .where('project_id', '=', projectId)
        .where('total_paise', '<>', paise(0))
        .orderBy('status')
        .execute(),
    }));

  it('takes a Completed receipt out of every total and keeps it listed as Reversed, with who and why', async () => {
    // ₹ 1,00,000 on EMI over 4 months; ₹ 25,000 paid as an installment and ₹ 10,000 advance, credited to the partner.
    const s = await soldPlot({ emi: { months: 4 } });
    const wrong = await pay(s, 'Completed', [line(s, { particular: 'Installment', amount: 25000 })]);
    expect((await pay(s, 'Completed', [line(s, { amount: 10000 })])).statusCode).toBe(201);
    const partnerBefore = (await api('GET', `/api/payment/partners-summary?projectId=${s.projectId}`)).json();
    const receiptId = wrong.json().receiptId as number;

    const res = await reverse(receiptId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Receipt reversed. ₹ 25,000.00 no longer counts as received.',
      receiptId,
      status: 'Reversed',
      total: 25000,
      received: 10000,
      pendingBalance: 90000,
    });
    expect(await summary(s)).toMatchObject({ received: 10000, awaitingClearance: 0, pendingBalance: 90000 });
    expect(await kept(s.plotId, s.projectId)).toEqual({
      plot: { received_paise: 10000_00, installment_paise: 0 },
      months: [
        { status: 'Completed', total_paise: 10000_00, lines: 1 },
        { status: 'Reversed', total_paise: 25000_00, lines: 1 },
      ],
    });
    const schedule = (await api('GET', `/api/sale/${s.saleId}/schedule`)).json();
    expect(schedule.installments.map((i: { paid: number }) => i.paid)).toEqual([0, 0, 0, 0]);
    const partnerAfter = (await api('GET', `/api/payment/partners-summary?projectId=${s.projectId}`)).json();
    const of = (rows: { partnerId: number; received: number }[]) => rows.find((p) => p.partnerId === s.partnerId);
    expect(of(partnerAfter)?.received).toBe((of(partnerBefore)?.received ?? 0) - 25000);

    const listed = (await receipts(s)).find((r: { receiptId: number }) => r.receiptId === receiptId);
    expect(listed).toMatchObject({
      status: 'Reversed',
      total: 25000,
      reverseReason: 'Entered on the wrong plot',
      reversedBy: expect.any(String),
      reversedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(listed.lines).toHaveLength(1);
  });

  it('answers the pending of what the buyer owes: the transfer fee charged on the sale counts', async () => {
    // ₹ 1,00,000; ₹ 10,000 and ₹ 20,000 received; handed to another buyer for a fee of ₹ 5,000; the ₹ 20,000
    // reversed: 1,00,000 + 5,000 − 10,000 still owed, as the plot's payment summary says.
    const s = await soldPlot();
    expect((await pay(s, 'Completed', [line(s)])).statusCode).toBe(201);
    const wrong = (await pay(s, 'Completed', [line(s, { amount: 20000, mode: 'Cheque' })])).json().receiptId;
    const buyer = (await api('POST', '/api/buyer', { name: 'Sita Rao', mobile: '9876500011' })).json();
    const transfer = { date: '2026-10-06', toBuyerId: buyer.buyerId, transferFee: 5000, reason: 'Resold' };
    expect((await api('POST', `/api/sale/${s.saleId}/transfer`, transfer)).statusCode).toBe(201);
    const res = await reverse(wrong);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ received: 10000, pendingBalance: 95000 });
    expect(await summary(s)).toMatchObject({ received: 10000, pendingBalance: 95000 });
  });

  it('refuses a second reversal (409)', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Completed', [line(s)])).json();
    expect((await reverse(receiptId)).statusCode).toBe(200);
    const again = await reverse(receiptId);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This receipt is already reversed.');
  });

  it('replays a double submit with the same Idempotency-Key', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Completed', [line(s)])).json();
    const key = { 'idempotency-key': 'reverse-1' };
    const [a, b] = await Promise.all([reverse(receiptId, undefined, key), reverse(receiptId, undefined, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
  });

  it('refuses reversing a Pending receipt: it is cancelled instead (409)', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { mode: 'Cheque' })])).json();
    const res = await reverse(receiptId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This receipt is Pending: cancel it instead of reversing it\./);
    expect(await summary(s)).toMatchObject({ awaitingClearance: 10000 });
  });

  it('refuses a reversal without a reason (400 on reason), and answers 404 for no such receipt', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Completed', [line(s)])).json();
    for (const body of [{}, { reason: '  ' }]) {
      const res = await reverse(receiptId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ reason: 'Give a reason for reversing this receipt' });
    }
    expect((await reverse(999999)).statusCode).toBe(404);
    expect(await summary(s)).toMatchObject({ received: 10000 });
  });

  it('refuses reversing a receipt of a registered plot (409)', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Completed', [line(s, { amount: 100000 })])).json();
    await f.registration({ plotId: s.plotId });
    const res = await reverse(receiptId);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/is registered: its receipts can no longer be reversed\.$/);
  });

  it('does not take a Reversed status when a receipt is saved', async () => {
    const s = await soldPlot();
    const res = await pay(s, 'Reversed' as 'Completed', [line(s)]);
    expect(res.statusCode).toBe(400);
  });
});
