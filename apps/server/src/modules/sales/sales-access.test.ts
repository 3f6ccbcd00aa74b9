import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { factories } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { salesSuite } from '../../../test/sales-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('plot sales at once and across companies on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let globexToken: string;
  let f: ReturnType<typeof factories>;
  const { api, emiSale, cashSale, countSales } = salesSuite(engine, (v) => ({ t, acme, globex, globexToken, f } = v));

  it('sells a plot once when 20 clerks save it at the same moment', async () => {
    const plot = await f.plot();
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/api/sale', emiSale(plot, { buyerName: `Buyer ${i}` }))),
    );
    const statuses = replies.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 7 });
  });

  it('stores a replayed sale once and answers the first reply', async () => {
    const plot = await f.plot();
    const headers = { 'idempotency-key': `sale-${plot.plotId}` };
    const first = await api('POST', '/api/sale', emiSale(plot), headers);
    const second = await api('POST', '/api/sale', emiSale(plot), headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await countSales(plot.plotId)).toEqual({ sales: 1, installments: 7 });
  });

  it('stores nothing when one installment cannot be saved', async () => {
    const plot = await f.plot();
    // A constraint that refuses the third installment stands in for any failure half-way through the schedule.
    const table = sql.raw(`${acme.dbName}.emi_installments`);
    await sql`alter table ${table} add constraint refuse_third check (installment_no <> 3) not valid`.execute(t.db);
    try {
      const res = await api('POST', '/api/sale', emiSale(plot));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('A value is out of the allowed range.');
    } finally {
      await sql`alter table ${table} drop constraint refuse_third`.execute(t.db);
    }
    expect(await countSales(plot.plotId)).toEqual({ sales: 0, installments: 0 });
    const plotNow = (await api('GET', `/api/plot/${plot.plotId}`)).json();
    expect(plotNow.isSold).toBe(false);
  });

  it('answers 404 for a plot of another project', async () => {
    const plot = await f.plot();
    const other = await f.project({ plots: 1 });
    const res = await api('POST', '/api/sale', emiSale({ projectId: other.projectId, plotId: plot.plotId }));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Plot not found in this project.');
  });

  it("answers 404 for another company's project, plot and sale and stores nothing there", async () => {
    const plot = await f.plot();
    const sale = (await api('POST', '/api/sale', emiSale(plot))).json();
    const asGlobex = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.call(globex.tenantId, { method, url, token: globexToken, ...(payload ? { payload } : {}) });
    const save = await asGlobex('POST', '/api/sale', cashSale(plot));
    expect(save.statusCode).toBe(404);
    expect(save.json()).toEqual({ message: 'Project not found.' });
    expect((await asGlobex('GET', `/api/sale/project/${plot.projectId}`)).statusCode).toBe(404);
    expect((await asGlobex('GET', `/api/sale/${sale.saleId}/schedule`)).statusCode).toBe(404);
    const stored = await t.asTenant(globex, (tdb) => tdb.selectFrom('sales').select('id').execute());
    expect(stored).toEqual([]);
  });

  it("answers 401 without a token and 403 with another company's", async () => {
    const plot = await f.plot();
    const anonymous = await t.call(acme.tenantId, { method: 'POST', url: '/api/sale', payload: cashSale(plot) });
    expect(anonymous.statusCode).toBe(401);
    const foreign = await t.call(acme.tenantId, {
      method: 'GET',
      url: `/api/sale/project/${plot.projectId}`,
      token: globexToken,
    });
    expect(foreign.statusCode).toBe(403);
    expect(await countSales(plot.plotId)).toEqual({ sales: 0, installments: 0 });
  });
});
