import { paise } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { engines, type TestContext } from '../../../test/helpers.js';
import { nextLink } from '../../../test/paging.js';
import { reportPagingSuite } from '../../../test/report-paging-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

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
  const { get, readAll, ledgerProject, paiseOf } = reportPagingSuite(engine, (v) => ({ t, acme, globex } = v));

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
    const byStatus = (status: string) => paiseOf(rows.filter((r) => r.status === status)) / 100;
    const expected = {
      completed: byStatus('Completed'),
      pending: byStatus('Pending'),
      cancelled: byStatus('Cancelled'),
    };
    expect(expected.completed).toBeGreaterThan(0);
    for (const page of pages) expect((page.json() as ReportBody).totals).toEqual(expected);
    expect(expected.pending + expected.cancelled).toBeGreaterThan(0);
    const first = (pages[0] as LightMyRequestResponse).json() as ReportBody;
    expect(first.totals.completed).not.toBe(paiseOf(first.data.filter((r) => r.status === 'Completed')) / 100);
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
    expect(((pages[0] as LightMyRequestResponse).json() as ReportBody).totals.completed).toBe(paiseOf(completed) / 100);
    const byPartner = (await readAll(`${url}?q=asha`)).rows;
    expect(byPartner.length).toBeGreaterThan(0);
    expect(byPartner.every((r) => r.partnerName === 'Asha Kale')).toBe(true);
  });

  it('refuses a cursor of another list shape, and another company’s project with a page query, plainly', async () => {
    const { projectId, asha } = await ledgerProject();
    const receiptsCursor = new URL(
      nextLink(await get(`/api/report/payment-receipts/${projectId}?limit=1`)) as string,
      'http://x',
    ).searchParams.get('cursor');
    const partnerCursor = Buffer.from('["2026-03-01",1,5]').toString('base64url');
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
          total_amount_paise: paise(10000_00),
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
