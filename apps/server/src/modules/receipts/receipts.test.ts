import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

type Status = 'Pending' | 'Completed' | 'Cancelled';

describe.each(engines)('payment receipts on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  /** A project of the test's own with a partner and its first plot sold for ₹ 1,00,000 (unless told otherwise). */
  const soldPlot = async (sale: Partial<Parameters<typeof f.sale>[0]> = {}) => {
    const project = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId: project.projectId });
    const [plot, unsold] = project.plots as unknown as [{ plotId: number }, { plotId: number }];
    const { saleId, receiptIds } = await f.sale({
      projectId: project.projectId,
      plotId: plot.plotId,
      amountPaise: 100000_00,
      ...sale,
    });
    return {
      projectId: project.projectId,
      plotId: plot.plotId,
      unsoldPlotId: unsold.plotId,
      partnerId,
      saleId,
      receiptIds,
    };
  };
  type Sold = Awaited<ReturnType<typeof soldPlot>>;

  const line = (s: Sold, change: object = {}) => ({
    particular: 'Advance',
    date: '2026-10-05',
    mode: 'Cash',
    amount: 10000,
    partnerId: s.partnerId,
    ...change,
  });
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers?: Record<string, string>) =>
    t.call(acme.tenantId, { method, url, token, headers, ...(payload ? { payload: payload as object } : {}) });
  const pay = (s: Sold, status: Status, lines: object[], headers?: Record<string, string>) =>
    api('POST', '/api/payment', { projectId: s.projectId, plotId: s.plotId, status, payments: lines }, headers);
  const summary = async (s: Sold) => (await api('GET', `/api/payment/pending/${s.plotId}`)).json();
  const receipts = async (s: Sold) => (await api('GET', `/api/payment/plot/${s.plotId}`)).json();
  const setStatus = (receiptId: number, status: string, headers?: Record<string, string>) =>
    api('PUT', `/api/payment/${receiptId}/status`, { status }, headers);

  it('answers the sale, the amounts received and pending, and the monthly amount of an EMI sale', async () => {
    // ₹ 1,00,000 on EMI: ₹ 10,000 advance, 3 months of ₹ 30,000.
    const s = await soldPlot({
      emi: { advancePaise: 10000_00, months: 3 },
      receipts: [
        { status: 'Completed', amountPaise: 10000_00, date: '2026-10-02' },
        { status: 'Pending', amountPaise: 30000_00, date: '2026-11-01' },
        { status: 'Cancelled', amountPaise: 30000_00, date: '2026-11-02' },
      ],
    });
    const expected = {
      projectId: s.projectId,
      plotId: s.plotId,
      isSold: true,
      saleId: s.saleId,
      saleAmount: 100000,
      paymentType: 'EMI',
      monthlyAmount: 30000,
      received: 10000,
      awaitingClearance: 30000,
      pendingBalance: 90000,
    };
    expect(await summary(s)).toEqual(expected);
    expect((await api('GET', `/api/payment/monthly/${s.plotId}`)).json()).toEqual(expected);
  });

  it('answers a full-payment sale with a monthly amount of 0, and an unsold plot as not sold', async () => {
    const s = await soldPlot();
    expect(await summary(s)).toMatchObject({ paymentType: 'Cash', monthlyAmount: 0, pendingBalance: 100000 });
    const unsold = (await api('GET', `/api/payment/pending/${s.unsoldPlotId}`)).json();
    expect(unsold).toMatchObject({ isSold: false, saleId: null, saleAmount: 0, paymentType: null, pendingBalance: 0 });
  });

  it('lowers the pending balance for a Completed receipt and answers it', async () => {
    const s = await soldPlot();
    const res = await pay(s, 'Completed', [
      line(s, { amount: 25000.5 }),
      line(s, { particular: 'Booking', amount: 5000 }),
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Payment saved successfully!',
      receiptId: expect.any(Number),
      status: 'Completed',
      total: 30000.5,
      received: 30000.5,
      pendingBalance: 69999.5,
    });
    expect(await summary(s)).toMatchObject({ received: 30000.5, pendingBalance: 69999.5 });
  });

  it.each(['Pending', 'Cancelled'] as const)('keeps the pending balance for a %s receipt', async (status) => {
    const s = await soldPlot();
    const res = await pay(s, status, [line(s, { mode: 'Cheque', modeDetail: 'CHQ 001122', amount: 40000 })]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status, total: 40000, received: 0, pendingBalance: 100000 });
    expect(await summary(s)).toMatchObject({ received: 0, pendingBalance: 100000 });
  });

  it('lists the plot receipts newest first with their lines, status and partner', async () => {
    const s = await soldPlot();
    const first = (await pay(s, 'Completed', [line(s, { amount: 1000 })])).json();
    const second = (
      await pay(s, 'Pending', [
        line(s, {
          particular: 'Installment',
          mode: 'Cheque',
          modeDetail: 'CHQ 7',
          creditTo: 'SBI',
          modeDate: '2026-10-01',
        }),
      ])
    ).json();
    const list = await receipts(s);
    expect(
      list.map((r: { receiptId: number; status: string; total: number }) => [r.receiptId, r.status, r.total]),
    ).toEqual([
      [second.receiptId, 'Pending', 10000],
      [first.receiptId, 'Completed', 1000],
    ]);
    expect(list[0]).toMatchObject({ projectId: s.projectId, plotId: s.plotId, saleId: s.saleId, date: '2026-10-05' });
    expect(list[0].lines).toEqual([
      {
        receiptLineId: expect.any(Number),
        particular: 'Installment',
        date: '2026-10-05',
        mode: 'Cheque',
        modeDetail: 'CHQ 7',
        creditTo: 'SBI',
        modeDate: '2026-10-01',
        amount: 10000,
        partnerId: s.partnerId,
        partnerName: expect.stringMatching(/^Partner /),
      },
    ]);
    // The mode date defaults to the line's date.
    expect(list[1].lines[0].modeDate).toBe('2026-10-05');
  });

  it('lowers the pending balance when a Pending cheque is cleared', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 40000 })])).json();
    const res = await setStatus(receiptId, 'Completed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Receipt marked as cleared.',
      receiptId,
      status: 'Completed',
      total: 40000,
      received: 40000,
      pendingBalance: 60000,
    });
    expect(await summary(s)).toMatchObject({ received: 40000, awaitingClearance: 0, pendingBalance: 60000 });
  });

  it('keeps the pending balance when a Pending cheque bounces', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 40000 })])).json();
    const res = await setStatus(receiptId, 'Cancelled');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Receipt marked as cancelled.',
      status: 'Cancelled',
      pendingBalance: 100000,
    });
    expect(await summary(s)).toMatchObject({ received: 0, awaitingClearance: 0, pendingBalance: 100000 });
    expect((await receipts(s))[0].status).toBe('Cancelled');
  });

  it.each([
    ['Completed', 'Completed'],
    ['Completed', 'Cancelled'],
    ['Cancelled', 'Completed'],
    ['Cancelled', 'Cancelled'],
  ] as const)('refuses to change a %s receipt to %s', async (from, to) => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, from, [line(s, { amount: 5000 })])).json();
    const res = await setStatus(receiptId, to);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This receipt is already ${from}: only a Pending receipt can be cleared or cancelled.`,
    );
    expect((await receipts(s))[0].status).toBe(from);
  });

  it('refuses a status other than Completed or Cancelled', async () => {
    const s = await soldPlot();
    const { receiptId } = (await pay(s, 'Pending', [line(s)])).json();
    const res = await setStatus(receiptId, 'Pending');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Status must be Completed or Cancelled');
  });

  it('refuses a receipt that would take received above the sale amount, and stores nothing', async () => {
    const s = await soldPlot({ receipts: [{ status: 'Completed', amountPaise: 90000_00, date: '2026-10-02' }] });
    const res = await pay(s, 'Completed', [line(s, { amount: 6000 }), line(s, { amount: 4000.01 })]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'The receipt total ₹ 10,000.01 is more than the pending balance of ₹ 10,000.00: money received may not exceed the sale amount.',
    );
    // A Pending cheque for more than the balance could never be cleared, so it is refused too.
    expect((await pay(s, 'Pending', [line(s, { amount: 10000.01 })])).statusCode).toBe(409);
    expect(await receipts(s)).toHaveLength(1);
    // Exactly the balance is fine.
    const exact = await pay(s, 'Completed', [line(s, { amount: 10000 })]);
    expect(exact.json()).toMatchObject({ received: 100000, pendingBalance: 0 });
  });

  it('refuses to clear a cheque that would overpay', async () => {
    const s = await soldPlot();
    const cheque = (await pay(s, 'Pending', [line(s, { mode: 'Cheque', amount: 60000 })])).json();
    expect((await pay(s, 'Completed', [line(s, { amount: 50000 })])).statusCode).toBe(201);
    const res = await setStatus(cheque.receiptId, 'Completed');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This receipt of ₹ 60,000.00 cannot be cleared: it is more than the pending balance of ₹ 50,000.00, and money received may not exceed the sale amount.',
    );
    expect(await summary(s)).toMatchObject({ received: 50000, awaitingClearance: 60000, pendingBalance: 50000 });
    // Bouncing it is still allowed.
    expect((await setStatus(cheque.receiptId, 'Cancelled')).statusCode).toBe(200);
  });

  it('lets only one of ten clerks saving at once take the last of the balance', async () => {
    const s = await soldPlot({ receipts: [{ status: 'Completed', amountPaise: 40000_00, date: '2026-10-02' }] });
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
