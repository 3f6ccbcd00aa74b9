import { addMonths, allocateInstallments, toRupees } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { allocatedInstallmentsDue } from './reports-months.repository.js';

const TODAY = new Date().toISOString().slice(0, 10);

describe.each(engines)('reports on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  const get = (url: string, as: string = token) => t.call(acme.tenantId, { method: 'GET', url, token: as });
  const json = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const reportUrls = (projectId: number, partnerId: number) => [
    `/api/report/plot-wise/${projectId}`,
    `/api/report/payment-receipts/${projectId}`,
    `/api/farmer-account/${projectId}`,
    `/api/report/payment-month-wise/${projectId}`,
    `/api/report/payment-expected-month-wise/${projectId}`,
    `/api/partner-summary/${projectId}`,
    `/api/partner-payment-details/${projectId}/${partnerId}`,
  ];

  /**
   * The worked example (as on Payment To Partner): two plots of 1,000 sq ft; Asha (60 %) pays the farmer
   * ₹ 2,00,000; Bhaskar (40 %) pays ₹ 1,00,000 for the road (per project) and ₹ 5,000 for P1's pole (per plot).
   * P1 is sold for ₹ 5,00,000: ₹ 1,50,000 Completed (credited to Asha), ₹ 50,000 Pending, ₹ 10,000 Cancelled.
   * Bhaskar is paid out ₹ 30,000.
   */
  const workedExample = async () => {
    const project = await f.project({ plots: 2, name: `Worked ${Math.random()}` });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { projectId } = project;
    const asha = await f.partner({ projectId, share: 60, name: 'Asha' });
    const bhaskar = await f.partner({ projectId, share: 40, name: 'Bhaskar' });
    const purchase = await f.purchase({ projectId, partnerId: asha, amount: 200000, date: '2026-02-01' });
    await f.development({ projectId, partnerId: bhaskar, amount: 100000, date: '2026-04-01' });
    await f.development({
      projectId,
      partnerId: bhaskar,
      amount: 5000,
      category: 'per_plot',
      plotId: p1.plotId,
      particular: 'Marking Pole',
      date: '2026-04-02',
    });
    const { receiptIds } = await f.sale({
      projectId,
      plotId: p1.plotId,
      amountPaise: 500000_00,
      receipts: [
        { status: 'Completed', amountPaise: 150000_00, date: '2026-10-05' },
        { status: 'Pending', amountPaise: 50000_00, date: '2026-10-06' },
        { status: 'Cancelled', amountPaise: 10000_00, date: '2026-10-07' },
      ],
    });
    await f.creditReceipt(receiptIds[0] as number, asha);
    const paid = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/partner-payout',
      token,
      payload: { projectId, partnerId: bhaskar, date: '2026-11-01', mode: 'Bank Transfer', amount: 30000 },
    });
    expect(paid.statusCode).toBe(201);
    return { project, projectId, p1, p2, asha, bhaskar, purchaseId: purchase.id, payoutId: paid.json().payoutId };
  };

  it('Project Wise Summary: investment, profit, received, pending and total of a project (docs/design.md §7)', async () => {
    const { projectId, project } = await workedExample();
    const body = await json('/api/report/project-wise');
    const row = body.data.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toEqual({
      projectId,
      projectName: project.projectName,
      investment: 305000, // 2,00,000 land + 1,05,000 development
      saleAmount: 500000,
      profit: 195000,
      amountReceived: 150000, // Completed only
      pendingBalance: 350000,
      total: 500000,
      createdDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
  });

  it('Project Wise Summary: from and to are whole India-time days, both edges included', async () => {
    const tenant = await t.createTenant('edges');
    const ef = factories(t, tenant, await t.userToken(tenant));
    const at = async (name: string, instant: string) => {
      const { projectId } = await ef.project({ name, plots: 1 });
      await t.asTenant(tenant, (tdb) =>
        tdb
          .updateTable('projects')
          .set({ created_at: new Date(instant) })
          .where('id', '=', projectId)
          .execute(),
      );
    };
    await at('Before', '2025-02-28T23:59:59.999+05:30');
    await at('First second', '2025-03-01T00:00:00+05:30');
    await at('Last second', '2025-03-31T23:59:59.999+05:30');
    await at('After', '2025-04-01T00:00:00+05:30');
    const edgeToken = await t.userToken(tenant);
    const names = async (query: string) => {
      const res = await t.call(tenant.tenantId, {
        method: 'GET',
        url: `/api/report/project-wise${query}`,
        token: edgeToken,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { projectName: string }) => r.projectName);
    };
    expect(await names('?fromDate=2025-03-01&toDate=2025-03-31')).toEqual(['First second', 'Last second']);
    // As the spec's web sends them: from at 00:00:00, to at 23:59:59.
    expect(await names('?fromDate=2025-03-01T00:00:00&toDate=2025-03-31T23:59:59')).toEqual([
      'First second',
      'Last second',
    ]);
    expect(await names('?fromDate=2025-03-31')).toEqual(['Last second', 'After']);
    expect(await names('?toDate=2025-03-01')).toEqual(['Before', 'First second']);
    expect(await names('?fromDate=&toDate=')).toEqual(['Before', 'First second', 'Last second', 'After']);
  });

  it('Project Wise Summary refuses a from date after the to date and a date that is not one', async () => {
    const bad = await get('/api/report/project-wise?fromDate=2025-04-02&toDate=2025-04-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('From date may not be after To date');
    const notDate = await get('/api/report/project-wise?fromDate=2025-02-30');
    expect(notDate.statusCode).toBe(400);
    expect(notDate.json().message).toMatch(/From date must be a real calendar date/);
  });

  it('Plot Details Summary: each plot with its allocated cost; the total row is the project', async () => {
    const { projectId, p1, p2 } = await workedExample();
    const body = await json(`/api/report/plot-wise/${projectId}`);
    const created = expect.stringMatching(/T/);
    expect(body.data).toEqual([
      {
        plotId: p1.plotId,
        plotName: p1.plotName,
        investment: 155000, // half of 2,00,000 + half of 1,00,000 + its own 5,000
        saleAmount: 500000,
        profit: 345000,
        amountReceived: 150000,
        pendingBalance: 350000,
        total: 500000,
        createdDate: created,
      },
      {
        plotId: p2.plotId,
        plotName: p2.plotName,
        investment: 150000,
        saleAmount: 0,
        profit: -150000,
        amountReceived: 0,
        pendingBalance: 0,
        total: 0,
        createdDate: created,
      },
    ]);
    expect(body.totals).toEqual({
      investment: 305000,
      saleAmount: 500000,
      profit: 195000,
      amountReceived: 150000,
      pendingBalance: 350000,
      total: 500000,
    });
  });

  it('Payment Receipts: every line with its status; totals by status', async () => {
    const { projectId, project, p1, asha } = await workedExample();
    const body = await json(`/api/report/payment-receipts/${projectId}`);
    expect(body.data.map((r: { status: string; amount: number }) => [r.status, r.amount])).toEqual([
      ['Completed', 150000],
      ['Pending', 50000],
      ['Cancelled', 10000],
    ]);
    expect(body.data[0]).toMatchObject({
      projectName: project.projectName,
      plotName: p1.plotName,
      particular: 'Advance',
      date: '2026-10-05',
      mode: 'Cash',
      partnerId: asha,
      partnerName: 'Asha',
    });
    expect(body.totals).toEqual({ completed: 150000, pending: 50000, cancelled: 10000 });
  });

  it('Farmer Account Summary: the purchase entries with a Grand Total', async () => {
    const { projectId, purchaseId } = await workedExample();
    await f.purchase({
      projectId,
      partnerId: undefined,
      amount: 1234.56,
      date: '2026-01-15',
      particular: 'Visarpavti',
    });
    const body = await json(`/api/farmer-account/${projectId}`);
    expect(body.data).toHaveLength(2);
    expect(body.data[1]).toEqual({
      plotPurchaseId: purchaseId,
      particular: 'Kharedikhar',
      date: '2026-02-01',
      mode: 'Cash',
      modeDetail: null,
      creditTo: null,
      modeDate: '2026-02-01',
      partnerId: expect.any(Number),
      partnerName: 'Asha',
      amount: 200000,
    });
    expect(body.data[0]).toMatchObject({ date: '2026-01-15', particular: 'Visarpavti', amount: 1234.56 });
    expect(body.totals).toEqual({ amount: 201234.56 });
  });

  /** An EMI sale: ₹ 1,00,000 − ₹ 10,000 advance = ₹ 90,000 over 3 months from 2026-11-01; ₹ 40,000 of EMI paid. */
  const emiExample = async () => {
    const project = await f.project({ plots: 2 });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { saleId } = await f.sale({
      projectId: project.projectId,
      plotId: p1.plotId,
      amountPaise: 100000_00,
      emi: { advancePaise: 10000_00, months: 3, emiDate: '2026-11-01' },
    });
    const { saleId: sale2 } = await f.sale({
      projectId: project.projectId,
      plotId: p2.plotId,
      amountPaise: 60000_00,
      emi: { months: 2, emiDate: '2026-12-15' },
    });
    const receipt = (
      status: 'Completed' | 'Pending',
      lines: { amountPaise: number; date: string; particular?: 'Advance' }[],
    ) => f.receipt({ projectId: project.projectId, plotId: p1.plotId, saleId, status, lines });
    await receipt('Completed', [{ amountPaise: 10000_00, date: '2026-10-02', particular: 'Advance' }]);
    await receipt('Completed', [{ amountPaise: 30000_00, date: '2026-11-03' }]);
    await receipt('Completed', [{ amountPaise: 10000_00, date: '2026-12-01' }]);
    await receipt('Pending', [{ amountPaise: 20000_00, date: '2026-12-02' }]);
    return { project, p1, p2, saleId, sale2 };
  };

  it('Payment Details – Month Wise: received, EMI received, expected and pending EMI per month', async () => {
    const { project } = await emiExample();
    const body = await json(`/api/report/payment-month-wise/${project.projectId}`);
    expect(body.data).toEqual([
      { month: '2026-10', amountReceived: 10000, emiReceived: 0, expectedEmi: 0, pendingEmi: 0, total: 10000 },
      { month: '2026-11', amountReceived: 0, emiReceived: 30000, expectedEmi: 30000, pendingEmi: 0, total: 30000 },
      // P1's 2nd installment: 10,000 of 30,000 paid; P2's first 30,000 unpaid.
      { month: '2026-12', amountReceived: 0, emiReceived: 10000, expectedEmi: 60000, pendingEmi: 50000, total: 10000 },
      { month: '2027-01', amountReceived: 0, emiReceived: 0, expectedEmi: 60000, pendingEmi: 60000, total: 0 },
    ]);
    expect(body.totals).toEqual({
      amountReceived: 10000,
      emiReceived: 40000,
      expectedEmi: 150000,
      pendingEmi: 110000,
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

  /**
   * Worked examples of the SQL allocation (docs/design.md §7) on a fixed "today", against the domain function: one sale of
   * four ₹ 100 installments from 2026-01-05 and its plot's receipts.
   */
  const allocationExample = async (lines: { status: 'Completed' | 'Pending' | 'Cancelled'; paise: number }[]) => {
    const project = await f.project({ plots: 1 });
    const plot = project.plots[0] as { plotId: number; plotName: string };
    const { saleId } = await f.sale({
      projectId: project.projectId,
      plotId: plot.plotId,
      amountPaise: 400_00,
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

  it('allocates a part payment oldest first: paid, part-paid past due is overdue, later ones due', async () => {
    // ₹ 150 Completed; Pending ₹ 100 and Cancelled ₹ 100 pay nothing. Today 2026-03-01: Feb 5 is past.
    const rows = await allocationExample([
      { status: 'Completed', paise: 150_00 },
      { status: 'Pending', paise: 100_00 },
      { status: 'Cancelled', paise: 100_00 },
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
      { status: 'Completed', paise: 200_00 },
      { status: 'Completed', paise: 25_50 },
    ]);
    expect(part).toEqual([
      [1, 100_00, 'paid'],
      [2, 100_00, 'paid'],
      [3, 25_50, 'part-paid'],
      [4, 0, 'due'],
    ]);
    const over = await allocationExample([{ status: 'Completed', paise: 999_99 }]);
    expect(over).toEqual([
      [1, 100_00, 'paid'],
      [2, 100_00, 'paid'],
      [3, 100_00, 'paid'],
      [4, 100_00, 'paid'],
    ]);
  });

  it('allocates in SQL exactly as the domain’s allocateInstallments, on generated schedules and receipts', async () => {
    const statuses = ['Completed', 'Pending', 'Cancelled'] as const;
    const line = fc.record({
      status: fc.constantFrom(...statuses),
      particular: fc.constantFrom('Installment', 'Installment', 'Advance'),
      paise: fc.integer({ min: 1, max: 30_000_00 }),
    });
    const plan = fc.record({
      // Each plot's schedule: uneven amounts (0 included), due monthly from a start month.
      plots: fc.array(
        fc.record({
          amounts: fc.array(fc.integer({ min: 0, max: 20_000_00 }), { minLength: 1, maxLength: 6 }),
          start: fc.constantFrom('2026-01-31', '2026-02-15', '2026-06-01'),
          lines: fc.array(line, { maxLength: 4 }),
          // A cancelled earlier sale of the plot: its schedule counts nowhere, its plot's receipts still do.
          cancelledBefore: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      today: fc.constantFrom('2026-01-31', '2026-03-15', '2026-07-01', '2027-01-01'),
    });
    await fc.assert(
      fc.asyncProperty(plan, async ({ plots, today }) => {
        const project = await f.project({ plots: plots.length });
        const expected: { saleId: number; rows: ReturnType<typeof allocateInstallments> }[] = [];
        await t.asTenant(acme, async (tdb) => {
          for (const [i, spec] of plots.entries()) {
            const plot = project.plots[i] as { plotId: number };
            const sale = (status: 'Active' | 'Cancelled') =>
              tdb
                .insertInto('sales')
                .values({
                  project_id: project.projectId,
                  plot_id: plot.plotId,
                  sale_date: '2026-01-01',
                  sale_amount_paise: 1 + spec.amounts.reduce((a, b) => a + b, 0),
                  payment_type: 'EMI',
                  emi_duration: spec.amounts.length,
                  emi_date: spec.start,
                  status,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
            const schedule = spec.amounts.map((amountPaise, n) => ({
              installmentNo: n + 1,
              dueDate: addMonths(spec.start, n),
              amountPaise,
            }));
            const sales = spec.cancelledBefore ? [await sale('Cancelled')] : [];
            const active = await sale('Active');
            sales.push(active);
            for (const s of sales) {
              await tdb
                .insertInto('emi_installments')
                .values(
                  // Written in reverse: the allocation must go by installment number, not by row order.
                  [...schedule].reverse().map((x) => ({
                    sale_id: s.id,
                    installment_no: x.installmentNo,
                    due_date: x.dueDate,
                    amount_paise: x.amountPaise,
                  })),
                )
                .execute();
            }
            let paid = 0;
            for (const l of spec.lines) {
              const receipt = await tdb
                .insertInto('receipts')
                .values({ project_id: project.projectId, plot_id: plot.plotId, sale_id: active.id, status: l.status })
                .returning('id')
                .executeTakeFirstOrThrow();
              await tdb
                .insertInto('receipt_lines')
                .values({
                  receipt_id: receipt.id,
                  particular: l.particular,
                  line_date: '2026-02-01',
                  mode: 'Cash',
                  amount_paise: l.paise,
                })
                .execute();
              if (l.status === 'Completed' && l.particular === 'Installment') paid += l.paise;
            }
            expected.push({ saleId: active.id, rows: allocateInstallments(schedule, paid, today) });
          }
        });
        const actual = await t.asTenant(acme, (tdb) =>
          allocatedInstallmentsDue(tdb, project.projectId, { from: '2000-01-01', before: '2100-01-01' }, today),
        );
        const bySale = (saleId: number) =>
          actual
            .filter((r) => r.saleId === saleId)
            .sort((a, b) => a.installmentNo - b.installmentNo)
            .map((r) => ({
              installmentNo: r.installmentNo,
              dueDate: r.dueDate,
              amountPaise: r.amountPaise,
              paidPaise: r.paidPaise,
              state: r.state,
            }));
        expect(actual).toHaveLength(expected.reduce((n, e) => n + e.rows.length, 0));
        for (const e of expected) expect(bySale(e.saleId)).toEqual(e.rows);

        // Payment Details – Month Wise: each month's pending EMI is what the domain leaves unpaid of it.
        const monthWise = await json(`/api/report/payment-month-wise/${project.projectId}`);
        const pending = new Map<string, number>();
        for (const e of expected) {
          for (const r of e.rows) {
            const m = r.dueDate.slice(0, 7);
            pending.set(m, (pending.get(m) ?? 0) + r.amountPaise - r.paidPaise);
          }
        }
        for (const row of monthWise.data as { month: string; pendingEmi: number }[]) {
          expect(row.pendingEmi, row.month).toBe(toRupees(pending.get(row.month) ?? 0));
        }
      }),
      { numRuns: 25, seed: 20261123 },
    );
  });

  /** What the triggers keep, and the same figures recomputed from receipts, lines, sales and schedules. */
  const keptMoney = (plotIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const money = await tdb
        .selectFrom('plot_money')
        .select(['plot_id', 'received_paise', 'installment_paise'])
        .where('plot_id', 'in', plotIds)
        .orderBy('plot_id')
        .execute();
      const paid = await tdb
        .selectFrom('emi_installments as i')
        .innerJoin('sales as s', 's.id', 'i.sale_id')
        .select(['i.sale_id', 'i.installment_no', 'i.paid_paise'])
        .where('s.plot_id', 'in', plotIds)
        .orderBy('i.sale_id')
        .orderBy('i.installment_no')
        .execute();
      return {
        money: money
          .map((m) => ({
            plotId: m.plot_id,
            received: Number(m.received_paise),
            installment: Number(m.installment_paise),
          }))
          .filter((m) => m.received !== 0 || m.installment !== 0),
        paid: paid.map((r) => ({ saleId: r.sale_id, no: r.installment_no, paid: Number(r.paid_paise) })),
      };
    });
  const recomputedMoney = (plotIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const lines = await tdb
        .selectFrom('receipt_lines as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select(['r.plot_id', 'r.status', 'l.particular', 'l.amount_paise'])
        .where('r.plot_id', 'in', plotIds)
        .execute();
      const money = plotIds
        .map((plotId) => {
          const completed = lines.filter((l) => l.plot_id === plotId && l.status === 'Completed');
          const sum = (rows: typeof completed) => rows.reduce((n, l) => n + Number(l.amount_paise), 0);
          return {
            plotId,
            received: sum(completed),
            installment: sum(completed.filter((l) => l.particular === 'Installment')),
          };
        })
        .filter((m) => m.received !== 0 || m.installment !== 0);
      const sales = await tdb
        .selectFrom('sales')
        .select(['id', 'plot_id', 'status'])
        .where('plot_id', 'in', plotIds)
        .orderBy('id')
        .execute();
      const paid: { saleId: number; no: number; paid: number }[] = [];
      for (const sale of sales) {
        const schedule = await tdb
          .selectFrom('emi_installments')
          .select(['installment_no', 'due_date', 'amount_paise'])
          .where('sale_id', '=', sale.id)
          .orderBy('installment_no')
          .execute();
        const installmentMoney = money.find((m) => m.plotId === sale.plot_id)?.installment ?? 0;
        const rows = allocateInstallments(
          schedule.map((i) => ({
            installmentNo: i.installment_no,
            dueDate: i.due_date,
            amountPaise: i.amount_paise,
          })),
          installmentMoney,
          TODAY,
        );
        for (const r of rows) {
          paid.push({ saleId: sale.id, no: r.installmentNo, paid: sale.status === 'Active' ? r.paidPaise : 0 });
        }
      }
      return { money, paid };
    });
  it('keeps each plot’s money and each installment’s paid share equal to a recomputation from the rows', async () => {
    const project = await f.project({ plots: 2 });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { projectId } = project;
    const plotIds = [p1.plotId, p2.plotId];
    // 3 × ₹ 1,000 on P1 (cancelled later, then sold again) and 4 × ₹ 500 on P2.
    const first = await f.sale({ projectId, plotId: p1.plotId, amountPaise: 3_000_00, emi: { months: 3 } });
    const second = await f.sale({ projectId, plotId: p2.plotId, amountPaise: 2_000_00, emi: { months: 4 } });

    const expectInStep = async (step: string) => {
      const actual = await keptMoney(plotIds);
      expect(actual, step).toEqual(await recomputedMoney(plotIds));
      return actual;
    };

    // A Pending receipt of ₹ 1,500 Installment + ₹ 200 Advance on P1 counts nowhere yet.
    const receiptId = await f.receipt({
      projectId,
      plotId: p1.plotId,
      saleId: first.saleId,
      status: 'Pending',
      lines: [
        { amountPaise: 1_500_00, date: '2026-11-05' },
        { amountPaise: 200_00, date: '2026-11-05', particular: 'Advance' },
      ],
    });
    expect((await expectInStep('pending')).money).toEqual([]);
    const setStatus = (status: 'Pending' | 'Completed' | 'Cancelled') =>
      t.asTenant(acme, (tdb) => tdb.updateTable('receipts').set({ status }).where('id', '=', receiptId).execute());

    await setStatus('Completed');
    const completed = await expectInStep('completed');
    expect(completed.money).toEqual([{ plotId: p1.plotId, received: 1_700_00, installment: 1_500_00 }]);
    expect(completed.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([1_000_00, 500_00, 0]);

    // A Completed receipt on P2 and a changed line amount on P1.
    await f.receipt({
      projectId,
      plotId: p2.plotId,
      saleId: second.saleId,
      status: 'Completed',
      lines: [{ amountPaise: 700_00, date: '2026-11-06' }],
    });
    await t.asTenant(acme, (tdb) =>
      tdb
        .updateTable('receipt_lines')
        .set({ amount_paise: 2_500_00 })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Installment')
        .execute(),
    );
    const edited = await expectInStep('line edited');
    expect(edited.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([
      1_000_00, 1_000_00, 500_00,
    ]);
    expect(edited.paid.filter((r) => r.saleId === second.saleId).map((r) => r.paid)).toEqual([500_00, 200_00, 0, 0]);

    await setStatus('Cancelled');
    const cancelled = await expectInStep('cancelled receipt');
    expect(cancelled.money).toEqual([{ plotId: p2.plotId, received: 700_00, installment: 700_00 }]);
    expect(cancelled.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([0, 0, 0]);

    // Back to Completed, then the sale is cancelled: its schedule holds nothing; a new sale of P1 takes the money.
    await setStatus('Completed');
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', first.saleId).execute(),
    );
    const saleCancelled = await expectInStep('cancelled sale');
    expect(saleCancelled.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([0, 0, 0]);
    const again = await f.sale({ projectId, plotId: p1.plotId, amountPaise: 6_000_00, emi: { months: 2 } });
    const resold = await expectInStep('new sale');
    expect(resold.paid.filter((r) => r.saleId === again.saleId).map((r) => r.paid)).toEqual([2_500_00, 0]);

    // A deleted receipt takes its money with it.
    await t.asTenant(acme, (tdb) => tdb.deleteFrom('receipts').where('id', '=', receiptId).execute());
    const deleted = await expectInStep('deleted receipt');
    expect(deleted.money).toEqual([{ plotId: p2.plotId, received: 700_00, installment: 700_00 }]);
  });

  it('keeps the totals right when receipts of one plot are cleared at once beside its sale being cancelled', async () => {
    const project = await f.project({ plots: 1 });
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const { projectId } = project;
    const sale = await f.sale({ projectId, plotId, amountPaise: 10_000_00, emi: { months: 4 } });
    const receiptIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      receiptIds.push(
        await f.receipt({
          projectId,
          plotId,
          saleId: sale.saleId,
          status: 'Pending',
          lines: [{ amountPaise: 300_00 + i, date: '2026-11-05' }],
        }),
      );
    }
    // Each its own transaction (its own connection on PostgreSQL), straight to the tables: only the triggers' row
    // locks keep the totals whole.
    await Promise.all([
      ...receiptIds.map((id) =>
        t.asTenant(acme, (tdb) =>
          tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', id).execute(),
        ),
      ),
      t.asTenant(acme, (tdb) =>
        tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', sale.saleId).execute(),
      ),
    ]);
    const kept = await keptMoney([plotId]);
    expect(kept).toEqual(await recomputedMoney([plotId]));
    expect(kept.money).toEqual([{ plotId, received: 2_400_28, installment: 2_400_28 }]);
    expect(kept.paid.map((r) => r.paid)).toEqual([0, 0, 0, 0]);
  });

  it('keeps each project’s installment and receipt-line month totals equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 2 });
    const b = await f.project({ plots: 1 });
    const projectIds = [a.projectId, b.projectId];
    const [a1, a2] = a.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const b1 = (b.plots[0] as { plotId: number }).plotId;
    const nonZero = <R extends Record<string, unknown>>(rows: R[], keys: (keyof R)[]) =>
      rows.filter((r) => keys.some((k) => Number(r[k]) !== 0));
    /** emi_month_totals and receipt_month_totals.lines beside the same figures recomputed from the rows. */
    const kept = () =>
      t.asTenant(acme, async (tdb) => ({
        installments: nonZero(
          (
            await tdb
              .selectFrom('emi_month_totals')
              .select(['project_id', 'month', 'installments', 'amount_paise', 'paid_paise'])
              .where('project_id', 'in', projectIds)
              .orderBy('project_id')
              .orderBy('month')
              .execute()
          ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise), paid_paise: Number(r.paid_paise) })),
          ['installments', 'amount_paise', 'paid_paise'],
        ),
        lines: nonZero(
          await tdb
            .selectFrom('receipt_month_totals')
            .select(['project_id', 'month', 'status', 'lines'])
            .where('project_id', 'in', projectIds)
            .orderBy('project_id')
            .orderBy('month')
            .orderBy('status')
            .execute(),
          ['lines'],
        ),
        // The copies on each installment: the sale's project, and whether the sale is Active.
        copies: await tdb
          .selectFrom('emi_installments as i')
          .innerJoin('sales as s', 's.id', 'i.sale_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('s.project_id', 'in', projectIds)
          .where(sql<boolean>`(i.project_id, i.active) is distinct from (s.project_id, s.status = 'Active')`)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      }));
    const recomputed = () =>
      t.asTenant(acme, async (tdb) => ({
        installments: (
          await tdb
            .selectFrom('emi_installments as i')
            .innerJoin('sales as s', 's.id', 'i.sale_id')
            .select([
              's.project_id',
              sql<string>`date_trunc('month', i.due_date)::date`.as('month'),
              sql<number>`count(*)::integer`.as('installments'),
              sql<number>`sum(i.amount_paise)`.as('amount_paise'),
              sql<number>`sum(i.paid_paise)`.as('paid_paise'),
            ])
            .where('s.project_id', 'in', projectIds)
            .where('s.status', '=', 'Active')
            .groupBy(['s.project_id', sql`2`])
            .orderBy('s.project_id')
            .orderBy(sql`2`)
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise), paid_paise: Number(r.paid_paise) })),
        lines: await tdb
          .selectFrom('receipt_lines')
          .select([
            'project_id',
            sql<string>`date_trunc('month', line_date)::date`.as('month'),
            'receipt_status as status',
            sql<number>`count(*)::integer`.as('lines'),
          ])
          .where('project_id', 'in', projectIds)
          .groupBy(['project_id', sql`2`, 'receipt_status'])
          .orderBy('project_id')
          .orderBy(sql`2`)
          .orderBy('receipt_status')
          .execute(),
        copies: 0,
      }));
    const expectInStep = async (step: string) => {
      const actual = await kept();
      expect(actual, step).toEqual(await recomputed());
      return actual;
    };

    // Two schedules of project A (3 × ₹ 1,000 from November, 2 × ₹ 500 from December) and one of B.
    const first = await f.sale({
      projectId: a.projectId,
      plotId: a1.plotId,
      amountPaise: 3_000_00,
      emi: { months: 3 },
    });
    await f.sale({
      projectId: a.projectId,
      plotId: a2.plotId,
      amountPaise: 1_000_00,
      emi: { months: 2, emiDate: '2026-12-15' },
    });
    await f.sale({ projectId: b.projectId, plotId: b1, amountPaise: 2_000_00, emi: { months: 1 } });
    const sold = await expectInStep('schedules written');
    expect(
      sold.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      ['2026-11-01', 1, 1_000_00, 0],
      ['2026-12-01', 2, 1_500_00, 0],
      ['2027-01-01', 2, 1_500_00, 0],
    ]);

    // Installment money paid, a line edited, a receipt's status moved, a line moved to another month.
    const receiptId = await f.receipt({
      projectId: a.projectId,
      plotId: a1.plotId,
      saleId: first.saleId,
      status: 'Completed',
      lines: [
        { amountPaise: 1_500_00, date: '2026-11-05' },
        { amountPaise: 200_00, date: '2026-11-05', particular: 'Advance' },
      ],
    });
    const paid = await expectInStep('receipt');
    expect(paid.installments.filter((r) => r.project_id === a.projectId).map((r) => r.paid_paise)).toEqual([
      1_000_00, 500_00, 0,
    ]);
    expect(paid.lines.filter((r) => r.project_id === a.projectId)).toEqual([
      { project_id: a.projectId, month: '2026-11-01', status: 'Completed', lines: 2 },
    ]);
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('receipt_lines')
        .set({ amount_paise: 2_500_00 })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Installment')
        .execute();
      await tdb
        .updateTable('receipt_lines')
        .set({ line_date: '2026-12-01' })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Advance')
        .execute();
    });
    await expectInStep('lines edited');
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('receipts').set({ status: 'Pending' }).where('id', '=', receiptId).execute(),
    );
    const pending = await expectInStep('receipt pending');
    expect(pending.installments.filter((r) => r.project_id === a.projectId).map((r) => r.paid_paise)).toEqual([
      0, 0, 0,
    ]);
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', receiptId).execute(),
    );
    await expectInStep('receipt completed again');

    // The sale cancelled: its installments leave the totals; a new sale of the plot brings its own.
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', first.saleId).execute(),
    );
    const cancelled = await expectInStep('sale cancelled');
    expect(
      cancelled.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      ['2026-12-01', 1, 500_00, 0],
      ['2027-01-01', 1, 500_00, 0],
    ]);
    await f.sale({ projectId: a.projectId, plotId: a1.plotId, amountPaise: 4_000_00, emi: { months: 2 } });
    const resold = await expectInStep('plot sold again');
    expect(
      resold.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      ['2026-11-01', 1, 2_000_00, 2_000_00],
      ['2026-12-01', 2, 2_500_00, 500_00],
      ['2027-01-01', 1, 500_00, 0],
    ]);

    // Installments edited, moved and deleted in place; a receipt deleted.
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('emi_installments')
        .set({ due_date: '2027-03-01' })
        .where('project_id', '=', b.projectId)
        .execute();
      await tdb
        .updateTable('emi_installments')
        .set({ amount_paise: 700_00 })
        .where('project_id', '=', a.projectId)
        .where('due_date', '=', '2027-01-15')
        .execute();
      await tdb
        .deleteFrom('emi_installments')
        .where('project_id', '=', a.projectId)
        .where('active', '=', false)
        .execute();
      await tdb.deleteFrom('receipts').where('id', '=', receiptId).execute();
    });
    const edited = await expectInStep('edited and deleted');
    expect(edited.lines.filter((r) => r.project_id === a.projectId)).toEqual([]);
    expect(edited.installments.filter((r) => r.project_id === b.projectId).map((r) => r.month)).toEqual(['2027-03-01']);

    // Concurrent receipts of one project, each its own transaction: the month rows keep them whole.
    await Promise.all(
      [a1.plotId, a2.plotId, a1.plotId].map((plotId, i) =>
        f.receipt({
          projectId: a.projectId,
          plotId,
          status: 'Completed',
          lines: [{ amountPaise: 300_00 + i, date: '2026-11-05' }],
        }),
      ),
    );
    const concurrent = await expectInStep('concurrent receipts');
    expect(concurrent.lines.filter((r) => r.project_id === a.projectId)).toEqual([
      { project_id: a.projectId, month: '2026-11-01', status: 'Completed', lines: 3 },
    ]);
  });

  it('keeps each project’s installment count, Σ and plot names by due date equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 3 });
    const b = await f.project({ plots: 1 });
    const c = await f.project({ plots: 4 });
    const projectIds = [a.projectId, b.projectId, c.projectId];
    const [a1, a2, a3] = a.plots.map((p) => p.plotId) as [number, number, number];
    const b1 = (b.plots[0] as { plotId: number }).plotId;
    const kept = () =>
      t.asTenant(acme, async (tdb) =>
        (
          await tdb
            .selectFrom('emi_due_names')
            .select(['project_id', 'due_date', 'installments', 'amount_paise', 'names'])
            .where('project_id', 'in', projectIds)
            .where('installments', '>', 0)
            .orderBy('project_id')
            .orderBy('due_date')
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise) })),
      );
    const recomputed = () =>
      t.asTenant(acme, async (tdb) =>
        (
          await tdb
            .selectFrom('emi_installments as i')
            .innerJoin('sales as s', 's.id', 'i.sale_id')
            .innerJoin('plots as pl', 'pl.id', 's.plot_id')
            .select([
              's.project_id',
              'i.due_date',
              sql<number>`count(*)::integer`.as('installments'),
              sql<number>`sum(i.amount_paise)`.as('amount_paise'),
              sql<string>`string_agg(to_json(pl.plot_name)::text, ',' order by pl.plot_name, s.id)`.as('names'),
            ])
            .where('s.project_id', 'in', projectIds)
            .where('s.status', '=', 'Active')
            .groupBy(['s.project_id', 'i.due_date'])
            .orderBy('s.project_id')
            .orderBy('i.due_date')
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise) })),
      );
    const expectInStep = async (step: string) => {
      const actual = await kept();
      expect(actual, step).toEqual(await recomputed());
      return actual.filter((r) => r.project_id === a.projectId).map((r) => [r.due_date, r.installments, r.names]);
    };

    const second = await f.sale({
      projectId: a.projectId,
      plotId: a2,
      amountPaise: 3_000_00,
      emi: { months: 3 },
    });
    const first = await f.sale({
      projectId: a.projectId,
      plotId: a1,
      amountPaise: 2_000_00,
      emi: { months: 2 },
    });
    const third = await f.sale({
      projectId: a.projectId,
      plotId: a3,
      amountPaise: 1_000_00,
      emi: { months: 1, emiDate: '2026-11-15' },
    });
    await f.sale({ projectId: b.projectId, plotId: b1, amountPaise: 1_000_00, emi: { months: 1 } });
    expect(await expectInStep('schedules written')).toEqual([
      ['2026-11-01', 2, '"P1","P2"'],
      ['2026-11-15', 1, '"P3"'],
      ['2026-12-01', 2, '"P1","P2"'],
      ['2027-01-01', 1, '"P2"'],
    ]);

    // Installment money paid changes no name; plots renamed one at a time and all at once (as Edit Project does).
    await f.receipt({
      projectId: a.projectId,
      plotId: a1,
      saleId: first.saleId,
      status: 'Completed',
      lines: [{ amountPaise: 1_500_00, date: '2026-11-05' }],
    });
    await expectInStep('paid');
    await t.asTenant(acme, (tdb) => tdb.updateTable('plots').set({ plot_name: 'Z1' }).where('id', '=', a1).execute());
    expect((await expectInStep('renamed'))[0]).toEqual(['2026-11-01', 2, '"P2","Z1"']);
    await t.asTenant(acme, (tdb) =>
      tdb
        .updateTable('plots')
        .set({ plot_name: sql`'Q' || plot_name` })
        .where('project_id', '=', a.projectId)
        .execute(),
    );
    expect((await expectInStep('all renamed'))[0]).toEqual(['2026-11-01', 2, '"QP2","QZ1"']);

    // A sale cancelled, another moved to the freed plot, installments moved, re-amounted and deleted in place.
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', second.saleId).execute(),
    );
    expect(await expectInStep('sale cancelled')).toEqual([
      ['2026-11-01', 1, '"QZ1"'],
      ['2026-11-15', 1, '"QP3"'],
      ['2026-12-01', 1, '"QZ1"'],
    ]);
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ plot_id: a2 }).where('id', '=', third.saleId).execute(),
    );
    expect((await expectInStep('sale moved'))[1]).toEqual(['2026-11-15', 1, '"QP2"']);
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('emi_installments')
        .set({ due_date: '2026-12-01' })
        .where('sale_id', '=', third.saleId)
        .execute();
      await tdb
        .updateTable('emi_installments')
        .set({ amount_paise: 10 })
        .where('sale_id', '=', first.saleId)
        .where('installment_no', '=', 1)
        .execute();
      await tdb.deleteFrom('emi_installments').where('sale_id', '=', second.saleId).execute();
    });
    expect(await expectInStep('installments edited')).toEqual([
      ['2026-11-01', 1, '"QZ1"'],
      ['2026-12-01', 2, '"QP2","QZ1"'],
    ]);

    // Concurrent sales of one project with the same due dates, each its own transaction.
    await Promise.all(
      c.plots.map((plot, i) =>
        f.sale({ projectId: c.projectId, plotId: plot.plotId, amountPaise: 1_000_00 + i, emi: { months: 2 } }),
      ),
    );
    await expectInStep('concurrent sales');
    const cDays = (await kept()).filter((r) => r.project_id === c.projectId);
    expect(cDays.map((r) => [r.due_date, r.installments, r.names])).toEqual([
      ['2026-11-01', 4, '"P1","P2","P3","P4"'],
      ['2026-12-01', 4, '"P1","P2","P3","P4"'],
    ]);
  });

  it('keeps each project’s land, development and sale totals equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 2 });
    const b = await f.project({ plots: 1 });
    const projectIds = [a.projectId, b.projectId];
    const [a1, a2] = a.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const kept = () =>
      t.asTenant(acme, (tdb) =>
        tdb
          .selectFrom('project_money')
          .select(['project_id', 'land_paise', 'development_paise', 'sale_paise'])
          .where('project_id', 'in', projectIds)
          .orderBy('project_id')
          .execute(),
      );
    const recomputed = () =>
      t.asTenant(acme, async (tdb) => {
        const sum = async (table: 'purchase_entries' | 'development_entries', projectId: number) =>
          Number(
            (
              await tdb
                .selectFrom(table)
                .select(sql<string>`coalesce(sum(amount_paise), 0)`.as('n'))
                .where('project_id', '=', projectId)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const rows = [];
        for (const projectId of projectIds) {
          const sales = await tdb
            .selectFrom('sales')
            .select(['sale_amount_paise'])
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .execute();
          rows.push({
            project_id: projectId,
            land_paise: await sum('purchase_entries', projectId),
            development_paise: await sum('development_entries', projectId),
            sale_paise: sales.reduce((n, r) => n + Number(r.sale_amount_paise), 0),
          });
        }
        return rows;
      });
    const expectInStep = async (step: string, expected?: [number, number, number][]) => {
      // A project without a row yet (nothing written since it was made) has zero of each.
      const rows = await kept();
      const actual = projectIds.map((projectId) => {
        const r = rows.find((row) => row.project_id === projectId);
        return {
          project_id: projectId,
          land_paise: Number(r?.land_paise ?? 0),
          development_paise: Number(r?.development_paise ?? 0),
          sale_paise: Number(r?.sale_paise ?? 0),
        };
      });
      expect(actual, step).toEqual(await recomputed());
      if (expected) {
        expect(
          actual.map((r) => [r.land_paise, r.development_paise, r.sale_paise]),
          step,
        ).toEqual(expected);
      }
    };
    await expectInStep('new projects', [
      [0, 0, 0],
      [0, 0, 0],
    ]);

    const { id: purchase } = await f.purchase({ projectId: a.projectId, amount: 1000, date: '2026-02-01' });
    await f.purchase({ projectId: b.projectId, amount: 300, date: '2026-02-02' });
    await f.development({ projectId: a.projectId, amount: 200, date: '2026-04-01' });
    await f.development({
      projectId: a.projectId,
      amount: 50,
      category: 'per_plot',
      plotId: a1.plotId,
      particular: 'Marking Pole',
      date: '2026-04-02',
    });
    const sale = await f.sale({ projectId: a.projectId, plotId: a1.plotId, amountPaise: 5_000_00 });
    await f.sale({ projectId: a.projectId, plotId: a2.plotId, amountPaise: 2_000_00 });
    await expectInStep('entries and sales', [
      [1000_00, 250_00, 7_000_00],
      [300_00, 0, 0],
    ]);

    // Straight to the tables: an amount changed, an entry moved to the other project, one deleted, a sale
    // cancelled, and one statement inserting into both projects.
    await t.asTenant(acme, async (tdb) => {
      await tdb.updateTable('purchase_entries').set({ amount_paise: 1500_00 }).where('id', '=', purchase).execute();
      await tdb
        .updateTable('purchase_entries')
        .set({ project_id: b.projectId })
        .where('project_id', '=', a.projectId)
        .where('id', '<>', purchase)
        .execute();
      await tdb
        .deleteFrom('development_entries')
        .where('project_id', '=', a.projectId)
        .where('amount_paise', '=', 50_00)
        .execute();
      await tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', sale.saleId).execute();
      await tdb
        .insertInto('purchase_entries')
        .values(
          projectIds.map((projectId, i) => ({
            project_id: projectId,
            particular: 'Kharedikhar',
            entry_date: '2026-03-01',
            mode: 'Cash',
            amount_paise: 10_00 + i,
          })),
        )
        .execute();
      await tdb.updateTable('purchase_entries').set({ mode: 'Cheque' }).where('project_id', 'in', projectIds).execute();
    });
    await expectInStep('edited in place', [
      [1510_00, 200_00, 2_000_00],
      [310_01, 0, 0],
    ]);

    // Concurrent writers of one project, each in its own transaction: the project's row keeps them whole.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.asTenant(acme, (tdb) =>
          tdb
            .insertInto('development_entries')
            .values({
              project_id: b.projectId,
              category: 'per_project',
              particular: 'Road Rate',
              entry_date: '2026-05-01',
              mode: 'Cash',
              amount_paise: 100 + i,
            })
            .execute(),
        ),
      ),
    );
    await expectInStep('concurrent inserts');

    // Project Wise reads the kept totals: its rows are the recomputed figures.
    const report = await json('/api/report/project-wise');
    const row = (report.data as { projectId: number; investment: number; saleAmount: number }[]).find(
      (r) => r.projectId === b.projectId,
    );
    expect(row).toMatchObject({ investment: toRupees(310_01 + 615), saleAmount: 0 });
  });

  it('Project Wise Partner Summary: Pay entries and Receive (receipts credited, payouts) of every partner', async () => {
    const { projectId, asha, bhaskar, payoutId } = await workedExample();
    const body = await json(`/api/partner-summary/${projectId}`);
    expect(
      body.data.map((r: { partnerName: string; source: string; payReceive: string; amount: number }) => [
        r.partnerName,
        r.source,
        r.payReceive,
        r.amount,
      ]),
    ).toEqual([
      ['Asha', 'purchase', 'Pay', 200000],
      ['Bhaskar', 'development', 'Pay', 100000],
      ['Bhaskar', 'development', 'Pay', 5000],
      ['Asha', 'receipt', 'Receive', 150000],
      ['Bhaskar', 'payout', 'Receive', 30000],
    ]);
    expect(body.data[4]).toEqual({
      source: 'payout',
      sourceId: payoutId,
      partnerId: bhaskar,
      partnerName: 'Bhaskar',
      particular: 'Payment To Partner',
      date: '2026-11-01',
      mode: 'Bank Transfer',
      modeDate: null,
      creditTo: null,
      modeDetail: null,
      payReceive: 'Receive',
      amount: 30000,
    });
    expect(body.data[0].partnerId).toBe(asha);
    expect(body.totals).toEqual({ pay: 305000, receive: 180000, net: 125000 });
  });

  it('Partner Payment Details: one partner’s rows; totals equal Payment To Partner’s investment and received', async () => {
    const { projectId, bhaskar } = await workedExample();
    const body = await json(`/api/partner-payment-details/${projectId}/${bhaskar}`);
    expect(
      body.data.map((r: { particular: string; payReceive: string; amount: number }) => [
        r.particular,
        r.payReceive,
        r.amount,
      ]),
    ).toEqual([
      ['Road Rate', 'Pay', 100000],
      ['Marking Pole', 'Pay', 5000],
      ['Payment To Partner', 'Receive', 30000],
    ]);
    expect(body.data[0]).not.toHaveProperty('partnerName');
    expect(body.totals).toEqual({ pay: 105000, receive: 30000, net: 75000 });
    const summary = (await json(`/api/payment/partners-summary?projectId=${projectId}`)).find(
      (p: { partnerId: number }) => p.partnerId === bhaskar,
    );
    expect([summary.investment, summary.received]).toEqual([body.totals.pay, body.totals.receive]);
  });

  it('answers an empty project with no rows and zero totals, and its exports with 404', async () => {
    const { projectId, plots } = await f.project({ plots: 1 });
    const partnerId = await f.partner({ projectId });
    // A project has at least one plot: its row is all zeros.
    const plotWise = await json(`/api/report/plot-wise/${projectId}`);
    expect(plotWise.data).toEqual([
      expect.objectContaining({ plotId: plots[0]?.plotId, investment: 0, profit: 0, total: 0 }),
    ]);
    for (const url of reportUrls(projectId, partnerId).slice(1)) {
      const body = await json(url);
      expect(body.data, url).toEqual([]);
      for (const value of Object.values(body.totals)) expect(value, url).toBe(0);
      const exported = await get(`${url}/export`);
      expect(exported.statusCode, url).toBe(404);
      expect(exported.json()).toEqual({ message: 'No data available to export!' });
    }
  });

  it('answers 404 for a project or partner of another company, and for a partner outside the project', async () => {
    // Ids far above any of acme's: each company numbers its rows on its own.
    const projectId = 500_000;
    const partnerId = 500_001;
    await t.asTenant(globex, async (tdb) => {
      await tdb
        .insertInto('projects')
        .values({
          id: projectId,
          project_name: 'Theirs',
          city: 'Pune',
          total_area: 1000,
          total_rate: 10,
          total_amount_paise: 10000_00,
          saleable_area: 1000,
        })
        .execute();
      await tdb.insertInto('partners').values({ id: partnerId, partner_name: 'Theirs', city: 'Pune' }).execute();
      await tdb
        .insertInto('partner_projects')
        .values({ partner_id: partnerId, project_id: projectId, percentage_share: 10 })
        .execute();
    });
    for (const url of reportUrls(projectId, partnerId)) {
      for (const path of [url, `${url}/export`]) {
        const res = await get(path);
        expect(res.statusCode, path).toBe(404);
        expect(res.json().message, path).toMatch(/not found/i);
      }
    }
    const month = await get(`/api/report/payment-expected-month-wise/${projectId}/2026-12`);
    expect(month.statusCode).toBe(404);
    expect(month.json().message).toMatch(/not found/i);
    const own = await f.project();
    const outsider = await f.partner();
    const res = await get(`/api/partner-payment-details/${own.projectId}/${outsider}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Partner not found in this project.');
  });

  it('answers 401 without a token, 403 with another company’s, and admits a tenant admin', async () => {
    const { projectId } = await f.project();
    const urls = [`/api/report/project-wise`, `/api/report/project-wise/export`, ...reportUrls(projectId, 1)];
    const globexToken = await t.userToken(globex);
    const admin = await t.userToken(acme, 'TENANT_ADMIN');
    for (const url of urls) {
      expect((await t.call(acme.tenantId, { method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get(url, globexToken)).statusCode, url).toBe(403);
    }
    expect((await get(`/api/report/plot-wise/${projectId}`, admin)).statusCode).toBe(200);
  });

  it('exports each report as one sheet: bold frozen header, numeric money, real dates, text kept as text', async () => {
    const { projectId, asha, bhaskar } = await workedExample();
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('partners').set({ partner_name: '=HYPERLINK("x")' }).where('id', '=', asha).execute(),
    );
    await f.purchase({ projectId, partnerId: bhaskar, amount: 7.5, modeDetail: '+91 cheque', creditTo: '@farmer' });
    const files: [string, string][] = [
      ['/api/report/project-wise/export', 'ProjectReport.xlsx'],
      [`/api/report/plot-wise/${projectId}/export`, `PlotReport_${projectId}.xlsx`],
      [`/api/report/payment-receipts/${projectId}/export`, `PaymentReceipts_${projectId}.xlsx`],
      [`/api/farmer-account/${projectId}/export`, 'FarmerAccount.xlsx'],
      [`/api/report/payment-month-wise/${projectId}/export`, `PaymentMonthWise_${projectId}.xlsx`],
      [`/api/partner-summary/${projectId}/export`, 'PartnerSummary.xlsx'],
      [`/api/partner-payment-details/${projectId}/${asha}/export`, 'PartnerPaymentDetails.xlsx'],
    ];
    const books = new Map<string, ExcelJS.Worksheet>();
    for (const [url, name] of files) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets, url).toHaveLength(1);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      // The sheet is named as the file (spec 001 §9).
      expect(sheet.name, url).toBe(name.replace(/\.xlsx$/, ''));
      expect(sheet.getRow(1).getCell(1).font?.bold, url).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      books.set(name, sheet);
    }

    const farmer = books.get('FarmerAccount.xlsx') as ExcelJS.Worksheet;
    expect((farmer.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Particular',
      'Date',
      'Mode',
      'Mode Details',
      'Credited To',
      'Mode Date',
      'Partner',
      'Amount',
    ]);
    const first = farmer.getRow(2);
    expect(first.getCell(2).value).toEqual(new Date(Date.UTC(2026, 1, 1)));
    expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(7).value).toBe('=HYPERLINK("x")');
    expect(first.getCell(7).formula).toBeUndefined();
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(8).value).toBe(200000);
    // Written as `[>=10000000]##\\,##\\,##\\,##0.00;…` (literal commas); ExcelJS's reader drops the backslashes.
    expect(first.getCell(8).numFmt).toBe('[>=10000000]##,##,##,##0.00;[>=100000]##,##,##0.00;##,##0.00');
    const second = farmer.getRow(3);
    expect([second.getCell(4).value, second.getCell(5).value, second.getCell(8).value]).toEqual([
      '+91 cheque',
      '@farmer',
      7.5,
    ]);
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.String);
    const totalRow = farmer.getRow(4);
    expect(totalRow.getCell(1).value).toBe('Grand Total');
    expect(totalRow.getCell(8).value).toBe(200007.5);
    expect(totalRow.getCell(1).font?.bold).toBe(true);
    expect(farmer.rowCount).toBe(4);

    const details = books.get('PartnerPaymentDetails.xlsx') as ExcelJS.Worksheet;
    expect(details.getRow(2).getCell(1).value).toBe(1); // S.No
    expect(details.getRow(2).getCell(8).value).toBe('Pay');
    // Asha paid ₹ 2,00,000 and received ₹ 1,50,000: Pay, Receive and Net each in its own row, never added.
    expect(details.rowCount).toBe(6);
    expect([4, 5, 6].map((n) => [details.getRow(n).getCell(2).value, details.getRow(n).getCell(9).value])).toEqual([
      ['Total Pay', 200000],
      ['Total Receive', 150000],
      ['Net (Pay − Receive)', 50000],
    ]);
    expect(details.getRow(4).getCell(1).value).toBeNull();

    const summary = books.get('PartnerSummary.xlsx') as ExcelJS.Worksheet;
    expect(summary.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(summary.getRow(2).getCell(1).value).toBe('=HYPERLINK("x")');

    const plots = books.get(`PlotReport_${projectId}.xlsx`) as ExcelJS.Worksheet;
    expect(plots.getRow(2).getCell(7).value).toBeInstanceOf(Date);
    expect(plots.getRow(3).getCell(3).value).toBe(-150003.75); // the 7.50 purchase is shared too
  });

  it('exports Payment Expected with each month’s plots joined by a comma and space', async () => {
    const { project, p1, p2 } = await emiExample();
    const res = await get(`/api/report/payment-expected-month-wise/${project.projectId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="PaymentExpectedMonthWise.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(3).getCell(1).value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(sheet.getRow(3).getCell(2).value).toBe(60000);
    expect(sheet.getRow(3).getCell(3).value).toBe(`${p1.plotName}, ${p2.plotName}`);
    expect(sheet.getRow(5).getCell(2).value).toBe(150000);
  });
});
