import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** What a cancellation does to the reports (issue 20): refunds are money out, the retained part is income. */
describe.each(engines)('a cancelled sale in the reports on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay } = receiptHelpers(() => ({ t, acme, token, f }));

  /** A ₹ 1,00,000 sale that received ₹ 30,000 (credited to the partner), cancelled: ₹ 25,000 by cheque, ₹ 5,000 kept. */
  const cancelled = async () => {
    const s = await soldPlot();
    expect((await pay(s, 'Completed', [line(s, { amount: 30000, date: '2026-10-05' })])).statusCode).toBe(201);
    const res = await api('POST', `/api/sale/${s.saleId}/cancel`, {
      date: '2026-11-10',
      reason: 'Buyer withdrew',
      refundAmount: 25000,
      refundMode: 'Cheque',
      modeDetail: 'CHQ 1',
      retainedAmount: 5000,
    });
    expect(res.statusCode, res.body).toBe(201);
    return s;
  };
  const monthWise = async (projectId: number) =>
    (await api('GET', `/api/report/payment-month-wise/${projectId}`)).json();

  it('shows the refund cheque in the month it is paid, as money out, only once cleared', async () => {
    const s = await cancelled();
    const before = await monthWise(s.projectId);
    expect(before.totals).toMatchObject({ amountReceived: 30000, refunds: 0, total: 30000 });
    const clear = await api('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-03' });
    expect(clear.statusCode).toBe(200);
    const after = await monthWise(s.projectId);
    expect(
      after.data.map((m: { month: string; refunds: number; total: number }) => [m.month, m.refunds, m.total]),
    ).toEqual([
      ['2026-10', 0, 30000],
      ['2026-12', 25000, -25000],
    ]);
    expect(after.totals).toMatchObject({ amountReceived: 30000, refunds: 25000, total: 5000 });
  });

  it('counts the retained part as income in Project Wise, Project Profile and the partners’ profit', async () => {
    const s = await cancelled();
    await api('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-03' });
    const wise = (await api('GET', '/api/report/project-wise')).json();
    const row = wise.data.find((r: { projectId: number }) => r.projectId === s.projectId);
    expect(row).toMatchObject({
      saleAmount: 0,
      forfeited: 5000,
      profit: 5000,
      amountReceived: 5000,
      pendingBalance: 0,
    });
    const profile = (await api('GET', `/api/project-profile?projectId=${s.projectId}`)).json();
    expect(profile).toMatchObject({ forfeited: 5000, netProfit: 5000, amountReceived: 5000, pendingBalance: 0 });
    // The partner (100 %) held ₹ 30,000 and paid the ₹ 25,000 refund back: Receive ₹ 5,000, profit ₹ 5,000.
    const partners = (await api('GET', `/api/payment/partners-summary?projectId=${s.projectId}`)).json();
    expect(partners.find((p: { partnerId: number }) => p.partnerId === s.partnerId)).toMatchObject({
      received: 5000,
    });
  });

  it('keeps the dashboard’s revenue net of the refunds paid', async () => {
    const s = await cancelled();
    const before = (await api('GET', '/api/dashboard')).json().totalRevenue;
    await api('POST', `/api/sale/${s.saleId}/refund/clear`, { date: '2026-12-03' });
    const after = (await api('GET', '/api/dashboard')).json().totalRevenue;
    expect(Math.round((before - after) * 100)).toBe(25000_00);
  });
});
