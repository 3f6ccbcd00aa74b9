import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

const CASH_25K =
  'Section 269SS: cash of ₹ 25,000.00 from one buyer on 05/10/2026 reaches the limit of ₹ 20,000.00; the Income Tax Act bars it, with a penalty equal to the amount. Take it by cheque, UPI or bank transfer.';

describe.each(engines)('cash (s.269SS) and RERA s.13 rules of a receipt on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { soldPlot, line, api, pay, summary } = receiptHelpers(() => ({ t, acme, token, f }));
  /** A ₹ 10,00,000 sale: ₹ 25,000 is well under RERA's 10 %, so only the cash rule speaks. */
  const bigSale = () => soldPlot({ amountPaise: paise(10_00_000_00) });
  const setCashRule = async (cashRule: 'warn' | 'refuse') => {
    const admin = await t.userToken(acme, 'TENANT_ADMIN', `admin-${cashRule}-${Math.random()}@acme.test`);
    const body = { tdsThreshold: 5000000, tdsRate: 1, cashLimit: 20000, cashRule, reraLimit: 10 };
    const res = await t.call(acme.tenantId, {
      method: 'PUT',
      url: '/api/company-settings',
      token: admin,
      payload: body,
    });
    expect(res.statusCode).toBe(200);
  };

  it('saves ₹ 25,000 in cash with a warning naming the rule, the amount, the day and the penalty', async () => {
    const s = await bigSale();
    const res = await pay(s, 'Completed', [line(s, { amount: 25_000 })]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().warnings).toEqual([CASH_25K]);
    expect(await summary(s)).toMatchObject({ received: 25_000 });
  });

  it('refuses ₹ 25,000 in cash with 400 naming the rule when the company refuses such cash', async () => {
    const s = await bigSale();
    await setCashRule('refuse');
    try {
      const res = await pay(s, 'Completed', [line(s, { amount: 25_000 })]);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`${CASH_25K} This company refuses such receipts.`);
      expect(await summary(s)).toMatchObject({ received: 0 });
    } finally {
      await setCashRule('warn');
    }
  });

  it('adds the buyer’s cash of the day: a second ₹ 15,000 cash receipt on one day warns, the first does not', async () => {
    const s = await bigSale();
    const first = await pay(s, 'Pending', [line(s, { amount: 15_000 })]);
    expect(first.json().warnings).toEqual([]);
    const second = await pay(s, 'Completed', [line(s, { amount: 15_000 })]);
    expect(second.statusCode).toBe(201);
    expect(second.json().warnings).toEqual([CASH_25K.replace('25,000.00', '30,000.00')]);
  });

  it('does not warn for ₹ 19,999.99 in cash, nor for cash of another day or another mode', async () => {
    const s = await bigSale();
    expect((await pay(s, 'Completed', [line(s, { amount: 19_999.99 })])).json().warnings).toEqual([]);
    const other = await pay(s, 'Completed', [
      line(s, { amount: 15_000, date: '2026-10-06' }),
      line(s, { amount: 50_000, mode: 'UPI', modeDetail: 'UPI 1' }),
    ]);
    expect(other.json().warnings).toEqual([]);
  });

  it('leaves a cancelled cash receipt out of the day’s cash', async () => {
    const s = await bigSale();
    await pay(s, 'Cancelled', [line(s, { amount: 15_000 })]);
    expect((await pay(s, 'Completed', [line(s, { amount: 15_000 })])).json().warnings).toEqual([]);
  });

  it('warns when more than 10 % is received before the agreement for sale, and flags the sale on the listing', async () => {
    const s = await soldPlot(); // ₹ 1,00,000, no agreement date
    const upi = (amount: number) => line(s, { mode: 'UPI', modeDetail: 'UPI 42', amount });
    expect((await pay(s, 'Completed', [upi(10_000)])).json().warnings).toEqual([]);
    let rows = (await api('GET', `/api/sale/project/${s.projectId}`)).json();
    expect(rows[0]).toMatchObject({ saleId: s.saleId, reraFlag: false, agreementDate: null });

    const res = await pay(s, 'Completed', [upi(5_000)]);
    expect(res.json().warnings).toEqual([
      'RERA section 13: ₹ 15,000.00 received before the agreement for sale is registered is more than 10 % of the sale amount (₹ 10,000.00 of ₹ 1,00,000.00). Register the agreement for sale and record its date on the sale.',
    ]);
    rows = (await api('GET', `/api/sale/project/${s.projectId}`)).json();
    expect(rows[0].reraFlag).toBe(true);
  });

  it('counts only money before the agreement date: after it is recorded, the flag and the warning go', async () => {
    const s = await soldPlot();
    const upi = (amount: number, date: string) => line(s, { mode: 'UPI', modeDetail: 'UPI 7', amount, date });
    await pay(s, 'Completed', [upi(10_000, '2026-10-05')]);
    const set = await api('PUT', `/api/sale/${s.saleId}/agreement`, { agreementDate: '2026-10-10' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ saleId: s.saleId, agreementDate: '2026-10-10' });
    expect((await pay(s, 'Completed', [upi(40_000, '2026-10-12')])).json().warnings).toEqual([]);
    const rows = (await api('GET', `/api/sale/project/${s.projectId}`)).json();
    expect(rows[0]).toMatchObject({ reraFlag: false, agreementDate: '2026-10-10' });
  });

  it('takes the agreement date with the sale', async () => {
    const plot = await f.plot();
    const res = await api('POST', '/api/sale', {
      projectId: plot.projectId,
      plotId: plot.plotId,
      saleDate: '2026-10-01',
      saleAmount: 500000,
      paymentType: 'Cash',
      agreementDate: '2026-10-15',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().agreementDate).toBe('2026-10-15');
  });

  it('refuses an agreement date that is not a date, and answers 404 for a sale that does not exist', async () => {
    const s = await soldPlot();
    const bad = await api('PUT', `/api/sale/${s.saleId}/agreement`, { agreementDate: '31/12/2026' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('agreementDate');
    expect((await api('PUT', '/api/sale/987654/agreement', { agreementDate: '2026-10-10' })).statusCode).toBe(404);
  });
});
