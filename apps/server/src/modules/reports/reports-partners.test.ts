import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('partner reports and access on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });
  const { get, json, reportUrls, workedExample } = reportExamples(() => ({ t, acme, token, f }));

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
          total_amount_paise: paise(10000_00),
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
});
