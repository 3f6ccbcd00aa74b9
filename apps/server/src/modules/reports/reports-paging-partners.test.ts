import { sumRupees } from '@plotbook/domain';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { engines } from '../../../test/helpers.js';
import { reportPagingSuite } from '../../../test/report-paging-suite.js';

type Row = Record<string, unknown> & { amount: number };
interface ReportBody {
  data: Row[];
  totals: Record<string, number>;
}

/**
 * Payment Receipts, Project Wise Partner Summary and Partner Payment Details page on the server (docs/design.md §9):
 * `?limit=&cursor=&q=`, the next page in `Link`, the counts in `X-Total-*`, and `totals` of every searched row.
 */
describe.each(engines)('paged partner reports on $name', (engine) => {
  const { get, readAll, ledgerProject, paiseOf, rowKey } = reportPagingSuite(engine);

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
    const pay = paiseOf(rows.filter((r) => r.payReceive === 'Pay'));
    const receive = paiseOf(rows.filter((r) => r.payReceive === 'Receive'));
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
    const ashaPay = paiseOf(asha.rows.filter((r) => r.payReceive === 'Pay')) / 100;
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
    const pay = paiseOf(rows.filter((r) => r.payReceive === 'Pay'));
    const receive = paiseOf(rows.filter((r) => r.payReceive === 'Receive'));
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
});
