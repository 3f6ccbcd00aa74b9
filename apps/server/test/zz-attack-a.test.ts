import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync, appendFileSync } from 'node:fs';
import type { TenantRecord } from '../src/db/tenancy.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';
import { factories } from './factories.js';

const LOG = '/tmp/atk/log.txt';
const log = (...a: unknown[]) => appendFileSync(LOG, `${a.map((x) => (typeof x === 'string' ? x : JSON.stringify(x))).join(' ')}\n`);

describe.each(engines)('attack isolation $name', (engine) => {
  let t: TestContext;
  let A: TenantRecord; let B: TenantRecord; let ta: string; let tb: string; let ua: string;
  const setups: Record<string, { projectId: number; plots: { plotId: number; plotName: string }[]; partnerId: number }> = {};
  beforeAll(async () => {
    t = await buildTestApp(engine);
    A = await t.createTenant('alpha'); B = await t.createTenant('bravo');
    ta = await t.userToken(A, 'TENANT_ADMIN'); tb = await t.userToken(B, 'TENANT_ADMIN'); ua = await t.userToken(A, 'USER', 'u@a.test');
    for (const [ten, tok, mark] of [[A, ta, 'AAAMARK'], [B, tb, 'BBBMARK']] as const) {
      const f = factories(t, ten, tok);
      const p = await f.project({ plots: 3, name: `${mark} proj` });
      const partnerId = await f.partner({ projectId: p.projectId, name: `${mark} partner`, share: 50 });
      await f.purchase({ projectId: p.projectId, partnerId, modeDetail: `${mark}` });
      await f.development({ projectId: p.projectId, partnerId, particular: 'Road Rate' });
      await f.development({ projectId: p.projectId, partnerId, category: 'per_plot', plotId: p.plots[0]!.plotId });
      const call = (method: 'POST'|'PUT', url: string, payload: object) => t.call(ten.tenantId, { method, url, token: tok, payload });
      const s = await call('POST', '/api/sale', { projectId: p.projectId, plotId: p.plots[0]!.plotId, saleDate: '2026-03-05', saleAmount: 120000, paymentType: 'EMI', advanceAmount: 20000, emiDuration: 4, emiDate: '2026-04-10', buyerName: `${mark} buyer` });
      log(engine.name, 'sale', s.statusCode, s.body.slice(0, 200));
      const r = await call('POST', '/api/payment', { projectId: p.projectId, plotId: p.plots[0]!.plotId, status: 'Completed', payments: [{ particular: 'Advance', date: '2026-03-06', mode: 'Cash', amount: 20000, partnerId, modeDetail: mark }] });
      log(engine.name, 'pay', r.statusCode, r.body.slice(0, 200));
      const reg = await call('POST', '/api/registration', { projectId: p.projectId, plotId: p.plots[0]!.plotId, registrationOffice: `${mark} office`, registrationDate: '2026-05-01', documentNo: `${mark}doc` } as object);
      log(engine.name, 'reg', reg.statusCode, reg.body.slice(0, 200));
      const po = await call('POST', '/api/partner-payout', { projectId: p.projectId, partnerId, date: '2026-05-02', mode: 'Cash', amount: 100, modeDetail: mark } as object);
      log(engine.name, 'payout', po.statusCode, po.body.slice(0, 300));
      setups[mark] = { projectId: p.projectId, plots: p.plots, partnerId };
    }
    log(engine.name, 'setups', setups);
  }, 120000);
  afterAll(async () => t?.close());

  const urls = (s: { projectId: number; plots: { plotId: number }[]; partnerId: number }) => {
    const p = s.projectId; const pl = s.plots[0]!.plotId; const pa = s.partnerId;
    return [
      '/api/dashboard', '/api/project', `/api/project/${p}`, `/api/project/${p}/plots`, '/api/project/summaries', `/api/project/${p}/plot-summaries`,
      `/api/project/${p}/partners`, '/api/project/all-details', '/api/project/all-details?limit=1', `/api/plot/${pl}`, `/api/plot/by-project/${p}`,
      `/api/project-profile?projectId=${p}`, `/api/project-profile?projectId=${p}&plotId=${pl}`, `/api/sale/project/${p}`,
      `/api/development/by-project/${p}`, `/api/development/by-project/${p}?plotId=${pl}`, `/api/development/by-project/${p}?limit=1`,
      `/api/development/by-project/${p}?q=a`, '/api/registration', `/api/registration?projectId=${p}`, '/api/registration?limit=1',
      `/api/purchase/by-project/${p}`, `/api/purchase/by-project/${p}?q=MARK`, '/api/partner-payout', `/api/partner-payout?projectId=${p}`,
      `/api/payment/plot/${pl}`, `/api/payment/pending/${pl}`, `/api/payment/monthly/${pl}`, '/api/payment/receipts', `/api/payment/receipts?projectId=${p}`,
      '/api/payment/partners-summary', `/api/payment/partners-summary?projectId=${p}`, '/api/partner', `/api/partner/${pa}`,
      `/api/report/plot-wise/${p}`, `/api/report/payment-receipts/${p}`, `/api/report/payment-month-wise/${p}`,
      `/api/report/payment-expected-month-wise/${p}`, `/api/report/payment-expected-month-wise/${p}/2026-04`, `/api/farmer-account/${p}`,
      `/api/partner-summary/${p}`, `/api/partner-payment-details/${p}/${pa}`, '/api/report/project-wise',
    ];
  };

  it('alternating requests never show the other company', async () => {
    const statuses: Record<string, number[]> = {};
    for (let round = 0; round < 3; round++) {
      const ua_ = urls(setups.AAAMARK!); const ub = urls(setups.BBBMARK!);
      // sequential alternate
      for (let i = 0; i < ua_.length; i++) {
        for (const [ten, tok, url, other] of [[A, ta, ua_[i]!, 'BBBMARK'], [B, tb, ub[i]!, 'AAAMARK']] as const) {
          const res = await t.call(ten.tenantId, { method: 'GET', url, token: tok });
          (statuses[url] ??= []).push(res.statusCode);
          if (res.body.includes(other)) log(engine.name, 'LEAK', ten.tenantId, url, res.body.slice(0, 300));
          if (res.statusCode >= 500) log(engine.name, '5xx', url, res.body.slice(0, 300));
        }
      }
      // concurrent
      const all = await Promise.all(ua_.flatMap((u, i) => [
        t.call(A.tenantId, { method: 'GET', url: u, token: ta }).then((r) => ['A', u, r] as const),
        t.call(B.tenantId, { method: 'GET', url: ub[i]!, token: tb }).then((r) => ['B', ub[i]!, r] as const),
      ]));
      for (const [who, u, r] of all) {
        if (r.body.includes(who === 'A' ? 'BBBMARK' : 'AAAMARK')) log(engine.name, 'LEAK-conc', who, u, r.body.slice(0, 300));
        if (r.statusCode >= 500) log(engine.name, '5xx-conc', u, r.statusCode, r.body.slice(0, 300));
      }
    }
    log(engine.name, 'statuses', Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, [...new Set(v)]])));
    // sample body
    for (const u of urls(setups.AAAMARK!)) { const r = await t.call(A.tenantId, { method: 'GET', url: u, token: ta }); if (!r.body.includes('AAAMARK') && r.statusCode === 200) log(engine.name, 'nomark', u, r.body.slice(0, 150)); }
    // cross-company: B's token on A's host, A token on B host, USER role on admin endpoints, no token
    for (const u of urls(setups.AAAMARK!)) {
      const x = await t.call(A.tenantId, { method: 'GET', url: u, token: tb });
      const y = await t.call(A.tenantId, { method: 'GET', url: u });
      const z = await t.call(A.tenantId, { method: 'GET', url: u, token: ua });
      if (x.statusCode !== 403 && x.statusCode !== 401) log(engine.name, 'crossToken', u, x.statusCode, x.body.slice(0, 200));
      if (y.statusCode !== 401) log(engine.name, 'noToken', u, y.statusCode);
      if (z.statusCode !== 200) log(engine.name, 'userRole', u, z.statusCode, z.body.slice(0,150));
    }
    expect(true).toBe(true);
  }, 300000);

  it('foreign ids 404 and garbage params', async () => {
    // make A have extra projects so B's ids don't exist in A.
    const fb = factories(t, B, tb);
    const extra = await fb.project({ plots: 2, name: 'BBBMARK extra' });
    const p = extra.projectId; const pl = extra.plots[1]!.plotId;
    for (const u of urls({ projectId: p, plots: [{ plotId: pl }], partnerId: 99 })) {
      if (!/\d/.test(u)) continue;
      const r = await t.call(A.tenantId, { method: 'GET', url: u, token: ta });
      if (r.statusCode !== 404 || r.body.includes('BBBMARK')) log(engine.name, 'foreignId', u, r.statusCode, r.body.slice(0, 150));
    }
    const sa = setups.AAAMARK!;
    const lists = [`/api/development/by-project/${sa.projectId}`, '/api/registration', `/api/purchase/by-project/${sa.projectId}`, '/api/partner-payout', '/api/project/all-details', '/api/payment/receipts', `/api/report/payment-receipts/${sa.projectId}`, `/api/partner-payment-details/${sa.projectId}/${sa.partnerId}`];
    const cur = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
    const qs = ['limit=1', 'limit=500', 'limit=501', 'limit=0', 'limit=-1', 'limit=abc', 'limit=1.5', 'limit=1e2', 'limit=', 'q=%25', 'q=_', "q='", 'q=%5C', 'q=%5C%25', 'q=%00', 'q=' + 'x'.repeat(5000),
      `cursor=${cur(['2026-01-01', 1])}`, `cursor=${cur(['2026-01-01', 0])}`, `cursor=${cur(['2026-02-30', 1])}`, `cursor=${cur(['9999-99-99', 1])}`, `cursor=${cur(['2026-01-01', 1, 0])}`, `cursor=${cur(['2026-01-01 00:00:00+00', 1])}`, `cursor=${cur(['2026-01-01', '1'])}`, `cursor=${cur(['2026-01-01', 1.5])}`, 'cursor=%%%', 'cursor=W10', `cursor=${cur(['0000-01-01', 1])}`, `cursor=${cur(['2026-01-01 00:00:00.123+15:59', 1])}`,
      `plotId=${sa.plots[0]!.plotId}`, 'plotId=0', 'plotId=abc', 'projectId=0', `projectId=${sa.projectId}`, 'projectId=99999'];
    for (const l of lists) for (const q of qs) {
      const r = await t.call(A.tenantId, { method: 'GET', url: `${l}${l.includes('?') ? '&' : '?'}${q}`, token: ta });
      log(engine.name, 'edge', l, q.slice(0, 40), r.statusCode, r.statusCode === 200 ? `${r.headers['x-total-count'] ?? ''} ${r.body.length}` : r.body.slice(0, 120));
    }
    // cursor then no cursor, plotId then none, projectId then none
    const dev = `/api/development/by-project/${sa.projectId}`;
    const seq = [`${dev}?plotId=${sa.plots[0]!.plotId}`, dev, `${dev}?limit=1`, `${dev}?limit=1&plotId=${sa.plots[0]!.plotId}`, dev, `/api/registration?projectId=${sa.projectId}`, '/api/registration', `/api/registration?projectId=${sa.projectId}`];
    for (const u of seq) { const r = await t.call(A.tenantId, { method: 'GET', url: u, token: ta }); log(engine.name, 'seq', u, r.statusCode, JSON.stringify(r.headers).slice(0, 0), r.body.length, Object.entries(r.headers).filter(([k]) => k.startsWith('x-')).map(([k, v]) => `${k}=${v}`).join(',')); }
  }, 300000);
});
