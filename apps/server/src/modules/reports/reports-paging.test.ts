import { sumRupees, toRupees } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { nextLink } from '../../../test/paging.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { insertDevelopment } from '../development/development.repository.js';
import { insertPayouts } from '../partner-payments/partner-payments.repository.js';
import { insertPurchases } from '../purchases/purchases.repository.js';
import { insertReceipts } from '../receipts/receipts.repository.js';

const CURSOR_ERROR = 'cursor is not valid; start again from the first page';

type Row = Record<string, unknown> & { amount: number };
interface ReportBody {
  data: Row[];
  totals: Record<string, number>;
}

/**
 * Payment Receipts, Project Wise Partner Summary and Partner Payment Details page on the server (docs/design.md §9):
 * `?limit=&cursor=&q=`, the next page in `Link`, the counts in `X-Total-*`, and `totals` of every searched row.
 */
describe.each(engines)('paged reports on $name', (engine) => {
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
          amount: toRupees(100000 + n),
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
          amount: toRupees(50000 + n),
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
              amountPaise: 200000 + g,
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
          amountPaise: 1000 + n,
          note: null,
        })),
        null,
      );
    });
    return { projectId, asha, bhaskar };
  }

  const paise = (rows: readonly Row[]) => Math.round(sumRupees(rows.map((r) => r.amount)) * 100);
  const rowKey = (r: Row) => `${r.source ?? 'line'}-${r.sourceId ?? r.lineId}`;

  it('Payment Receipts: a page holds at most the limit and links the next page; the last has no link', async () => {
    const { projectId } = await ledgerProject();
    const url = `/api/report/payment-receipts/${projectId}`;
    const res = await get(`${url}?limit=7`);
    expect(res.statusCode).toBe(200);
    expect((res.json() as ReportBody).data).toHaveLength(7);
    expect(nextLink(res)).toMatch(new RegExp(`^${url}\\?limit=7&cursor=[A-Za-z0-9_-]+$`));
    expect(res.headers['x-total-count']).toBe('30');
    const all = await get(url);
    expect((all.json() as ReportBody).data).toHaveLength(30);
    expect(nextLink(all)).toBeNull();
  });

  it('Payment Receipts: following Link yields every line once, in date then id order', async () => {
    const { projectId } = await ledgerProject();
    const url = `/api/report/payment-receipts/${projectId}`;
    const { pages, rows } = await readAll(`${url}?limit=7`);
    expect(pages).toHaveLength(5);
    const expected = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('receipt_lines')
        .select('id')
        .where('project_id', '=', projectId)
        .orderBy('line_date')
        .orderBy('id')
        .execute(),
    );
    expect(rows.map((r) => r.lineId)).toEqual(expected.map((r) => r.id));
    expect(new Set(rows.map((r) => r.lineId)).size).toBe(30);
  });

  it('Payment Receipts: the totals are every line of the project by status, the same on every page', async () => {
    const { projectId } = await ledgerProject();
    const { pages, rows } = await readAll(`/api/report/payment-receipts/${projectId}?limit=4`);
    const byStatus = (status: string) => paise(rows.filter((r) => r.status === status)) / 100;
    const expected = {
      completed: byStatus('Completed'),
      pending: byStatus('Pending'),
      cancelled: byStatus('Cancelled'),
    };
    expect(expected.completed).toBeGreaterThan(0);
    for (const page of pages) expect((page.json() as ReportBody).totals).toEqual(expected);
    expect(expected.pending + expected.cancelled).toBeGreaterThan(0);
    const first = (pages[0] as LightMyRequestResponse).json() as ReportBody;
    expect(first.totals.completed).not.toBe(paise(first.data.filter((r) => r.status === 'Completed')) / 100);
    // The money received, as Payment To Partner's receipts list says it: not the pending and cancelled lines.
    expect((pages[0] as LightMyRequestResponse).headers['x-total-amount']).toBe(expected.completed.toFixed(2));
  });

  it('Payment Receipts: searches any field on the server, over every page, with the totals of the matches', async () => {
    const { projectId } = await ledgerProject();
    const url = `/api/report/payment-receipts/${projectId}`;
    const { pages, rows } = await readAll(`${url}?limit=2&q=${encodeURIComponent('office 2')}`);
    expect(rows).toHaveLength(10);
    expect(rows.every((r) => r.creditTo === 'Office 2')).toBe(true);
    expect((pages[0] as LightMyRequestResponse).headers['x-total-count']).toBe('10');
    expect((pages[0] as LightMyRequestResponse).headers['x-unfiltered-count']).toBe('30');
    const completed = rows.filter((r) => r.status === 'Completed');
    expect(((pages[0] as LightMyRequestResponse).json() as ReportBody).totals.completed).toBe(paise(completed) / 100);
    const byPartner = (await readAll(`${url}?q=asha`)).rows;
    expect(byPartner.length).toBeGreaterThan(0);
    expect(byPartner.every((r) => r.partnerName === 'Asha Kale')).toBe(true);
  });

  it('Project Wise Partner Summary: pages through every part on shared dates without gaps or repeats', async () => {
    const { projectId } = await ledgerProject();
    const url = `/api/partner-summary/${projectId}`;
    const whole = (await get(url)).json() as ReportBody;
    // 9 purchases + 6 development + 9 Completed lines credited to a partner + 4 payouts.
    expect(whole.data).toHaveLength(28);
    const { pages, rows } = await readAll(`${url}?limit=3`);
    expect(pages).toHaveLength(10);
    expect(rows.map(rowKey)).toEqual(whole.data.map(rowKey));
    expect(new Set(rows.map(rowKey)).size).toBe(28);
    // Date order; on one date purchases, development, receipt lines, payouts; then id.
    const parts = ['purchase', 'development', 'receipt', 'payout'];
    const order = rows.map((r) => ({
      date: r.date as string,
      part: parts.indexOf(r.source as string),
      id: r.sourceId as number,
    }));
    const sorted = [...order].sort((a, b) => a.date.localeCompare(b.date) || a.part - b.part || a.id - b.id);
    expect(order).toEqual(sorted);
    expect(new Set(rows.map((r) => r.date)).size).toBe(3);
  });

  it('Project Wise Partner Summary: the totals are Σ Pay and Σ Receive of every row, not of the page', async () => {
    const { projectId } = await ledgerProject();
    const { pages, rows } = await readAll(`/api/partner-summary/${projectId}?limit=5`);
    const pay = paise(rows.filter((r) => r.payReceive === 'Pay'));
    const receive = paise(rows.filter((r) => r.payReceive === 'Receive'));
    const expected = {
      pay: pay / 100,
      receive: receive / 100,
      net: (pay - receive) / 100,
    };
    for (const page of pages) expect((page.json() as ReportBody).totals).toEqual(expected);
    expect((pages[0] as LightMyRequestResponse).headers['x-total-count']).toBe('28');
    // Pay and Receive go opposite ways: no Σ of both anywhere.
    expect((pages[0] as LightMyRequestResponse).headers['x-total-amount']).toBeUndefined();
    const summary = (await get(`/api/payment/partners-summary?projectId=${projectId}`)).json() as {
      investment: number;
      received: number;
    }[];
    expect(sumRupees(summary.map((p) => p.investment))).toBe(expected.pay);
    expect(sumRupees(summary.map((p) => p.received))).toBe(expected.receive);
  });

  it('Project Wise Partner Summary: searches partner name, particular, mode and credited-to only', async () => {
    const { projectId } = await ledgerProject();
    const url = `/api/partner-summary/${projectId}`;
    const search = async (q: string) => readAll(`${url}?limit=4&q=${encodeURIComponent(q)}`);
    const asha = await search('ASHA');
    expect(asha.rows.length).toBeGreaterThan(0);
    expect(asha.rows.every((r) => r.partnerName === 'Asha Kale')).toBe(true);
    const ashaPay = paise(asha.rows.filter((r) => r.payReceive === 'Pay')) / 100;
    expect(((asha.pages[0] as LightMyRequestResponse).json() as ReportBody).totals.pay).toBe(ashaPay);
    expect((await search('payment to partner')).rows.map((r) => r.source)).toEqual(Array(4).fill('payout'));
    expect((await search('contractor')).rows).toHaveLength(6);
    expect((await search('upi')).rows).toHaveLength(9);
    // Mode details are not searched on this report.
    const neft = await search('NEFT');
    expect(neft.rows).toEqual([]);
    expect((neft.pages[0] as LightMyRequestResponse).headers['x-total-count']).toBe('0');
    expect((neft.pages[0] as LightMyRequestResponse).headers['x-unfiltered-count']).toBe('28');
  });

  it('Partner Payment Details: one partner’s rows page in order, totals of every row of theirs', async () => {
    const { projectId, bhaskar } = await ledgerProject();
    const url = `/api/partner-payment-details/${projectId}/${bhaskar}`;
    const whole = (await get(url)).json() as ReportBody;
    const { pages, rows } = await readAll(`${url}?limit=4`);
    expect(rows.map(rowKey)).toEqual(whole.data.map(rowKey));
    expect(new Set(rows.map(rowKey)).size).toBe(rows.length);
    expect(rows.length).toBe(Number((pages[0] as LightMyRequestResponse).headers['x-total-count']));
    const pay = paise(rows.filter((r) => r.payReceive === 'Pay'));
    const receive = paise(rows.filter((r) => r.payReceive === 'Receive'));
    expect(((pages[1] as LightMyRequestResponse).json() as ReportBody).totals).toEqual({
      pay: pay / 100,
      receive: receive / 100,
      net: (pay - receive) / 100,
    });
  });

  it('Partner Payment Details: searches particular, mode and credited-to, not the partner name', async () => {
    const { projectId, asha } = await ledgerProject();
    const url = `/api/partner-payment-details/${projectId}/${asha}`;
    const rows = async (q: string) => (await readAll(`${url}?limit=3&q=${encodeURIComponent(q)}`)).rows;
    const farmers = await rows('farmer');
    expect(farmers.length).toBe(4);
    expect(farmers.every((r) => r.particular === 'Kharedikhar')).toBe(true);
    expect((await rows('bank transfer')).map((r) => r.particular)).toEqual(Array(2).fill('Payment To Partner'));
    expect(await rows('Asha')).toEqual([]);
  });

  it('refuses a cursor of another list shape, and another company’s project with a page query, plainly', async () => {
    const { projectId, asha } = await ledgerProject();
    const receiptsCursor = new URL(
      nextLink(await get(`/api/report/payment-receipts/${projectId}?limit=1`)) as string,
      'http://x',
    ).searchParams.get('cursor');
    const partnerCursor = Buffer.from('["2026-03-01",1,4]').toString('base64url');
    for (const url of [
      `/api/partner-summary/${projectId}?cursor=${receiptsCursor}`,
      `/api/partner-payment-details/${projectId}/${asha}?cursor=${partnerCursor}`,
      `/api/report/payment-receipts/${projectId}?cursor=${Buffer.from('["2026-03-01",1,0]').toString('base64url')}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(CURSOR_ERROR);
    }
    const theirs = await t.asTenant(globex, (tdb) =>
      tdb
        .insertInto('projects')
        .values({
          id: 600_000,
          project_name: 'Theirs',
          city: 'Pune',
          total_area: 1000,
          total_rate: 10,
          total_amount_paise: 10000_00,
          saleable_area: 1000,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    for (const url of [
      `/api/report/payment-receipts/${theirs.id}?limit=2&q=a`,
      `/api/partner-summary/${theirs.id}?limit=2`,
      `/api/partner-payment-details/${theirs.id}/${asha}?limit=2`,
      `/api/report/payment-receipts/${theirs.id}/export?q=a`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toMatch(/not found/i);
    }
  });

  it('exports every row, not a page, and only the matches of ?q= when given', async () => {
    const { projectId } = await ledgerProject();
    const sheetRows = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      return sheet.rowCount - 4; // the header and the three total rows (received, pending, cancelled; pay, receive, net)
    };
    expect(await sheetRows(`/api/report/payment-receipts/${projectId}/export`)).toBe(30);
    expect(await sheetRows(`/api/report/payment-receipts/${projectId}/export?q=office%202`)).toBe(10);
    expect(await sheetRows(`/api/partner-summary/${projectId}/export`)).toBe(28);
    expect(await sheetRows(`/api/partner-summary/${projectId}/export?q=contractor`)).toBe(6);
    const none = await get(`/api/partner-summary/${projectId}/export?q=nothing-like-this`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'No data available to export!' });
  });
});
