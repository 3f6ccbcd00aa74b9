import { COMPANY_MONEY_FULL, MAX_COMPANY_MONEY_PAISE, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';

/** The largest single amount the API takes (MAX_RUPEES less a paisa, so the paise are odd). */
const HUGE = 9_999_999_999_999.99;

/** PostgreSQL's exact Σ of the figures (numeric, as text): rupees with two decimals, and the company's paise. */
interface DbFigures {
  investment: string;
  sale: string;
  received: string;
  land: string;
  kept: string;
  all_money: string;
}

/** `123.40` → `123.4`, `5.00` → `5`: a two-decimal numeric as JavaScript writes the same number. */
const asJsNumberText = (numeric: string) => (numeric.includes('.') ? numeric.replace(/\.?0+$/, '') : numeric);

describe.each(engines)('company money limit on $name', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it('refuses money past ₹ 50 lakh crore a company, so no report total ever differs from the database Σ by a paisa', async () => {
    const tenant = await t.createTenant('huge');
    const token = await t.userToken(tenant);
    const f = factories(t, tenant, token);
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
    const { projectId, plots } = await f.project({ plots: 2 });
    const partnerId = await f.partner({ projectId, share: 100 });
    const plotId = plots[0]?.plotId as number;

    // Four of the largest purchases and a sale take the company 7 paise short of the limit.
    for (let i = 0; i < 4; i += 1) await f.purchase({ projectId, partnerId, amount: HUGE });
    await f.sale({ projectId, plotId, amountPaise: paise(999_999_999_999_997) });
    const receipt = (amount: number) =>
      call('POST', '/api/payment', {
        projectId,
        plotId,
        status: 'Completed',
        payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cash', amount, partnerId }],
      });
    // Up to the limit itself is recorded; a paisa more is not, nor anything after it.
    expect((await receipt(0.07)).statusCode).toBe(201);
    const refusals = [
      await receipt(0.01),
      ...(await Promise.all(
        Array.from({ length: 6 }, () =>
          call('POST', '/api/purchase', [
            { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cash', amount: HUGE },
          ]),
        ),
      )),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ message: COMPANY_MONEY_FULL });
    }

    // The database's own Σ, exact (numeric), as text with two decimals.
    const db = await t.asTenant(tenant, async (tdb) => {
      const rupees = (paise: string) => sql<string>`((${sql.raw(paise)})::numeric / 100)::numeric(30, 2)::text`;
      const { rows } = await sql<DbFigures>`select
          ${rupees('(select sum(amount_paise) from purchase_entries) + (select coalesce(sum(amount_paise), 0) from development_entries)')} as investment,
          ${rupees(`(select sum(sale_amount_paise) from sales where status = 'Active')`)} as sale,
          ${rupees(`(select sum(amount_paise) from receipt_lines where receipt_status = 'Completed')`)} as received,
          ${rupees('(select sum(amount_paise) from purchase_entries)')} as land,
          (select paise::text from company_money) as kept,
          ((select sum(amount_paise) from purchase_entries) + (select sum(sale_amount_paise) from sales)
            + (select sum(amount_paise) from receipt_lines))::text as all_money`.execute(tdb);
      return rows[0] as DbFigures;
    });
    expect(db.kept).toBe(db.all_money);
    expect(Number(db.kept)).toBe(MAX_COMPANY_MONEY_PAISE);
    expect(db.investment).toBe('39999999999999.96');

    const same = (value: number, numeric: string) => expect(String(value)).toBe(asJsNumberText(numeric));
    const projectWise = (await call('GET', '/api/report/project-wise')).json();
    same(projectWise.totals.investment, db.investment);
    same(projectWise.totals.saleAmount, db.sale);
    same(projectWise.totals.amountReceived, db.received);
    same(projectWise.data[0].investment, db.investment);
    expect(projectWise.totals.profit).toBe(-29_999_999_999_999.99);
    same((await call('GET', '/api/dashboard')).json().totalRevenue, db.received);
    same((await call('GET', `/api/farmer-account/${projectId}`)).json().totals.amount, db.land);
    same((await call('GET', `/api/report/payment-receipts/${projectId}`)).json().totals.completed, db.received);
    same((await call('GET', `/api/partner-summary/${projectId}`)).json().totals.pay, db.land);

    // A company at the limit can still correct: lowering an amount is always allowed.
    await t.asTenant(tenant, (tdb) =>
      tdb
        .updateTable('purchase_entries')
        .set({ amount_paise: sql`amount_paise - 1` })
        .where('project_id', '=', projectId)
        .execute(),
    );
    const lowered = await t.asTenant(tenant, (tdb) =>
      tdb.selectFrom('company_money').select(sql<string>`paise::text`.as('paise')).executeTakeFirstOrThrow(),
    );
    expect(lowered.paise).toBe(String(MAX_COMPANY_MONEY_PAISE - 4));
    expect((await receipt(0.04)).statusCode).toBe(201);
    expect((await receipt(0.01)).statusCode).toBe(409);
  });
});
