import { addMonths, paise, todayIso } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import type { factories } from '../../../test/factories.js';
import { engines } from '../../../test/helpers.js';
import { salesSuite } from '../../../test/sales-suite.js';

describe.each(engines)('plot sale lists and schedules on $name', (engine) => {
  let f: ReturnType<typeof factories>;
  const { api, emiSale, cashSale } = salesSuite(engine, (v) => ({ f } = v));

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
      lines: [{ amountPaise: paise(300000_00), date, particular: 'Booking' }],
    });
    await f.receipt({ ...on(p1), status: 'Pending', lines: [{ amountPaise: paise(100000_00), date }] });
    await f.receipt({ ...on(p1), status: 'Cancelled', lines: [{ amountPaise: paise(50000_00), date }] });
    await f.receipt({
      ...on(p2),
      status: 'Completed',
      lines: [
        { amountPaise: paise(100000_00), date, particular: 'Advance' },
        { amountPaise: paise(10000_25), date },
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
      lines: [{ amountPaise: paise(1000_00), date: emiDate, particular: 'Advance' }],
    });
    await f.receipt({ ...on, status: 'Completed', lines: [{ amountPaise: paise(1500_00), date: emiDate }] });
    await f.receipt({ ...on, status: 'Pending', lines: [{ amountPaise: paise(1000_00), date: today }] });
    await f.receipt({ ...on, status: 'Cancelled', lines: [{ amountPaise: paise(1000_00), date: today }] });

    const before = (await api('GET', `/api/sale/${sale.saleId}/schedule`)).json();
    expect(before).toMatchObject({ received: 2500, pending: 2500, installmentsReceived: 1500, asOf: today });
    expect(before.installments.map((i: { paid: number; state: string }) => [i.paid, i.state])).toEqual([
      [1000, 'paid'],
      [500, 'overdue'],
      [0, 'due'],
      [0, 'due'],
    ]);

    await f.receipt({ ...on, status: 'Completed', lines: [{ amountPaise: paise(1000_00), date: today }] });
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
