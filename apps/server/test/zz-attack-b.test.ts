import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendFileSync } from 'node:fs';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';
import { factories } from './factories.js';

const LOG = '/tmp/atk/logb.txt';
const log = (...a: unknown[]) => appendFileSync(LOG, `${a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')}\n`);
const P = (r: number) => Math.round(r * 100);

describe.each(engines)('attack money $name', (engine) => {
  let t: TestContext; let A: TenantRecord; let B: TenantRecord; let ta: string; let tb: string;
  beforeAll(async () => {
    t = await buildTestApp(engine);
    A = await t.createTenant('alpha'); B = await t.createTenant('bravo');
    ta = await t.userToken(A, 'TENANT_ADMIN'); tb = await t.userToken(B, 'TENANT_ADMIN');
  }, 120000);
  afterAll(async () => t?.close());
  const api = (ten: TenantRecord, tok: string) => async (method: string, url: string, payload?: unknown, headers?: Record<string, string>) =>
    t.call(ten.tenantId, { method: method as 'GET', url, token: tok, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

  it('profile shares add up', async () => {
    const call = await api(A, ta);
    const areas = [12.5, 33.33, 54.17, 0.01, 99.99, 33.33, 33.33, 7.77];
    const pr = await call('POST', '/api/project', { projectName: 'Shares', city: 'X', totalArea: 10000, totalRate: 100, plots: areas.map((a, i) => ({ plotName: `S${i}`, totalPlotSize: a })) });
    log(engine.name, 'proj', pr.statusCode, pr.body.slice(0, 200));
    const projectId = pr.json().projectId;
    const proj = (await call('GET', `/api/project/${projectId}`)).json();
    const f = factories(t, A, ta);
    const partnerId = await f.partner({ projectId, share: 100 });
    for (const amt of [100000.01, 0.01, 33333.33]) await f.purchase({ projectId, partnerId, amount: amt });
    for (const [amt, part] of [[100000.01, 'Road Rate'], [0.03, 'Compound Rate'], [0.07, 'Road Rate'], [99999999.99, 'Compound Rate']] as const) {
      const r = await call('POST', '/api/development', [{ projectId, partnerId, category: 'per_project', plotId: null, particular: part, date: '2026-04-01', mode: 'Cash', amount: amt }]);
      if (r.statusCode !== 201) log(engine.name, 'dev fail', r.statusCode, r.body.slice(0, 200));
    }
    const whole = (await call('GET', `/api/project-profile?projectId=${projectId}`)).json();
    log(engine.name, 'whole', whole.costBreakdown, whole.landCost, whole.developmentCost, whole.area);
    const sums = new Map<string, number>(); let land = 0; let dev = 0; let total = 0;
    const results = await Promise.all(proj.plots.map((p: { plotId: number }) => call('GET', `/api/project-profile?projectId=${projectId}&plotId=${p.plotId}`)));
    for (const r of results) {
      const b = r.json();
      for (const c of b.costBreakdown) sums.set(c.label, (sums.get(c.label) ?? 0) + P(c.value));
      land += P(b.landCost); dev += P(b.developmentCost); total += P(b.totalCost);
    }
    const mism: unknown[] = [];
    for (const c of whole.costBreakdown) if (sums.get(c.label) !== P(c.value)) mism.push([c.label, sums.get(c.label), P(c.value)]);
    log(engine.name, 'profile mism', mism, 'land', land, P(whole.landCost), 'dev', dev, P(whole.developmentCost), 'total', total, P(whole.totalCost));
    // plot-wise report investment sum
    const pw = (await call('GET', `/api/report/plot-wise/${projectId}`)).json();
    const inv = pw.data.reduce((s: number, r: { investment: number }) => s + P(r.investment), 0);
    log(engine.name, 'plotwise inv', inv, P(pw.totals.investment ?? 0), P(whole.totalCost), JSON.stringify(pw.totals));
  }, 120000);

  it('money totals through concurrent writers', async () => {
    const call = await api(A, ta);
    const f = factories(t, A, ta);
    const built = await f.project({ plots: 8, name: 'Money' });
    const projectId = built.projectId;
    const partnerId = await f.partner({ projectId, share: 100 });
    const plots = built.plots;
    // concurrent EMI sales
    const saleRes = await Promise.all(plots.slice(0, 6).map((p, i) => call('POST', '/api/sale', { projectId, plotId: p.plotId, saleDate: '2026-01-15', saleAmount: 100000.01 + i, paymentType: 'EMI', advanceAmount: 10000.5, visarpawatiAmount: 0.33, emiDuration: 7 + i, emiDate: '2026-02-28' })));
    log(engine.name, 'sales', saleRes.map((r) => r.statusCode));
    // double submit same key concurrently
    const key = { 'idempotency-key': 'dup-sale-1' };
    const ds = await Promise.all([0, 1, 2].map(() => call('POST', '/api/sale', { projectId, plotId: plots[6]!.plotId, saleAmount: 5000, paymentType: 'Cash' }, key)));
    log(engine.name, 'dup sale', ds.map((r) => `${r.statusCode} ${r.body.slice(0, 80)}`));
    const line = (particular: string, amount: number, date: string) => ({ particular, date, mode: 'Cash', amount, partnerId });
    const pays: Promise<{ statusCode: number; body: string; json(): any }>[] = [];
    const statuses = ['Completed', 'Pending', 'Cancelled'];
    let k = 0;
    for (const p of plots.slice(0, 6)) for (let j = 0; j < 4; j++) {
      k++;
      pays.push(call('POST', '/api/payment', { projectId, plotId: p.plotId, status: statuses[k % 3], payments: [line('Installment', 1234.56 + j, `2026-0${2 + j}-28`), line('Advance', 0.01, '2026-01-31')] }) as never);
    }
    const pr = await Promise.all(pays);
    log(engine.name, 'pays', pr.map((r) => r.statusCode).join(','), pr.filter((r) => r.statusCode >= 300).map((r) => r.body.slice(0, 120)));
    // double submit receipts same key concurrently
    const rk = { 'idempotency-key': 'dup-rcpt-1' };
    const dr = await Promise.all([0, 1, 2].map(() => call('POST', '/api/payment', { projectId, plotId: plots[0]!.plotId, status: 'Completed', payments: [line('Installment', 7, '2026-05-05')] }, rk)));
    log(engine.name, 'dup rcpt', dr.map((r) => `${r.statusCode} ${r.body.slice(0, 100)}`));
    // same key, different body
    const dr2 = await call('POST', '/api/payment', { projectId, plotId: plots[1]!.plotId, status: 'Completed', payments: [line('Installment', 9, '2026-05-05')] }, rk);
    log(engine.name, 'dup rcpt diff body', dr2.statusCode, dr2.body.slice(0, 150));
    // status changes on pending receipts concurrently (twice each)
    const pendingIds = pr.filter((r) => r.statusCode === 201 && r.json().status === 'Pending').map((r) => r.json().receiptId);
    const st = await Promise.all(pendingIds.flatMap((id: number, i: number) => [
      call('PUT', `/api/payment/${id}/status`, { status: i % 2 ? 'Completed' : 'Cancelled' }),
      call('PUT', `/api/payment/${id}/status`, { status: 'Completed' }),
    ]));
    log(engine.name, 'status', st.map((r) => r.statusCode).join(','));
    // rename plots via PUT project
    const cur = (await call('GET', `/api/project/${projectId}`)).json();
    const put = await call('PUT', `/api/project/${projectId}`, { projectName: cur.projectName, city: cur.city, totalArea: cur.totalArea, totalRate: cur.totalRate, plots: cur.plots.map((p: any, i: number) => ({ plotId: p.plotId, plotName: `R${7 - i}`, totalPlotSize: p.totalPlotSize })) });
    log(engine.name, 'rename', put.statusCode, put.body.slice(0, 200));
    // cancel a sale directly and resell
    const sale0 = saleRes[0]!.json().saleId;
    await t.asTenant(A, (tdb) => tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', sale0).execute());
    const resell = await call('POST', '/api/sale', { projectId, plotId: plots[0]!.plotId, saleDate: '2026-03-15', saleAmount: 77777.77, paymentType: 'EMI', advanceAmount: 0, emiDuration: 5, emiDate: '2026-04-30' });
    log(engine.name, 'resell', resell.statusCode, resell.body.slice(0, 120));
    await call('POST', '/api/payment', { projectId, plotId: plots[0]!.plotId, status: 'Completed', payments: [line('Installment', 500, '2026-05-01')] });

    // independent sums
    let completed = 0; let completedInst = 0; const byMonth = new Map<string, { recv: number; emi: number }>();
    for (const p of plots) {
      const rs = (await call('GET', `/api/payment/plot/${p.plotId}`)).json();
      for (const r of rs) if (r.status === 'Completed') for (const l of r.lines) {
        completed += P(l.amount); if (l.particular === 'Installment') completedInst += P(l.amount);
        const m = l.date.slice(0, 7); const e = byMonth.get(m) ?? { recv: 0, emi: 0 };
        if (l.particular === 'Installment') e.emi += P(l.amount); else e.recv += P(l.amount);
        byMonth.set(m, e);
      }
    }
    const sales = (await call('GET', `/api/sale/project/${projectId}`)).json();
    let expected = 0; let paid = 0; const expByMonth = new Map<string, number>(); const names = new Map<string, string[]>();
    const plotName = new Map((await call('GET', `/api/project/${projectId}`)).json().plots.map((p: any) => [p.plotId, p.plotName]));
    for (const s of sales) {
      if (s.status && s.status !== 'Active') continue;
      if (s.paymentType !== 'EMI') continue;
      const sch = (await call('GET', `/api/sale/${s.saleId}/schedule`)).json();
      for (const i of sch.installments) { expected += P(i.amount); paid += P(i.paid); const m = i.dueDate.slice(0, 7); expByMonth.set(m, (expByMonth.get(m) ?? 0) + P(i.amount)); (names.get(m) ?? names.set(m, []).get(m)!).push(plotName.get(s.plotId) as string); }
    }
    const mw = (await call('GET', `/api/report/payment-month-wise/${projectId}`)).json();
    const pe = (await call('GET', `/api/report/payment-expected-month-wise/${projectId}`)).json();
    log(engine.name, 'MW totals', mw.totals, 'indep recv', completed - completedInst, 'emi', completedInst, 'expected', expected, 'pending', expected - paid);
    log(engine.name, 'PE totals', pe.totals, 'indep', expected);
    for (const row of mw.data) {
      const e = byMonth.get(row.month) ?? { recv: 0, emi: 0 };
      if (P(row.amountReceived) !== e.recv || P(row.emiReceived) !== e.emi || P(row.expectedEmi) !== (expByMonth.get(row.month) ?? 0)) log(engine.name, 'MW row mismatch', row, e, expByMonth.get(row.month));
    }
    for (const row of pe.data) {
      const n = (names.get(row.month) ?? []).slice().sort();
      if (P(row.expectedEmi) !== (expByMonth.get(row.month) ?? 0) || JSON.stringify([...row.plotNames].sort()) !== JSON.stringify(n)) log(engine.name, 'PE row mismatch', row, expByMonth.get(row.month), n);
      const md = (await call('GET', `/api/report/payment-expected-month-wise/${projectId}/${row.month}`)).json();
      if (P(md.expectedEmi) !== P(row.expectedEmi) || md.plotDetails.length !== row.plotNames.length) log(engine.name, 'PE month mismatch', row.month, md.expectedEmi, row.expectedEmi);
    }
    const recpt = await call('GET', `/api/report/payment-receipts/${projectId}`);
    const rb = recpt.json(); log(engine.name, 'receipts report totals', rb.totals, recpt.headers['x-total-count'], recpt.headers['x-total-amount'], 'indep completed', completed);
    const pw = (await call('GET', `/api/report/plot-wise/${projectId}`)).json();
    log(engine.name, 'plotwise totals', pw.totals, 'recv sum', pw.data.reduce((s: number, r: any) => s + P(r.amountReceived), 0));
    const dash = (await call('GET', '/api/dashboard')).json();
    log(engine.name, 'dashboard', dash.revenuePaise ?? dash.revenue, JSON.stringify(dash).slice(0, 300));
    const ps = (await call('GET', `/api/partner-summary/${projectId}`)).json();
    log(engine.name, 'partner-summary', JSON.stringify(ps).slice(0, 400));
    const pp = (await call('GET', `/api/payment/partners-summary?projectId=${projectId}`)).json();
    log(engine.name, 'payment partners-summary', JSON.stringify(pp).slice(0, 400));
    const prof = (await call('GET', `/api/project-profile?projectId=${projectId}`)).json();
    log(engine.name, 'profile', prof.saleAmount, prof.amountReceived, prof.totalCost);
    // B must be unaffected by all of that; B runs same endpoints
    const callB = await api(B, tb);
    const fb = factories(t, B, tb);
    const bp = await fb.project({ plots: 2, name: 'Bmoney' });
    for (const u of ['/api/dashboard', `/api/report/payment-month-wise/${bp.projectId}`, `/api/report/payment-expected-month-wise/${bp.projectId}`, `/api/report/payment-month-wise/${projectId}`]) {
      const r = await callB('GET', u); log(engine.name, 'B', u, r.statusCode, r.body.slice(0, 200));
    }
    expect(true).toBe(true);
  }, 300000);
});
