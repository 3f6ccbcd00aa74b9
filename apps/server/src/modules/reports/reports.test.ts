import ExcelJS from 'exceljs';
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
