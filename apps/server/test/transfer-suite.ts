import type { TenantRecord } from '../src/db/tenancy.js';
import { type factories, setUpCompanies } from './factories.js';
import type { Engine, TestContext } from './helpers.js';

/**
 * The transfer suites' set-up (modules/sales/sale-transfers*.test.ts): companies acme and globex, the API as acme's
 * user, buyers, and a sale of ₹ 5,00,000 on EMI (₹ 1,00,000 advance, 4 months from 01/11/2026) made to a buyer.
 */
export function transferSuite(engine: Engine) {
  const s = {} as {
    t: TestContext;
    acme: TenantRecord;
    globex: TenantRecord;
    token: string;
    globexToken: string;
    f: ReturnType<typeof factories>;
  };
  setUpCompanies(
    engine,
    (c) =>
      Object.assign(s, { t: c.t, acme: c.acme, token: c.token, f: c.f, globex: c.second, globexToken: c.secondToken }),
    { second: 'globex' },
  );

  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers?: Record<string, string>) =>
    s.t.call(s.acme.tenantId, {
      method,
      url,
      token: s.token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  let mobile = 0;
  /** A new buyer of acme: their id. */
  const buyer = async (name: string) => {
    mobile += 1;
    const res = await api('POST', '/api/buyer', {
      name,
      mobile: `9${String(Date.now() % 1e6).padStart(6, '0')}${String(mobile).padStart(3, '0')}`,
    });
    if (res.statusCode !== 201) throw new Error(`buyer: ${res.statusCode} ${res.body}`);
    return res.json().buyerId as number;
  };

  /** Plot P1 of a new project with a partner, sold on EMI to a new buyer `from` (a second plot stays unsold). */
  const sold = async (from = 'Sunita Deshmukh') => {
    const project = await s.f.project({ plots: 2 });
    const partnerId = await s.f.partner({ projectId: project.projectId, share: 100 });
    const plot = project.plots[0] as { plotId: number; plotName: string };
    const fromBuyerId = await buyer(from);
    const res = await api('POST', '/api/sale', {
      projectId: project.projectId,
      plotId: plot.plotId,
      saleDate: '2026-10-02',
      saleAmount: 500000,
      paymentType: 'EMI',
      advanceAmount: 100000,
      visarpawatiAmount: 0,
      emiDuration: 4,
      emiDate: '2026-11-01',
      buyerId: fromBuyerId,
    });
    if (res.statusCode !== 201) throw new Error(`sale: ${res.statusCode} ${res.body}`);
    return {
      projectId: project.projectId,
      plotId: plot.plotId,
      partnerId,
      saleId: res.json().saleId as number,
      fromBuyerId,
    };
  };
  type Sold = { projectId: number; plotId: number; partnerId: number; saleId: number };

  /** A receipt of one line (Completed unless told). */
  const pay = (on: Sold, amount: number, particular = 'Advance', status = 'Completed') =>
    api('POST', '/api/payment', {
      projectId: on.projectId,
      plotId: on.plotId,
      status,
      payments: [{ particular, date: '2026-11-10', mode: 'Cash', amount, partnerId: on.partnerId }],
    });

  const transfer = (saleId: number, body: object, headers?: Record<string, string>) =>
    api(
      'POST',
      `/api/sale/${saleId}/transfer`,
      { date: '2026-11-05', transferFee: 0, reason: 'Handed over', ...body },
      headers,
    );

  return { s, api, buyer, sold, pay, transfer };
}
