import { addMonths, todayIso } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('plot sales on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.call(acme.tenantId, { method, url, token, headers, ...(payload ? { payload: payload as object } : {}) });

  /** ₹ 12,50,000.50 on EMI: 1,00,000 advance, 50,000.25 visarpawati, 7 months from 10 Mar 2026. */
  const emiSale = (plot: { projectId: number; plotId: number }, change: object = {}) => ({
    projectId: plot.projectId,
    plotId: plot.plotId,
    saleDate: '2026-03-05',
    saleAmount: 1250000.5,
    paymentType: 'EMI',
    advanceAmount: 100000,
    visarpawatiAmount: 50000.25,
    emiTotal: 1100000.25,
    emiDuration: 7,
    monthlyAmount: 157142.89,
    emiDate: '2026-03-10T00:00:00',
    buyerName: 'Sunita Deshmukh',
    buyerMobile: '98220 11111',
    ...change,
  });
  const cashSale = (plot: { projectId: number; plotId: number }, change: object = {}) => ({
    projectId: plot.projectId,
    plotId: plot.plotId,
    saleAmount: 800000,
    paymentType: 'Cash',
    ...change,
  });
  const countSales = (plotId: number) =>
    t.asTenant(acme, async (tdb) => {
      const sales = await tdb.selectFrom('sales').select('id').where('plot_id', '=', plotId).execute();
      const installments = await tdb
        .selectFrom('emi_installments')
        .select('id')
        .where('sale_id', 'in', sales.map((s) => s.id).concat(-1))
        .execute();
      return { sales: sales.length, installments: installments.length };
    });

  it('saves an EMI sale with its schedule, the last installment taking the remainder', async () => {
    const plot = await f.plot();
    const res = await api('POST', '/api/sale', emiSale(plot));
    expect(res.statusCode).toBe(201);
    const sale = res.json();
    expect(sale).toMatchObject({
      message: 'Sale saved successfully!',
      plotId: plot.plotId,
      saleDate: '2026-03-05',
      saleAmount: 1250000.5,
      paymentType: 'EMI',
      advanceAmount: 100000,
      visarpawatiAmount: 50000.25,
      // 12,50,000.50 − 1,00,000 − 50,000.25
      emiTotal: 1100000.25,
      emiDuration: 7,
      // 11,00,000.25 / 7 = 1,57,142.892… → 1,57,142.89
      monthlyAmount: 157142.89,
      emiDate: '2026-03-10',
      buyerName: 'Sunita Deshmukh',
      buyerMobile: '+919822011111',
      status: 'Active',
    });
    const schedule = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    expect(schedule.installments.map((i: { dueDate: string; amount: number }) => [i.dueDate, i.amount])).toEqual([
      ['2026-03-10', 157142.89],
      ['2026-04-10', 157142.89],
      ['2026-05-10', 157142.89],
      ['2026-06-10', 157142.89],
      ['2026-07-10', 157142.89],
      ['2026-08-10', 157142.89],
      // 11,00,000.25 − 6 × 1,57,142.89
      ['2026-09-10', 157142.91],
    ]);
  });

  it('saves a Full Payment (Cash) sale with no schedule and marks the plot sold', async () => {
    const plot = await f.plot();
    const res = await api('POST', '/api/sale', cashSale(plot, { emiDuration: 12, advanceAmount: 5 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      paymentType: 'Cash',
      saleAmount: 800000,
      advanceAmount: 0,
      emiTotal: 0,
      emiDuration: null,
      emiDate: null,
      buyerName: null,
      buyerMobile: null,
      saleDate: todayIso(),
    });
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 0 });
    const stored = (await api('GET', `/api/plot/${plot.plotId}`)).json();
    expect(stored).toMatchObject({ isSold: true, saleAmount: 800000, plotSaleDate: todayIso() });
  });

  it('refuses an EMI date before the month of the sale date', async () => {
    const plot = await f.plot();
    const res = await api('POST', '/api/sale', emiSale(plot, { saleDate: '2026-03-31', emiDate: '2026-02-28' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'EMI date cannot be before the plot sale month.',
      fields: { emiDate: 'EMI date cannot be before the plot sale month.' },
    });
    const sameMonth = await api('POST', '/api/sale', emiSale(plot, { saleDate: '2026-03-31', emiDate: '2026-03-01' }));
    expect(sameMonth.statusCode).toBe(201);
  });

  it('measures the EMI date against the current month when no sale date is sent', async () => {
    const plot = await f.plot();
    const lastMonth = addMonths(todayIso(), -1);
    const res = await api('POST', '/api/sale', emiSale(plot, { saleDate: undefined, emiDate: lastMonth }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('EMI date cannot be before the plot sale month.');
    expect(await countSales(plot.plotId)).toEqual({ sales: 0, installments: 0 });
  });

  it.each([
    [{ emiDuration: null }, 'Enter the EMI duration in months'],
    [{ emiDuration: 0 }, 'EMI duration must be between 1 and 360 months'],
    [{ emiDuration: 361 }, 'EMI duration must be between 1 and 360 months'],
    [{ emiDuration: 2.5 }, 'EMI duration must be whole months'],
    [{ emiDate: null }, 'Enter the first EMI date'],
    [
      { advanceAmount: 1200000, visarpawatiAmount: 50000.51 },
      'Advance and visarpawati together cannot exceed the sale amount.',
    ],
    [{ saleAmount: 0 }, 'Sale amount must be more than 0'],
    [{ saleAmount: 10.005 }, 'Amount may have at most 2 decimals'],
    [{ saleAmount: undefined }, 'Enter the sale amount'],
    [{ paymentType: 'Loan' }, 'Choose a payment type: Cash (Full Payment) or EMI'],
    [{ buyerMobile: '12345' }, 'Enter a valid mobile number, e.g. 98220 11111'],
    [{ saleDate: '2026-02-30' }, 'Enter a real calendar date'],
    [{ plotId: 'one' }, 'Plot must be a whole number above 0'],
    [
      { saleDate: '9999-12-01', emiDate: '9999-12-31', emiDuration: 360 },
      'Enter a date between 01/01/1900 and 31/12/2199',
    ],
    [{ saleDate: '1899-12-31' }, 'Enter a date between 01/01/1900 and 31/12/2199'],
    [
      { saleDate: '2199-01-05', emiDate: '2199-02-01', emiDuration: 12 },
      'The last installment would fall after 31/12/2199: choose an earlier EMI date.',
    ],
    [
      { advanceAmount: 1200000, visarpawatiAmount: 50000.5 },
      'Nothing is left to pay in installments: advance and visarpawati cover the sale amount. Choose Full Payment.',
    ],
    [
      { saleAmount: 0.05, advanceAmount: 0, visarpawatiAmount: 0, emiDuration: 12 },
      'The monthly amount must be at least ₹ 1: an EMI total of ₹ 0.05 is too small for installments. Choose Full Payment.',
    ],
    [
      { saleAmount: 1000, advanceAmount: 990, visarpawatiAmount: 0, emiDuration: 12 },
      'The monthly amount must be at least ₹ 1: an EMI total of ₹ 10.00 allows at most 10 months.',
    ],
    [{ buyerName: 'Sunita \u202Eahsed' }, 'Buyer name may not contain control characters'],
    [{ buyerName: 'Sunita\u200B' }, 'Buyer name may not contain control characters'],
  ])('refuses %j with a plain message', async (change, message) => {
    const plot = await f.plot();
    const res = await api('POST', '/api/sale', emiSale(plot, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('schedules 12 monthly installments of exactly ₹ 1 when that is all the EMI total allows', async () => {
    const plot = await f.plot();
    const res = await api(
      'POST',
      '/api/sale',
      emiSale(plot, { saleAmount: 1000, advanceAmount: 988, visarpawatiAmount: 0, emiDuration: 12 }),
    );
    expect(res.statusCode).toBe(201);
    const schedule = (await api('GET', `/api/sale/${res.json().saleId}/schedule`)).json();
    expect(schedule.installments.map((i: { amount: number }) => i.amount)).toEqual(Array(12).fill(1));
  });

  it('keeps a Marathi buyer name spelt with the zero-width joiner', async () => {
    const plot = await f.plot();
    const name = 'सूर्\u200Dया पाटील';
    const res = await api('POST', '/api/sale', emiSale(plot, { buyerName: name }));
    expect(res.statusCode).toBe(201);
    expect(res.json().buyerName).toBe(name);
  });

  it('refuses a second active sale of a plot with 409', async () => {
    const plot = await f.plot();
    expect((await api('POST', '/api/sale', cashSale(plot))).statusCode).toBe(201);
    const again = await api('POST', '/api/sale', emiSale(plot));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Plot P1 is already sold. Choose another plot.');
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 0 });
  });

  it('sells a plot once when 20 clerks save it at the same moment', async () => {
    const plot = await f.plot();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/api/sale', emiSale(plot, { buyerName: `Buyer ${i}` }))),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 7 });
  });

  it('stores a replayed sale once and answers the first reply', async () => {
    const plot = await f.plot();
    const headers = { 'idempotency-key': `sale-${plot.plotId}` };
    const first = await api('POST', '/api/sale', emiSale(plot), headers);
    const second = await api('POST', '/api/sale', emiSale(plot), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 7 });
  });

  it('stores nothing when one installment cannot be saved', async () => {
    const plot = await f.plot();
    // A constraint that refuses the third installment stands in for any failure half-way through the schedule.
    const table = sql.raw(`${acme.dbName}.emi_installments`);
    await sql`alter table ${table} add constraint refuse_third check (installment_no <> 3) not valid`.execute(t.db);
    try {
      const res = await api('POST', '/api/sale', emiSale(plot));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A value is out of the allowed range.');
    } finally {
      await sql`alter table ${table} drop constraint refuse_third`.execute(t.db);
    }
    expect(await countSales(plot.plotId)).toEqual({ sales: 0, installments: 0 });
    const plotNow = (await api('GET', `/api/plot/${plot.plotId}`)).json();
    expect(plotNow.isSold).toBe(false);
  });

  it('answers 404 for a plot of another project', async () => {
    const plot = await f.plot();
    const other = await f.project({ plots: 1 });
    const res = await api('POST', '/api/sale', emiSale({ projectId: other.projectId, plotId: plot.plotId }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Plot not found in this project.');
  });

  it("answers 404 for another company's project, plot and sale and stores nothing there", async () => {
    const plot = await f.plot();
    const sale = (await api('POST', '/api/sale', emiSale(plot))).json();
    const asGlobex = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.call(globex.tenantId, { method, url, token: globexToken, ...(payload ? { payload } : {}) });
    const save = await asGlobex('POST', '/api/sale', cashSale(plot));
    expect(save.statusCode).toBe(404);
    expect(save.json()).toEqual({ message: 'Project not found.' });
    expect((await asGlobex('GET', `/api/sale/project/${plot.projectId}`)).statusCode).toBe(404);
    expect((await asGlobex('GET', `/api/sale/${sale.saleId}/schedule`)).statusCode).toBe(404);
    const stored = await t.asTenant(globex, (tdb) => tdb.selectFrom('sales').select('id').execute());
    expect(stored).toEqual([]);
  });

  it("answers 401 without a token and 403 with another company's", async () => {
    const plot = await f.plot();
    const anonymous = await t.call(acme.tenantId, { method: 'POST', url: '/api/sale', payload: cashSale(plot) });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/sale/project/${plot.projectId}`,
      token: globexToken,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await countSales(plot.plotId)).toEqual({ sales: 0, installments: 0 });
  });

  it('lists a project’s sales with received (Completed receipts only) and pending', async () => {
    const project = await f.project({ plots: 3 });
    const [p1, p2, p3] = project.plots.map((p) => ({ plotId: p.plotId })) as [
      { plotId: number },
      { plotId: number },
      { plotId: number },
    ];
    const on = (plot: { plotId: number }) => ({ projectId: project.projectId, plotId: plot.plotId });
    await api('POST', '/api/sale', emiSale(on(p2)));
    await api('POST', '/api/sale', cashSale(on(p1), { buyerName: 'Ravi' }));
    const date = '2026-03-12';
    await f.receipt({
      ...on(p1),
      status: 'Completed',
      lines: [{ amountPaise: 300000_00, date, particular: 'Booking' }],
    });
    await f.receipt({ ...on(p1), status: 'Pending', lines: [{ amountPaise: 100000_00, date }] });
    await f.receipt({ ...on(p1), status: 'Cancelled', lines: [{ amountPaise: 50000_00, date }] });
    await f.receipt({
      ...on(p2),
      status: 'Completed',
      lines: [
        { amountPaise: 100000_00, date, particular: 'Advance' },
        { amountPaise: 10000_25, date },
      ],
    });
    const res = await api('GET', `/api/sale/project/${project.projectId}`);
    expect(res.statusCode).toBe(200);
    const rows = res.json();
    expect(
      rows.map((r: { plotName: string; received: number; pending: number }) => [r.plotName, r.received, r.pending]),
    ).toEqual([
      // 8,00,000 − 3,00,000 (the Pending and Cancelled receipts count nowhere)
      ['P1', 300000, 500000],
      // 12,50,000.50 − (1,00,000 + 10,000.25)
      ['P2', 110000.25, 1140000.25],
    ]);
    expect(rows[1]).toMatchObject({ paymentType: 'EMI', emiDuration: 7, monthlyAmount: 157142.89 });
    expect(rows.some((r: { plotId: number }) => r.plotId === p3.plotId)).toBe(false);
  });

  it('answers an empty list for a project without sales and 404 for a missing one', async () => {
    const project = await f.project({ plots: 1 });
    const res = await api('GET', `/api/sale/project/${project.projectId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect((await api('GET', '/api/sale/project/987654')).statusCode).toBe(404);
  });

  it('pays the schedule from Completed Installment lines, oldest first, with each installment’s state', async () => {
    const plot = await f.plot();
    const today = todayIso();
    const emiDate = addMonths(today, -2);
    // ₹ 4,000 over 4 months: 1,000 each, due two months ago, last month, this month (today) and next month.
    const sale = (
      await api(
        'POST',
        '/api/sale',
        emiSale(plot, {
          saleDate: emiDate,
          emiDate,
          saleAmount: 5000,
          advanceAmount: 1000,
          visarpawatiAmount: 0,
          emiDuration: 4,
        }),
      )
    ).json();
    const on = { projectId: plot.projectId, plotId: plot.plotId, saleId: sale.saleId };
    await f.receipt({
      ...on,
      status: 'Completed',
      lines: [{ amountPaise: 1000_00, date: emiDate, particular: 'Advance' }],
    });
    await f.receipt({ ...on, status: 'Completed', lines: [{ amountPaise: 1500_00, date: emiDate }] });
    await f.receipt({ ...on, status: 'Pending', lines: [{ amountPaise: 1000_00, date: today }] });
    await f.receipt({ ...on, status: 'Cancelled', lines: [{ amountPaise: 1000_00, date: today }] });

    const before = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    expect(before).toMatchObject({ received: 2500, pending: 2500, installmentsReceived: 1500, asOf: today });
    expect(before.installments.map((i: { paid: number; state: string }) => [i.paid, i.state])).toEqual([
      [1000, 'paid'],
      [500, 'overdue'],
      [0, 'due'],
      [0, 'due'],
    ]);

    await f.receipt({ ...on, status: 'Completed', lines: [{ amountPaise: 1000_00, date: today }] });
    const after = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    const third = after.installments[2];
    expect(after.installments.map((i: { paid: number; state: string }) => [i.paid, i.state]).slice(0, 2)).toEqual([
      [1000, 'paid'],
      [1000, 'paid'],
    ]);
    // Due today (or, when today's day is past the month's end two months back, a day or two ago).
    expect([third.paid, third.state]).toEqual([500, third.dueDate < today ? 'overdue' : 'part-paid']);
    expect(after.installments[3]).toMatchObject({ paid: 0, state: 'due' });
  });

  it('answers an empty schedule for a Full Payment sale and 404 for a missing sale', async () => {
    const plot = await f.plot();
    const sale = (await api('POST', '/api/sale', cashSale(plot))).json();
    const res = await api('GET', `/api/sale/${sale.saleId}/schedule`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ paymentType: 'Cash', installments: [], received: 0, pending: 800000 });
    expect((await api('GET', '/api/sale/987654/schedule')).statusCode).toBe(404);
  });
});
