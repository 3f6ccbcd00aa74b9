import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { receiptHelpers } from '../../../test/receipt-helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('refused receipts on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });
  const { soldPlot, line, api, pay, summary, receipts } = receiptHelpers(() => ({ t, acme, token, f }));

  it.each(['Cancelled', 'Pending', 'Completed'] as const)(
    'refuses a %s receipt above the pending balance',
    async (status) => {
      const s = await soldPlot();
      await pay(s, 'Completed', [line(s, { amount: 40000 })]);
      const res = await pay(s, status, [line(s, { amount: 50000 }), line(s, { amount: 10000.01 })]);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        'The receipt total ₹ 60,000.01 is more than the pending balance of ₹ 60,000.00: money received may not exceed the sale amount.',
      );
      expect(await receipts(s)).toHaveLength(1);
    },
  );

  it('refuses a receipt whose lines add up to more than ₹ 10 lakh crore, even a Cancelled one', async () => {
    const s = await soldPlot();
    const huge = Array.from({ length: 100 }, () => line(s, { amount: 9999999999999.99 }));
    const res = await pay(s, 'Cancelled', huge);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The receipt total may be at most ₹ 1,00,00,00,00,00,000.00.');
    expect(await receipts(s)).toEqual([]);
  });

  it('refuses a receipt line dated before the sale, naming the sale date', async () => {
    const s = await soldPlot({ saleDate: '2026-01-10' });
    const res = await pay(s, 'Completed', [line(s), line(s, { date: '1990-01-01' })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 2: the date is before the sale date 10/01/2026.');
    expect(res.json().fields).toEqual({ '1.date': 'Not before the sale date 10/01/2026' });
    const sameDay = await pay(s, 'Completed', [line(s, { date: '2026-01-10' })]);
    expect(sameDay.statusCode).toBe(201);
  });

  it('stores nothing when one line of a receipt is bad', async () => {
    const s = await soldPlot();
    const stranger = await f.partner();
    const res = await pay(s, 'Completed', [line(s), line(s, { partnerId: stranger })]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Row 2: the partner is not a partner of this project.');
    const invalid = await pay(s, 'Completed', [line(s), line(s, { amount: 0 })]);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Payment 2: Amount must be more than 0');
    expect(await receipts(s)).toEqual([]);
    expect(await summary(s)).toMatchObject({ received: 0, pendingBalance: 100000 });
  });

  it('refuses receipts for a plot that is not sold or not of the project', async () => {
    const s = await soldPlot();
    const unsold = await pay({ ...s, plotId: s.unsoldPlotId }, 'Completed', [line(s)]);
    expect(unsold.statusCode).toBe(409);
    expect(unsold.json().message).toBe('This plot is not sold: only a sold plot takes receipts.');
    const other = await soldPlot();
    const foreign = await pay({ ...s, plotId: other.plotId }, 'Completed', [line(s)]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The plot does not belong to this project.');
  });

  it.each([
    [{ projectId: undefined }, 'Please select Project, Plot and Status.'],
    [{ plotId: null }, 'Please select Project, Plot and Status.'],
    [{ status: '' }, 'Please select Project, Plot and Status.'],
    [{ status: 'Paid' }, 'Please select Project, Plot and Status.'],
    [{ payments: [] }, 'Add at least one row.'],
    [{ payments: { particular: 'Advance' } }, 'Payments must be a list of rows.'],
    [{ line: { date: '9999-12-31' } }, 'Payment 1: Enter a date between 01/01/1900 and 31/12/2199'],
    [{ line: { modeDetail: 'UTR \u202E1234' } }, 'Payment 1: Mode detail may not contain control characters'],
    [{ line: { particular: 'Kharedikhar' } }, 'Payment 1: All fields are required in each row'],
    [{ line: { date: '' } }, 'Payment 1: All fields are required in each row'],
    [{ line: { date: '2026-02-30' } }, 'Payment 1: Enter a real calendar date'],
    [{ line: { mode: 'Online' } }, 'Payment 1: All fields are required in each row'],
    [{ line: { amount: undefined } }, 'Payment 1: All fields are required in each row'],
    [{ line: { amount: 10.001 } }, 'Payment 1: Amount may have at most 2 decimals'],
    [{ line: { partnerId: null } }, 'Payment 1: All fields are required in each row'],
    [{ line: { modeDetail: 'x'.repeat(201) } }, 'Payment 1: Mode detail may have at most 200 characters'],
  ])('refuses %o', async (change, message) => {
    const s = await soldPlot();
    const { line: lineChange, ...top } = change as { line?: object };
    const res = await api('POST', '/api/payment', {
      projectId: s.projectId,
      plotId: s.plotId,
      status: 'Completed',
      payments: [line(s, lineChange)],
      ...top,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it("answers 401 without a token, 403 with another company's, and 404 for another company's ids", async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s)])).json();
    expect((await t.call(acme.tenantId, { method: 'GET', url: `/api/payment/pending/${s.plotId}` })).statusCode).toBe(
      401,
    );
    const globexToken = await t.userToken(globex);
    const wrongHost = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/payment/plot/${s.plotId}`,
      token: globexToken,
    });
    expect(wrongHost.statusCode).toBe(403);
    const asGlobex = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call(globex.tenantId, { method, url, token: globexToken, ...(payload ? { payload } : {}) });
    for (const url of [
      `/api/payment/pending/${s.plotId}`,
      `/api/payment/monthly/${s.plotId}`,
      `/api/payment/plot/${s.plotId}`,
    ]) {
      const res = await asGlobex('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBe('Plot not found.');
    }
    const save = await asGlobex('POST', '/api/payment', {
      projectId: s.projectId,
      plotId: s.plotId,
      status: 'Completed',
      payments: [line(s)],
    });
    expect(save.statusCode).toBe(404);
    const status = await asGlobex('PUT', `/api/payment/${receiptId}/status`, { status: 'Completed' });
    expect(status.statusCode).toBe(404);
    expect(status.json().message).toBe('Receipt not found.');
    expect(await summary(s)).toMatchObject({ received: 0, awaitingClearance: 10000 });
  });
});
