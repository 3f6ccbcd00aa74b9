import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('cancelling a sale with a refund on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let globexToken: string;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });
  const { soldPlot, line, api, pay, summary, receipts, setStatus } = receiptHelpers(() => ({ t, acme, token, f }));

  /** A sold plot (₹ 1,00,000) that has received ₹ 30,000 in two Completed receipts. */
  const paidPlot = async () => {
    const s = await soldPlot();
    expect((await pay(s, 'Completed', [line(s, { amount: 20000 })])).statusCode).toBe(201);
    expect((await pay(s, 'Completed', [line(s, { amount: 10000 })])).statusCode).toBe(201);
    return s;
  };
  const cancel = (saleId: number, body: object = {}) =>
    api('POST', `/api/sale/${saleId}/cancel`, {
      date: '2026-11-10',
      reason: 'Buyer withdrew',
      refundAmount: 25000,
      refundMode: 'Cheque',
      modeDetail: 'CHQ 4411',
      retainedAmount: 5000,
      ...body,
    });

  it('refuses a refund and retained that do not add up to what the sale received, naming it', async () => {
    const s = await paidPlot();
    const res = await cancel(s.saleId, { refundAmount: 25000, retainedAmount: 4000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Refund ₹ 25,000.00 and retained ₹ 4,000.00 must add up to ₹ 30,000.00, what this sale has received.',
    );
    expect((await summary(s)).isSold).toBe(true);
  });

  it('cancels: the refund cheque Pending, the retained kept, the plot free and resold from received 0', async () => {
    const s = await paidPlot();
    const res = await cancel(s.saleId);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      saleId: s.saleId,
      received: 30000,
      refund: 25000,
      retained: 5000,
      refundMode: 'Cheque',
      refundStatus: 'Pending',
      refundPaidDate: null,
    });
    expect(await summary(s)).toMatchObject({ isSold: false, received: 0 });
    // Resold: the new sale starts at 0; the old receipts stay, with their state.
    const resale = await api('POST', '/api/sale', {
      projectId: s.projectId,
      plotId: s.plotId,
      saleDate: '2026-11-12',
      saleAmount: 90000,
      paymentType: 'Cash',
    });
    expect(resale.statusCode).toBe(201);
    expect(await summary(s)).toMatchObject({ isSold: true, saleAmount: 90000, received: 0, pendingBalance: 90000 });
    expect((await receipts(s)).map((r: { status: string; total: number }) => [r.status, r.total])).toEqual(
      expect.arrayContaining([
        ['Completed', 20000],
        ['Completed', 10000],
      ]),
    );
    const listing = (await api('GET', `/api/sale/project/${s.projectId}?cancelled=include`)).json();
    expect(
      listing.map((r: { status: string; received: number; pending: number }) => [r.status, r.received, r.pending]),
    ).toEqual([
      ['Cancelled', 30000, 0],
      ['Active', 0, 90000],
    ]);
    expect((await api('GET', `/api/sale/project/${s.projectId}`)).json()).toHaveLength(1);
    const old = (await api('GET', `/api/sale/${s.saleId}/schedule`)).json();
    expect(old).toMatchObject({ status: 'Cancelled', received: 30000, pending: 0 });
  });

  it('clears a refund cheque once: Pending → Completed with its date, then 409', async () => {
    const s = await paidPlot();
    await cancel(s.saleId);
    const cleared = await api('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-02' });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ refundStatus: 'Completed', refundPaidDate: '2026-12-02' });
    const again = await api('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-02' });
    expect(again.statusCode).toBe(409);
  });

  it('pays a refund by UPI at once, and debits the partners who hold the money', async () => {
    const s = await paidPlot();
    const res = await cancel(s.saleId, { refundMode: 'UPI', modeDetail: 'UTR 99' });
    expect(res.json()).toMatchObject({ refundStatus: 'Completed', refundPaidDate: '2026-11-10' });
    const debits = await t.asTenant(acme, (tdb) =>
      tdb.selectFrom('sale_refund_debits').select(['partner_id', 'amount_paise']).execute(),
    );
    expect(debits.filter((d) => d.partner_id === s.partnerId).map((d) => Number(d.amount_paise))).toEqual([25000_00]);
  });

  it('refuses a registered plot, a second cancel, and a sale with Pending receipts (409)', async () => {
    const s = await paidPlot();
    await f.registration({ plotId: s.plotId });
    expect((await cancel(s.saleId)).statusCode).toBe(409);

    const p = await paidPlot();
    const pending = (await pay(p, 'Pending', [line(p, { mode: 'Cheque', amount: 5000 })])).json();
    const refused = await cancel(p.saleId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This sale has Pending receipts of ₹ 5,000.00: clear or cancel them first.');
    expect((await setStatus(pending.receiptId, 'Cancelled')).statusCode).toBe(200);
    expect((await cancel(p.saleId)).statusCode).toBe(201);
    const second = await cancel(p.saleId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('This sale is already cancelled.');
  });

  it('freezes a cancelled sale’s receipts: no new receipt on the plot until resold', async () => {
    const s = await paidPlot();
    await cancel(s.saleId);
    expect((await pay(s, 'Completed', [line(s, { amount: 100 })])).statusCode).toBe(409);
  });

  it('lets exactly one of 20 parallel cancels succeed', async () => {
    const s = await paidPlot();
    const results = await Promise.all(Array.from({ length: 20 }, () => cancel(s.saleId)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rows = await t.asTenant(acme, (tdb) =>
      tdb.selectFrom('sale_cancellations').select('id').where('sale_id', '=', s.saleId).execute(),
    );
    expect(rows).toHaveLength(1);
  });

  it('keeps received = refund + retained when a cancel races a receipt', async () => {
    for (let round = 0; round < 3; round++) {
      const s = await paidPlot();
      const [receipt, cancelled] = await Promise.all([
        pay(s, 'Completed', [line(s, { amount: 7000 })]),
        cancel(s.saleId),
      ]);
      const rows = await t.asTenant(acme, (tdb) =>
        tdb
          .selectFrom('receipts')
          .select(['total_paise'])
          .where('sale_id', '=', s.saleId)
          .where('status', '=', 'Completed')
          .execute(),
      );
      const received = rows.reduce((n, r) => n + Number(r.total_paise), 0);
      if (cancelled.statusCode === 201) {
        // The receipt lost the race (the plot is no longer sold) and the cancel counted ₹ 30,000.
        expect(receipt.statusCode).toBe(409);
        expect(received).toBe(30000_00);
      } else {
        // The receipt came first: the cancel's split no longer adds up (400), nothing cancelled.
        expect(receipt.statusCode).toBe(201);
        expect(cancelled.statusCode).toBe(400);
        expect(received).toBe(37000_00);
        expect((await cancel(s.saleId, { retainedAmount: 12000 })).statusCode).toBe(201);
      }
      const kept = await t.asTenant(acme, (tdb) =>
        tdb
          .selectFrom('sale_cancellations')
          .select(['received_paise', 'refund_paise', 'retained_paise'])
          .where('sale_id', '=', s.saleId)
          .executeTakeFirstOrThrow(),
      );
      expect(Number(kept.received_paise)).toBe(received);
      expect(Number(kept.refund_paise) + Number(kept.retained_paise)).toBe(received);
    }
  });

  it('answers 404 for another company’s sale', async () => {
    const s = await paidPlot();
    const res = await t.call(globex.tenantId, {
      method: 'POST',
      url: `/api/sale/${s.saleId + 100000}/cancel`,
      token: globexToken,
      payload: { date: '2026-11-10', reason: 'x', refundAmount: 0, retainedAmount: 0 },
    });
    expect(res.statusCode).toBe(404);
    const clear = await t.call(globex.tenantId, {
      method: 'POST',
      url: `/api/sale/${s.saleId}/refund/clear`,
      token: globexToken,
      payload: { date: '2026-11-10' },
    });
    expect(clear.statusCode).toBe(404);
  });

  it('keeps the plot money of a cancelled sale apart: plot_money holds only the new sale’s', async () => {
    const s = await paidPlot();
    await cancel(s.saleId, { refundAmount: 0, refundMode: null, modeDetail: null, retainedAmount: 30000 });
    const { saleId } = await f.sale({ projectId: s.projectId, plotId: s.plotId, amountPaise: paise(50000_00) });
    expect((await pay(s, 'Completed', [line(s, { amount: 4000 })])).statusCode).toBe(201);
    const money = await t.asTenant(acme, (tdb) =>
      tdb.selectFrom('plot_money').select('received_paise').where('plot_id', '=', s.plotId).executeTakeFirst(),
    );
    expect(Number(money?.received_paise)).toBe(4000_00);
    expect((await api('GET', `/api/sale/${saleId}/schedule`)).json()).toMatchObject({ received: 4000, pending: 46000 });
  });
});
