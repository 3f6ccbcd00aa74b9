import { sumRupees } from '@plotbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { type RawBuilder, sql } from 'kysely';
import { beforeAll, expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { type factories, setUpCompanies } from './factories.js';
import type { Engine, TestContext } from './helpers.js';
import { nextLink } from './paging.js';

type Row = Record<string, unknown> & { amount: number };
interface ReportBody {
  data: Row[];
  totals: Record<string, number>;
}

/**
 * Payment Receipts, Project Wise Partner Summary and Partner Payment Details page on the server (docs/design.md §9):
 * `?limit=&cursor=&q=`, the next page in `Link`, the counts in `X-Total-*`, and `totals` of every searched row.
 */

/**
 * The paged report suites' set-up (modules/reports/reports-paging*.test.ts): companies acme and globex, a project
 * with a long ledger, and GET and read-every-page as acme's user.
 */
export function reportPagingSuite(
  engine: Engine,
  use: (values: {
    t: TestContext;
    acme: TenantRecord;
    globex: TenantRecord;
    token: string;
    f: ReturnType<typeof factories>;
  }) => void = () => {},
) {
  let t: TestContext;
  let acme: TenantRecord;
  let globex: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: globex } = c), { second: 'globex' });

  const get = (url: string) => t.call(acme.tenantId, { method: 'GET', url, token });

  /** Follows `Link` from `url` to the last page: each page's answer and all rows in order. */
  async function readAll(url: string) {
    const pages: LightMyRequestResponse[] = [];
    let next: string | null = url;
    while (next) {
      const res = await get(next);
      expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
      pages.push(res);
      next = nextLink(res);
      expect(pages.length).toBeLessThan(200);
    }
    return { pages, rows: pages.flatMap((p) => (p.json() as ReportBody).data) };
  }

  /**
   * A project with two partners (Asha 60 %, Bhaskar 40 %) and money on three dates, inserted so that ids are not
   * in date order and every part (purchase, development, receipt line, payout) has rows on the same dates:
   * 9 purchases, 6 development entries, 30 receipt lines in 10 receipts (3 Completed, 4 Pending, 3 Cancelled; the
   * 9 Completed lines credited to a partner), 4 payouts. Mode details and credited-to carry `n`.
   */
  async function ledgerProject() {
    const project = await f.project({ plots: 2, name: `Ledger ${Math.random()}` });
    const { projectId } = project;
    const plot = project.plots[0] as { plotId: number };
    const asha = await f.partner({ projectId, share: 60, name: 'Asha Kale' });
    const bhaskar = await f.partner({ projectId, share: 40, name: 'Bhaskar Rao' });
    const day = (n: RawBuilder<unknown>) => sql`date '2026-03-01' + (((${n})::int * 5) % 3)`;
    await t.asTenant(acme, async (tdb) => {
      const s = (table: string) => sql.id(acme.dbName, table);
      await sql`insert into ${s('purchase_entries')} (project_id, partner_id, particular, entry_date, mode, credit_to, amount_paise)
        select ${projectId}, case when n % 2 = 0 then ${asha}::int else ${bhaskar}::int end, 'Kharedikhar', ${day(sql`n`)},
               'Cheque', 'Farmer ' || n, 100000 + n
        from generate_series(1, 9) n`.execute(tdb);
      await sql`insert into ${s('development_entries')} (project_id, partner_id, category, particular, entry_date, mode, credit_to, amount_paise)
        select ${projectId}::int, ${bhaskar}::int, 'per_project', 'Road Rate', ${day(sql`n`)}, 'Cash', 'Contractor ' || n, 50000 + n
        from generate_series(1, 6) n`.execute(tdb);
      await sql`insert into ${s('receipts')} (project_id, plot_id, status)
        select ${projectId}, ${plot.plotId}, (array['Completed', 'Pending', 'Cancelled'])[1 + n % 3]
        from generate_series(1, 10) n`.execute(tdb);
      await sql`insert into ${s('receipt_lines')} (receipt_id, particular, line_date, mode, mode_detail, credit_to, amount_paise, partner_id)
        select r.id, 'Installment', ${day(sql`r.id + g`)}, 'UPI', 'UPI ref ' || r.id || '-' || g, 'Office ' || g,
               200000 + g, case when r.status = 'Completed' then (case when g % 2 = 0 then ${asha}::int else ${bhaskar}::int end) end
        from ${s('receipts')} r, generate_series(1, 3) g where r.project_id = ${projectId}`.execute(tdb);
      await sql`insert into ${s('partner_payouts')} (project_id, partner_id, payout_date, mode, mode_detail, amount_paise)
        select ${projectId}, case when n % 2 = 0 then ${asha}::int else ${bhaskar}::int end, ${day(sql`n`)}, 'Bank Transfer', 'NEFT ' || n, 1000 + n
        from generate_series(1, 4) n`.execute(tdb);
    });
    return { projectId, asha, bhaskar };
  }

  const paise = (rows: readonly Row[]) => Math.round(sumRupees(rows.map((r) => r.amount)) * 100);
  const rowKey = (r: Row) => `${r.source ?? 'line'}-${r.sourceId ?? r.lineId}`;

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, globex, token, f }));

  return {
    get,
    readAll,
    ledgerProject,
    paise,
    rowKey,
  };
}
