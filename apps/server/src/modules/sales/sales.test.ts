import { addMonths, todayIso } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import type { factories } from '../../../test/factories.js';
import { engines } from '../../../test/helpers.js';
import { salesSuite } from '../../../test/sales-suite.js';

describe.each(engines)('plot sales on $name', (engine) => {
  let f: ReturnType<typeof factories>;
  const { api, emiSale, cashSale, countSales } = salesSuite(engine, (v) => ({ f } = v));

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
});
