import { describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('reports on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { get, json, workedExample } = reportExamples(() => ({ t, acme, token, f }));

  it('Project Wise Summary: investment, profit, received, pending and total of a project (docs/design.md §7)', async () => {
    const { projectId, project } = await workedExample();
    const body = await json('/api/report/project-wise');
    const row = body.data.find((r: { projectId: number }) => r.projectId === projectId);
    expect(row).toEqual({
      projectId,
      projectName: project.projectName,
      investment: 305000, // 2,00,000 land + 1,05,000 development
      saleAmount: 500000,
      transferFees: 0,
      forfeited: 0,
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

  it('Project Wise Summary and its export refuse a thirteenth month with 400, not a failure', async () => {
    for (const url of ['/api/report/project-wise', '/api/report/project-wise/export']) {
      const res = await get(`${url}?fromDate=2025-13-01`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/From date must be a real calendar date/);
    }
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
        transferFees: 0,
        forfeited: 0,
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
        transferFees: 0,
        forfeited: 0,
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
      transferFees: 0,
      forfeited: 0,
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
});
