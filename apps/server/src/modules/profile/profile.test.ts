import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('project profile on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  const profile = (query: string, as = token, tenantId = acme.tenantId) =>
    t.call(tenantId, { method: 'GET', url: `/api/project-profile?${query}`, token: as });

  /**
   * The worked example. Plots A 1,000, B 1,500 and C 2,500 sq ft (Σ 5,000; shares 1/5, 3/10, 1/2).
   * Land: purchases ₹ 2,00,000.00 + ₹ 50,000.01 = ₹ 2,50,000.01.
   * Development: per_project Road Rate ₹ 10,000.00 and Electricity Rate ₹ 0.05; per_plot Marking Pole ₹ 1,200.00
   * on B; per_sqft Compound Rate ₹ 2,500.50 on C.
   * Sales: A for ₹ 1,00,000, B for ₹ 1,50,000, C unsold.
   * Receipts: A Completed ₹ 40,000, Pending ₹ 10,000, Cancelled ₹ 5,000; B Completed ₹ 60,000.50.
   */
  async function workedExample() {
    const created = await t.call(acme.tenantId, {
      method: 'POST',
      url: '/api/project',
      token,
      payload: {
        projectName: `Worked ${Math.random().toString(36).slice(2, 7)}`,
        city: 'Nagpur',
        totalArea: 6000,
        totalRate: 50,
        plots: [
          { plotName: 'A', totalPlotSize: 1000 },
          { plotName: 'B', totalPlotSize: 1500 },
          { plotName: 'C', totalPlotSize: 2500 },
        ],
      },
    });
    const projectId = created.json().projectId as number;
    const project = (await t.call(acme.tenantId, { method: 'GET', url: `/api/project/${projectId}`, token })).json();
    const [a, b, c] = project.plots.map((p: { plotId: number }) => p.plotId) as [number, number, number];
    const partnerId = await f.partner({ projectId, share: 50 });
    await f.purchases([
      { projectId, partnerId, particular: 'Kharedikhar', date: '2026-01-05', mode: 'Cash', amount: 200000 },
      { projectId, partnerId, particular: 'Stamp+Advocate', date: '2026-01-06', mode: 'Cash', amount: 50000.01 },
    ]);
    const dev = { projectId, partnerId, date: '2026-03-01', mode: 'Cash' };
    await f.developmentRows([
      { ...dev, category: 'per_project', plotId: null, particular: 'Road Rate', amount: 10000 },
      { ...dev, category: 'per_project', plotId: null, particular: 'Electricity Rate', amount: 0.05 },
      { ...dev, category: 'per_plot', plotId: b, particular: 'Marking Pole', amount: 1200 },
      { ...dev, category: 'per_sqft', plotId: c, particular: 'Compound Rate', amount: 2500.5 },
    ]);
    await f.sale({
      projectId,
      plotId: a,
      amountPaise: paise(100_000_00),
      receipts: [
        { status: 'Completed', amountPaise: paise(40_000_00), date: '2026-10-05' },
        { status: 'Pending', amountPaise: paise(10_000_00), date: '2026-10-06' },
        { status: 'Cancelled', amountPaise: paise(5_000_00), date: '2026-10-07' },
      ],
    });
    await f.sale({
      projectId,
      plotId: b,
      amountPaise: paise(150_000_00),
      receipts: [{ status: 'Completed', amountPaise: paise(60_000_50), date: '2026-10-08' }],
    });
    return { projectId, a, b, c };
  }

  it('works out the project’s figures on the worked example', async () => {
    const { projectId } = await workedExample();
    const res = await profile(`projectId=${projectId}`);
    expect(res.statusCode).toBe(200);
    // Cost = 2,50,000.01 + 10,000 + 0.05 + 1,200 + 2,500.50 = 2,63,700.56; sales 1,00,000 + 1,50,000 = 2,50,000.
    // Profit = 2,50,000 − 2,63,700.56 = −13,700.56; margin −13,700.56 / 2,50,000 × 100 = −5.480224 → −5.48.
    // Received = Completed only: 40,000 + 60,000.50 = 1,00,000.50; pending 2,50,000 − 1,00,000.50 = 1,49,999.50.
    // Total = investment + profit = 2,63,700.56 − 13,700.56 = 2,50,000.
    expect(res.json()).toMatchObject({
      projectId,
      plotId: null,
      plotName: null,
      area: 5000,
      plotCount: 3,
      soldCount: 2,
      totalCost: 263700.56,
      investment: 263700.56,
      landCost: 250000.01,
      developmentCost: 13700.55,
      saleAmount: 250000,
      netProfit: -13700.56,
      profitMargin: -5.48,
      amountReceived: 100000.5,
      pendingBalance: 149999.5,
      total: 250000,
    });
    // Shares of 26,370,056 paise in hundredths of a percent (v × 10,000 / total):
    //   land 9480.45 → 9480, Compound 94.82 → 94, Electricity 0.0019 → 0, Marking 45.51 → 45, Road 379.22 → 379.
    //   Σ 9998: the 2 left go to the largest remainders (Compound .82, Marking .51) → 95 and 46.
    expect(res.json().costBreakdown).toEqual([
      { label: 'Land Purchase', value: 250000.01, percentage: 94.8 },
      { label: 'Compound Rate', value: 2500.5, percentage: 0.95 },
      { label: 'Electricity Rate', value: 0.05, percentage: 0 },
      { label: 'Marking Pole', value: 1200, percentage: 0.46 },
      { label: 'Road Rate', value: 10000, percentage: 3.79 },
    ]);
  });

  it('gives a plot its allocated cost: shared costs by area share, its own charges in full', async () => {
    const { projectId, a } = await workedExample();
    const res = await profile(`projectId=${projectId}&plotId=${a}`);
    expect(res.statusCode).toBe(200);
    // A holds 1,000 / 5,000 = 1/5. Land 25,000,001 paise: A 5,000,000.2 → 5,000,000 (the odd paisa goes to C,
    // whose remainder .5 is largest). Road Rate 1,000,000 / 5 = 200,000. Electricity 5 paise: 1, 1.5, 2.5 →
    // 1, 1, 2, and the paisa left goes to B (tie .5 with C, B first), so A keeps 1. No Marking Pole or Compound Rate.
    // Cost = 50,000.00 + 0.01 + 2,000.00 = 52,000.01; sale 1,00,000; profit 47,999.99; margin 47.99999 → 48.
    // Received 40,000 (the Pending and Cancelled receipts count nowhere); pending 60,000.
    expect(res.json()).toMatchObject({
      plotName: 'A',
      area: 1000,
      plotCount: 1,
      soldCount: 1,
      totalCost: 52000.01,
      landCost: 50000,
      developmentCost: 2000.01,
      saleAmount: 100000,
      netProfit: 47999.99,
      profitMargin: 48,
      amountReceived: 40000,
      pendingBalance: 60000,
      total: 100000,
    });
    // Of 5,200,001 paise: land 9615.38 → 9615, Electricity 0.0019 → 0, Road 384.62 → 384; the 1 left → Road.
    expect(res.json().costBreakdown).toEqual([
      { label: 'Land Purchase', value: 50000, percentage: 96.15 },
      { label: 'Electricity Rate', value: 0.01, percentage: 0 },
      { label: 'Road Rate', value: 2000, percentage: 3.85 },
    ]);
  });

  it('makes the plots’ allocated costs add up exactly to the project’s cost', async () => {
    const { projectId, a, b, c } = await workedExample();
    const cost = async (plotId: number) => (await profile(`projectId=${projectId}&plotId=${plotId}`)).json();
    const [pa, pb, pc] = await Promise.all([cost(a), cost(b), cost(c)]);
    // B: land 7,500,000 + Road 300,000 + Electricity 2 + Marking Pole 120,000 paise = 79,200.02.
    // C: land 12,500,001 + Road 500,000 + Electricity 2 + Compound Rate 250,050 paise = 1,32,500.53, unsold.
    expect(pb.totalCost).toBe(79200.02);
    expect(pc).toMatchObject({ totalCost: 132500.53, saleAmount: 0, netProfit: -132500.53, profitMargin: 0 });
    // 52,000.01 + 79,200.02 + 1,32,500.53 = 2,63,700.56, the project's cost.
    expect(Math.round((pa.totalCost + pb.totalCost + pc.totalCost) * 100)).toBe(263700_56);
  });

  it('shows zeros for a project with nothing recorded', async () => {
    const project = await f.project({ plots: 2 });
    const res = await profile(`projectId=${project.projectId}&plotId=`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      plotId: null,
      totalCost: 0,
      saleAmount: 0,
      netProfit: 0,
      profitMargin: 0,
      amountReceived: 0,
      pendingBalance: 0,
      total: 0,
      costBreakdown: [{ label: 'Land Purchase', value: 0, percentage: 0 }],
    });
  });

  it('counts a Pending receipt once it is marked Completed', async () => {
    const { projectId, a } = await workedExample();
    await t.asTenant(acme, (tdb) =>
      tdb
        .updateTable('receipts')
        .set({ status: 'Completed' })
        .where('plot_id', '=', a)
        .where('status', '=', 'Pending')
        .execute(),
    );
    const res = await profile(`projectId=${projectId}&plotId=${a}`);
    // 40,000 + the cleared 10,000 = 50,000 received; 50,000 pending.
    expect(res.json()).toMatchObject({ amountReceived: 50000, pendingBalance: 50000 });
  });

  it('asks for a project and a plot id that is a whole number', async () => {
    const missing = await profile('');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please select a project.');
    const text = await profile('projectId=abc');
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('Please select a project.');
    const project = await f.project({ plots: 1 });
    const badPlot = await profile(`projectId=${project.projectId}&plotId=0`);
    expect(badPlot.statusCode).toBe(400);
    expect(badPlot.json().message).toBe('Plot must be a whole number above 0');
  });

  it('refuses a plot of another project and answers 404 for ids that do not exist', async () => {
    const one = await f.project({ plots: 1 });
    const two = await f.project({ plots: 1 });
    const foreign = await profile(`projectId=${one.projectId}&plotId=${two.plots[0]?.plotId}`);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: 'The plot does not belong to this project.',
      fields: { plotId: 'Choose a plot of this project.' },
    });
    const noProject = await profile('projectId=999999');
    expect(noProject.statusCode).toBe(404);
    expect(noProject.json().message).toBe('Project not found.');
    const noPlot = await profile(`projectId=${one.projectId}&plotId=999999`);
    expect(noPlot.statusCode).toBe(404);
    expect(noPlot.json().message).toBe('Plot not found.');
  });

  it("answers 401 without a token, 403 with another company's token and 404 for another company's project", async () => {
    const { projectId, a } = await workedExample();
    const anonymous = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/project-profile?projectId=${projectId}`,
    });
    expect(anonymous.statusCode).toBe(401);
    const globexToken = await t.userToken(globex);
    expect((await profile(`projectId=${projectId}`, globexToken)).statusCode).toBe(403);
    const elsewhere = await profile(`projectId=${projectId}&plotId=${a}`, globexToken, globex.tenantId);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe('Project not found.');
  });
});
