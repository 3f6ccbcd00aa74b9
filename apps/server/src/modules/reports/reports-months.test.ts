import { type Paise, paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { allocatedInstallmentsDue } from './reports-months.repository.js';

const TODAY = new Date().toISOString().slice(0, 10);

describe.each(engines)('month-wise reports and installment allocation on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  /**
   * Worked examples of the SQL allocation (docs/design.md §7) on a fixed "today", against the domain function: one sale of
   * four ₹ 100 installments from 2026-01-05 and its plot's receipts.
   */
  const allocationExample = async (lines: { status: 'Completed' | 'Pending' | 'Cancelled'; paise: Paise }[]) => {
    const project = await f.project({ plots: 1 });
    const plot = project.plots[0] as { plotId: number; plotName: string };
    const { saleId } = await f.sale({
      projectId: project.projectId,
      plotId: plot.plotId,
      amountPaise: paise(400_00),
      emi: { months: 4, emiDate: '2026-01-05' },
    });
    for (const line of lines) {
      await f.receipt({
        projectId: project.projectId,
        plotId: plot.plotId,
        saleId,
        status: line.status,
        lines: [{ amountPaise: line.paise, date: '2026-01-10' }],
      });
    }
    return t.asTenant(acme, async (tdb) =>
      (
        await allocatedInstallmentsDue(
          tdb,
          project.projectId,
          { from: '2026-01-01', before: '2027-01-01' },
          '2026-03-01',
        )
      ).map((i) => [i.installmentNo, i.paidPaise, i.state]),
    );
  };
  const { get, json, emiExample } = reportExamples(() => ({ t, acme, token, f }));

  it('Payment Details – Month Wise: received, EMI received, expected and pending EMI per month', async () => {
    const { project } = await emiExample();
    const body = await json(`/api/report/payment-month-wise/${project.projectId}`);
    expect(body.data).toEqual([
      {
        month: '2026-10',
        amountReceived: 10000,
        emiReceived: 0,
        expectedEmi: 0,
        pendingEmi: 0,
        refunds: 0,
        total: 10000,
      },
      {
        month: '2026-11',
        amountReceived: 0,
        emiReceived: 30000,
        expectedEmi: 30000,
        pendingEmi: 0,
        refunds: 0,
        total: 30000,
      },
      // P1's 2nd installment: 10,000 of 30,000 paid; P2's first 30,000 unpaid.
      {
        month: '2026-12',
        amountReceived: 0,
        emiReceived: 10000,
        expectedEmi: 60000,
        pendingEmi: 50000,
        refunds: 0,
        total: 10000,
      },
      {
        month: '2027-01',
        amountReceived: 0,
        emiReceived: 0,
        expectedEmi: 60000,
        pendingEmi: 60000,
        refunds: 0,
        total: 0,
      },
    ]);
    expect(body.totals).toEqual({
      amountReceived: 10000,
      emiReceived: 40000,
      expectedEmi: 150000,
      pendingEmi: 110000,
      refunds: 0,
      total: 50000,
    });
  });

  it('Payment Expected – Month Wise: each month’s EMI with the names of the plots that owe it', async () => {
    const { project, p1, p2 } = await emiExample();
    const body = await json(`/api/report/payment-expected-month-wise/${project.projectId}`);
    expect(body.data).toEqual([
      { month: '2026-11', expectedEmi: 30000, plotNames: [p1.plotName] },
      { month: '2026-12', expectedEmi: 60000, plotNames: [p1.plotName, p2.plotName] },
      { month: '2027-01', expectedEmi: 60000, plotNames: [p1.plotName, p2.plotName] },
    ]);
    expect(body.totals).toEqual({ expectedEmi: 150000 });
  });

  it('Payment Expected – one month’s Plot EMI Details: installment, due date, what is paid and its state', async () => {
    const { project, p1, p2, saleId, sale2 } = await emiExample();
    const body = await json(`/api/report/payment-expected-month-wise/${project.projectId}/2026-12`);
    expect(body).toEqual({
      month: '2026-12',
      expectedEmi: 60000,
      plotDetails: [
        {
          plotId: p1.plotId,
          plotName: p1.plotName,
          saleId,
          installmentNo: 2,
          dueDate: '2026-12-01',
          emiAmount: 30000,
          paidAmount: 10000,
          state: TODAY > '2026-12-01' ? 'overdue' : 'part-paid',
        },
        {
          plotId: p2.plotId,
          plotName: p2.plotName,
          saleId: sale2,
          installmentNo: 1,
          dueDate: '2026-12-15',
          emiAmount: 30000,
          paidAmount: 0,
          state: TODAY > '2026-12-15' ? 'overdue' : 'due',
        },
      ],
    });
    const empty = await json(`/api/report/payment-expected-month-wise/${project.projectId}/2030-05`);
    expect(empty).toEqual({ month: '2030-05', expectedEmi: 0, plotDetails: [] });
  });

  it('Payment Expected – one month: a month that is not YYYY-MM is refused with a plain message', async () => {
    const { project } = await emiExample();
    for (const month of ['2026-13', '2026-1', 'december']) {
      const res = await get(`/api/report/payment-expected-month-wise/${project.projectId}/${month}`);
      expect(res.statusCode, month).toBe(400);
      expect(res.json().message, month).toContain('Month must be a month as YYYY-MM');
    }
  });

  it('allocates a part payment oldest first: paid, part-paid past due is overdue, later ones due', async () => {
    // ₹ 150 Completed; Pending ₹ 100 and Cancelled ₹ 100 pay nothing. Today 2026-03-01: Feb 5 is past.
    const rows = await allocationExample([
      { status: 'Completed', paise: paise(150_00) },
      { status: 'Pending', paise: paise(100_00) },
      { status: 'Cancelled', paise: paise(100_00) },
    ]);
    expect(rows).toEqual([
      [1, 100_00, 'paid'],
      [2, 50_00, 'overdue'],
      [3, 0, 'due'],
      [4, 0, 'due'],
    ]);
  });

  it('allocates a part payment of a future installment as part-paid, and leaves money beyond the schedule', async () => {
    const part = await allocationExample([
      { status: 'Completed', paise: paise(200_00) },
      { status: 'Completed', paise: paise(25_50) },
    ]);
    expect(part).toEqual([
      [1, 100_00, 'paid'],
      [2, 100_00, 'paid'],
      [3, 25_50, 'part-paid'],
      [4, 0, 'due'],
    ]);
    const over = await allocationExample([{ status: 'Completed', paise: paise(999_99) }]);
    expect(over).toEqual([
      [1, 100_00, 'paid'],
      [2, 100_00, 'paid'],
      [3, 100_00, 'paid'],
      [4, 100_00, 'paid'],
    ]);
  });
});
