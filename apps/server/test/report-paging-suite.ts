import { paise, sumRupees, toRupees } from '@plotbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import { insertDevelopment } from '../src/modules/development/development.repository.js';
import { insertPayouts } from '../src/modules/partner-payments/partner-payments.repository.js';
import { insertPurchases } from '../src/modules/purchases/purchases.repository.js';
import { insertReceipts } from '../src/modules/receipts/receipts.repository.js';
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
    const day = (n: number) => `2026-03-0${1 + ((n * 5) % 3)}`;
    const range = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    const either = (n: number) => (n % 2 === 0 ? asha : bhaskar);
    const money = { modeDetail: null, modeDate: null };
    await t.asTenant(acme, async (tdb) => {
      await insertPurchases(
        tdb,
        range(9).map((n) => ({
          ...money,
          projectId,
          partnerId: either(n),
          particular: 'Kharedikhar',
          date: day(n),
          mode: 'Cheque',
          creditTo: `Farmer ${n}`,
          amount: toRupees(paise(100000 + n)),
        })),
        null,
      );
      await insertDevelopment(
        tdb,
        range(6).map((n) => ({
          ...money,
          projectId,
          plotId: null,
          partnerId: bhaskar,
          category: 'per_project',
          particular: 'Road Rate',
          date: day(n),
          mode: 'Cash',
          creditTo: `Contractor ${n}`,
          amount: toRupees(paise(50000 + n)),
        })),
        null,
      );
      const statuses = ['Completed', 'Pending', 'Cancelled'] as const;
      await insertReceipts(
        tdb,
        range(10).map((n) => {
          const status = statuses[n % 3] as (typeof statuses)[number];
          return {
            projectId,
            plotId: plot.plotId,
            saleId: null,
            status,
            lines: range(3).map((g) => ({
              particular: 'Installment' as const,
              date: day(n + g),
              mode: 'UPI' as const,
              modeDetail: `UPI ref ${n}-${g}`,
              creditTo: `Office ${g}`,
              modeDate: null,
              amountPaise: paise(200000 + g),
              partnerId: status === 'Completed' ? either(g) : null,
            })),
          };
        }),
        null,
      );
      await insertPayouts(
        tdb,
        range(4).map((n) => ({
          projectId,
          partnerId: either(n),
          date: day(n),
          mode: 'Bank Transfer' as const,
          modeDetail: `NEFT ${n}`,
          amountPaise: paise(1000 + n),
          note: null,
        })),
        null,
      );
    });
    return { projectId, asha, bhaskar };
  }

  const paiseOf = (rows: readonly Row[]) => Math.round(sumRupees(rows.map((r) => r.amount)) * 100);
  const rowKey = (r: Row) => `${r.source ?? 'line'}-${r.sourceId ?? r.lineId}`;

  // The suite's values, for the test file's own variables, once set up.
  beforeAll(() => use({ t, acme, globex, token, f }));

  return {
    get,
    readAll,
    ledgerProject,
    paiseOf,
    rowKey,
  };
}
