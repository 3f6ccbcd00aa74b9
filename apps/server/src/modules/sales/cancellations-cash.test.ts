import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

const REFUND_25K =
  'Section 269T: a refund in cash of ₹ 25,000.00 to one buyer on 10/11/2026 reaches the limit of ₹ 20,000.00; the Income Tax Act bars it, with a penalty equal to the amount. Refund by cheque or bank transfer.';

describe.each(engines)('a cash refund on cancellation (s.269T) on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary } = receiptHelpers(() => ({ t, acme, token, f }));

  /** A ₹ 10,00,000 sale that has received ₹ 30,000 by cheque. */
  const paidSale = async () => {
    const s = await soldPlot({ amountPaise: paise(10_00_000_00) });
    const res = await pay(s, 'Completed', [line(s, { amount: 30_000, mode: 'Cheque', modeDetail: 'CHQ 1' })]);
    expect(res.statusCode, res.body).toBe(201);
    return s;
  };
  const cancel = (saleId: number, refundAmount: number, refundMode: string) =>
    api('POST', `/api/sale/${saleId}/cancel`, {
      date: '2026-11-10',
      reason: 'Buyer withdrew',
      refundAmount,
      refundMode,
      modeDetail: refundMode === 'Cheque' ? 'CHQ 4411' : null,
      retainedAmount: Math.round((30_000 - refundAmount) * 100) / 100,
    });
  const setCashRule = async (cashRule: 'warn' | 'refuse') => {
    const admin = await t.userToken(acme, 'TENANT_ADMIN', `admin-${cashRule}-${Math.random()}@acme.test`);
    const payload = { tdsThreshold: 5000000, tdsRate: 1, cashLimit: 20000, cashRule, reraLimit: 10 };
    const res = await t.call(acme.tenantId, { method: 'PUT', url: '/api/company-settings', token: admin, payload });
    expect(res.statusCode).toBe(200);
  };

  it('cancels with a ₹ 25,000 cash refund and answers a warning naming s.269T', async () => {
    const s = await paidSale();
    const res = await cancel(s.saleId, 25_000, 'Cash');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ refund: 25_000, refundStatus: 'Completed', warnings: [REFUND_25K] });
    expect((await summary(s)).isSold).toBe(false);
  });

  it('refuses a ₹ 25,000 cash refund with 400 naming s.269T when the company refuses such cash', async () => {
    const s = await paidSale();
    await setCashRule('refuse');
    try {
      const res = await cancel(s.saleId, 25_000, 'Cash');
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${REFUND_25K} This company refuses such refunds.`);
      expect((await summary(s)).isSold).toBe(true);
    } finally {
      await setCashRule('warn');
    }
  });

  it('gives no warning for a cash refund of ₹ 19,999.99', async () => {
    const s = await paidSale();
    const res = await cancel(s.saleId, 19_999.99, 'Cash');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([]);
  });

  it('gives no warning for a ₹ 25,000 refund by cheque', async () => {
    const s = await paidSale();
    const res = await cancel(s.saleId, 25_000, 'Cheque');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ refundStatus: 'Pending', warnings: [] });
  });
});
