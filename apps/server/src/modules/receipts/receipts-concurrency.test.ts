import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('receipts saved at once and twice on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary, receipts, setStatus } = receiptHelpers(() => ({ t, acme, token, f }));

  it('lets only one of ten clerks saving at once take the last of the balance', async () => {
    const s = await soldPlot({ receipts: [{ status: 'Completed', amountPaise: paise(40000_00), date: '2026-10-02' }] });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(s, 'Completed', [line(s, { amount: 60000 })])),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await summary(s)).toMatchObject({ received: 100000, pendingBalance: 0 });
  });

  it('loses no money when ten clerks save installments of one plot at once: the kept totals are every receipt', async () => {
    // ₹ 1,00,000 on EMI: 4 months of ₹ 25,000; ten Completed installments of ₹ 5,000 pay the first two.
    const s = await soldPlot({ emi: { months: 4 } });
    const results = await Promise.all(
      Array.from({ length: 10 }, () => pay(s, 'Completed', [line(s, { particular: 'Installment', amount: 5000 })])),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const kept = await t.asTenant(acme, async (tdb) => ({
      money: await tdb
        .selectFrom('plot_money')
        .select(['received_paise', 'installment_paise'])
        .where('plot_id', '=', s.plotId)
        .executeTakeFirst(),
      paid: await tdb
        .selectFrom('emi_installments')
        .select('paid_paise')
        .where('sale_id', '=', s.saleId)
        .orderBy('installment_no')
        .execute(),
    }));
    expect(kept.money).toEqual({ received_paise: 50000_00, installment_paise: 50000_00 });
    expect(kept.paid.map((r) => Number(r.paid_paise))).toEqual([25000_00, 25000_00, 0, 0]);
  });

  it('clears only one of two cheques that together would overpay, even when both are cleared at once', async () => {
    const s = await soldPlot();
    const a = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 60000 })])).json();
    const b = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 60000 })])).json();
    const results = await Promise.all([setStatus(a.receiptId, 'Completed'), setStatus(b.receiptId, 'Completed')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await summary(s)).toMatchObject({ received: 60000, awaitingClearance: 60000, pendingBalance: 40000 });
  });

  it('records a double submit with the same Idempotency-Key only once', async () => {
    const s = await soldPlot();
    const key = { 'idempotency-key': 'receipt-form-1' };
    const [a, b] = await Promise.all([
      pay(s, 'Completed', [line(s, { amount: 7000 })], key),
      pay(s, 'Completed', [line(s, { amount: 7000 })], key),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await receipts(s)).toHaveLength(1);
    expect(await summary(s)).toMatchObject({ received: 7000, pendingBalance: 93000 });
  });

  it('treats /api/%70ayment as /api/payment: the same key and body store one receipt', async () => {
    const s = await soldPlot();
    const key = { 'idempotency-key': 'receipt-form-2' };
    const body = {
      projectId: s.projectId,
      plotId: s.plotId,
      status: 'Completed',
      payments: [line(s, { amount: 7000 })],
    };
    const a = await api('POST', '/api/payment', body, key);
    const b = await api('POST', '/api/%70ayment', body, key);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    expect(await receipts(s)).toHaveLength(1);
  });

  it('replays a status change sent twice with the same key', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { amount: 7000 })])).json();
    const key = { 'idempotency-key': 'clear-1' };
    const first = await setStatus(receiptId, 'Completed', key);
    const again = await setStatus(receiptId, 'Completed', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
  });

  it('does not replay one receipt’s status change for another receipt sent with the same key', async () => {
    const s = await soldPlot();
    const a = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 7000 })])).json();
    const b = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 8000 })])).json();
    const key = { 'idempotency-key': 's1' };
    expect((await setStatus(a.receiptId, 'Completed', key)).json().receiptId).toBe(a.receiptId);
    const other = await setStatus(b.receiptId, 'Completed', key);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toMatchObject({ receiptId: b.receiptId, total: 8000, received: 15000 });
    expect(await summary(s)).toMatchObject({ received: 15000, awaitingClearance: 0 });
  });
});
