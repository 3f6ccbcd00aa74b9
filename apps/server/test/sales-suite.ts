import { beforeAll } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { type factories, setUpCompanies } from './factories.js';
import type { Engine, TestContext } from './helpers.js';

/**
 * The sales suites' set-up (modules/sales/sales*.test.ts): companies acme and globex, the sale API as acme's user,
 * and the sales a test saves.
 */
export function salesSuite(
  engine: Engine,
  use: (values: {
    t: TestContext;
    acme: TenantRecord;
    globex: TenantRecord;
    token: string;
    globexToken: string;
    f: ReturnType<typeof factories>;
  }) => void = () => {},
) {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let globexToken: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex, secondToken: globexToken } = c), {
    second: 'globex',
  });

  const api = (method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.call(acme.tenantId, { method, url, token, headers, ...(payload ? { payload: payload as object } : {}) });

  /** ₹ 12,50,000.50 on EMI: 1,00,000 advance, 50,000.25 visarpawati, 7 months from 10 Mar 2026. */
  const emiSale = (plot: { projectId: number; plotId: number }, change: object = {}) => ({
    projectId: plot.projectId,
    plotId: plot.plotId,
    saleDate: '2026-03-05',
    saleAmount: 1250000.5,
    paymentType: 'EMI',
    advanceAmount: 100000,
    visarpawatiAmount: 50000.25,
    emiTotal: 1100000.25,
    emiDuration: 7,
    monthlyAmount: 157142.89,
    emiDate: '2026-03-10T00:00:00',
    buyerName: 'Sunita Deshmukh',
    buyerMobile: '98220 11111',
    ...change,
  });
  const cashSale = (plot: { projectId: number; plotId: number }, change: object = {}) => ({
    projectId: plot.projectId,
    plotId: plot.plotId,
    saleAmount: 800000,
    paymentType: 'Cash',
    ...change,
  });
  const countSales = (plotId: number) =>
    t.asTenant(acme, async (tdb) => {
      const sales = await tdb.selectFrom('sales').select('id').where('plot_id', '=', plotId).execute();
      const installments = await tdb
        .selectFrom('emi_installments')
        .select('id')
        .where('sale_id', 'in', sales.map((s) => s.id).concat(-1))
        .execute();
      return { sales: sales.length, installments: installments.length };
    });

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, globex, token, globexToken, f }));

  return {
    api,
    emiSale,
    cashSale,
    countSales,
  };
}
