import { sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import type { engines } from './helpers.js';
import { transferSuite } from './transfer-suite.js';

/** A body that may leak internals: a stack, SQL, a constraint or a file path. */
export const INTERNALS =
  /\b(select|insert|update) |constraint|violates|relation "|\.ts:|at [A-Za-z]+ \(|stack|TypeError/;

/**
 * The set-up of the attacks on issue 20's routes (buyers, corrections, cancel, transfer, reversal, tax rules), shared
 * by `sale-life-attacks*.test.ts`: the transfer suite's company, sales and buyers, and the calls a hostile client makes.
 */
export function attackSuite(engine: (typeof engines)[number]) {
  const { s, api, buyer, sold, pay, transfer } = transferSuite(engine);
  let adminToken = '';
  beforeAll(async () => {
    adminToken = await s.t.userToken(s.acme, 'TENANT_ADMIN');
  });
  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tenant = s.acme) =>
    s.t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
  const globex = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    as(s.globexToken, method, url, payload, s.globex);
  const cancel = (saleId: number, body: object = {}, headers?: Record<string, string>) =>
    api('POST', `/api/sale/${saleId}/cancel`, { date: '2026-12-01', reason: 'Buyer withdrew', ...body }, headers);
  const summary = async (plotId: number) => (await api('GET', `/api/payment/pending/${plotId}`)).json();

  /** The money the database keeps for a plot and a sale: plot_money, Σ Completed lines of the active sale, the schedule. */
  const money = (plotId: number, saleId: number) =>
    s.t.asTenant(s.acme, async (tdb) => {
      const { rows } = await sql<{ held: number; counted: number; installments: number; emi_total: number }>`
        select (select received_paise from plot_money where plot_id = ${plotId})::bigint::float8 as held,
               (select coalesce(sum(l.amount_paise), 0) from receipt_lines l join receipts r on r.id = l.receipt_id
                  join sales sa on sa.id = r.sale_id
                 where r.plot_id = ${plotId} and r.status = 'Completed' and sa.status = 'Active' and l.voided_at is null)::float8 as counted,
               (select coalesce(sum(amount_paise), 0) from emi_installments where sale_id = ${saleId})::float8 as installments,
               (select emi_total_paise from sales where id = ${saleId})::float8 as emi_total`.execute(tdb);
      return rows[0] as { held: number; counted: number; installments: number; emi_total: number };
    });

  const expectPlain = (res: { statusCode: number; body: string; json: () => { message?: string } }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBeTruthy();
    expect(res.body).not.toMatch(INTERNALS);
  };

  return {
    s,
    api,
    buyer,
    sold,
    pay,
    transfer,
    adminToken: () => adminToken,
    as,
    globex,
    cancel,
    summary,
    money,
    expectPlain,
  };
}

/** The body of POST /api/sale (and of a correction, with `reason`) for the suite's ₹ 5,00,000 EMI sale of a plot. */
export function saleBody(sale: { projectId: number; plotId: number }) {
  return {
    projectId: sale.projectId,
    plotId: sale.plotId,
    saleDate: '2026-10-02',
    saleAmount: 500000,
    paymentType: 'EMI',
    advanceAmount: 100000,
    visarpawatiAmount: 0,
    emiDuration: 4,
    emiDate: '2026-11-01',
  };
}
