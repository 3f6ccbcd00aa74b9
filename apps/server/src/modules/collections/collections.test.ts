import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JUNE_15, LATE_INTEREST_ON, workedExample } from '../../../test/collections-suite.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';

type Example = Awaited<ReturnType<typeof workedExample>>;

describe.each(engines)('collections: overdue ageing on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let adminToken: string;
  let ex: Example;
  const get = (url: string, as = token, tenant = acme) => t.call(tenant.tenantId, { method: 'GET', url, token: as });

  beforeAll(async () => {
    t = await buildTestApp(engine, { clock: () => JUNE_15 });
    acme = await t.createTenant('acme');
    token = await t.userToken(acme);
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
    ex = await workedExample(t, acme, token);
  });
  afterAll(() => t?.close());

  it('ages every overdue installment on the worked example, as of today in India by default', async () => {
    const res = await get('/api/collections/overdue');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.asOf).toBe('2026-06-15');
    expect(body.interestEnabled).toBe(false);
    expect(
      body.data.map((r: Record<string, unknown>) => [
        r.buyerName,
        r.plotName,
        r.installmentNo,
        r.due,
        r.daysLate,
        r.bucket,
      ]),
    ).toEqual([
      ['Ravi Kale', 'P1', 1, 20000, 165, '90+'],
      ['Ravi Kale', 'P1', 2, 20000, 134, '90+'],
      ['Ravi Kale', 'P1', 3, 20000, 106, '90+'],
      ['Ravi Kale', 'P1', 4, 20000, 75, '61-90'],
      ['Asha Patil', 'P1', 3, 5000, 66, '61-90'],
      ['Ravi Kale', 'P1', 5, 20000, 45, '31-60'],
      ['Asha Patil', 'P1', 4, 10000, 36, '31-60'],
      ['Ravi Kale', 'P1', 6, 20000, 14, '1-30'],
      ['Asha Patil', 'P1', 5, 10000, 5, '1-30'],
    ]);
    const asha3 = body.data.find((r: { buyerName: string; installmentNo: number }) => r.buyerName === 'Asha Patil');
    expect(asha3).toMatchObject({ amount: 10000, paid: 5000, due: 5000, dueDate: '2026-04-10', hasEmail: true });
    expect(body.totals).toMatchObject({
      count: 9,
      due: 145000,
      interest: 0,
      buckets: [
        { bucket: '1-30', count: 2, due: 30000 },
        { bucket: '31-60', count: 2, due: 30000 },
        { bucket: '61-90', count: 2, due: 25000 },
        { bucket: '90+', count: 3, due: 60000 },
      ],
    });
    expect(
      body.totals.projects.map((p: { projectName: string; count: number; due: number }) => [
        p.projectName,
        p.count,
        p.due,
      ]),
    ).toEqual([
      [ex.green.projectName ?? `Green Acres ${t.prefix}`, 3, 25000],
      [`Sunrise Meadows ${t.prefix}`, 6, 120000],
    ]);
    expect(res.headers['x-total-count']).toBe('9');
    expect(res.headers['x-total-amount']).toBe('145000.00');
  });

  it('answers as of another day: on 11 Apr 2026 Asha’s installment 3 is one day late', async () => {
    const body = (await get(`/api/collections/overdue?projectId=${ex.green.projectId}&asOf=2026-04-11`)).json();
    expect(
      body.data.map((r: { installmentNo: number; daysLate: number; bucket: string }) => [
        r.installmentNo,
        r.daysLate,
        r.bucket,
      ]),
    ).toEqual([[3, 1, '1-30']]);
    // On its due date it is not overdue yet (installmentState: overdue once the due date is before today).
    expect((await get(`/api/collections/overdue?projectId=${ex.green.projectId}&asOf=2026-04-10`)).json().data).toEqual(
      [],
    );
  });

  it('pages in due-date order with a Link to the next page, and searches buyer, plot, project and mobile', async () => {
    const first = await get('/api/collections/overdue?limit=4');
    expect(first.json().data.map((r: { daysLate: number }) => r.daysLate)).toEqual([165, 134, 106, 75]);
    expect(first.json().totals.count).toBe(9);
    const link = /<([^>]+)>; rel="next"/.exec(String(first.headers.link))?.[1] as string;
    const second = await get(link);
    expect(second.json().data.map((r: { daysLate: number }) => r.daysLate)).toEqual([66, 45, 36, 14]);
    const third = await get(/<([^>]+)>; rel="next"/.exec(String(second.headers.link))?.[1] as string);
    expect(third.json().data.map((r: { daysLate: number }) => r.daysLate)).toEqual([5]);
    expect(third.headers.link).toBeUndefined();

    const asha = await get('/api/collections/overdue?q=asha');
    expect(asha.json().totals).toMatchObject({ count: 3, due: 25000 });
    expect(asha.headers['x-total-unfiltered-count'] ?? asha.headers['x-unfiltered-count']).toBeDefined();
    expect((await get('/api/collections/overdue?q=sunrise')).json().totals.count).toBe(6);
  });

  it('shows late-payment interest only when the company turns it on, and never adds it to the sale', async () => {
    const put = (payload: object) =>
      t.call(acme.tenantId, { method: 'PUT', url: '/api/collections/settings', token: adminToken, payload });
    const settings = LATE_INTEREST_ON;
    expect((await put(settings)).statusCode).toBe(200);
    const body = (await get(`/api/collections/overdue?projectId=${ex.green.projectId}`)).json();
    // ₹ 5,000 × 18 % × (66 − 10) / 365 = ₹ 138.08; ₹ 10,000 × 18 % × 26 / 365 = ₹ 128.22; 5 days: in the grace period.
    expect(body.data.map((r: { interest: number }) => r.interest)).toEqual([138.08, 128.22, 0]);
    expect(body.totals.interest).toBe(266.3);
    const sales = (await get(`/api/sale/project/${ex.green.projectId}`)).json();
    expect(sales.find((s: { saleId: number }) => s.saleId === ex.asha.saleId)?.saleAmount).toBe(130000);
    expect((await put({ ...settings, lateInterestEnabled: false })).statusCode).toBe(200);
    expect((await get(`/api/collections/overdue?projectId=${ex.green.projectId}`)).json().totals.interest).toBe(0);
  });

  it('lets only a tenant admin change the settings, with plain messages for bad ones', async () => {
    const payload = {
      lateInterestEnabled: true,
      lateInterestRate: 120,
      graceDays: -1,
      autoRemindersEnabled: false,
      remindDaysBefore: 3,
      remindDaysAfter: 7,
    };
    const asUser = await t.call(acme.tenantId, { method: 'PUT', url: '/api/collections/settings', token, payload });
    expect(asUser.statusCode).toBe(403);
    const bad = await t.call(acme.tenantId, {
      method: 'PUT',
      url: '/api/collections/settings',
      token: adminToken,
      payload,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      lateInterestRate: 'Interest rate may be at most 100 % a year',
      graceDays: 'Grace period cannot be negative',
    });
    expect((await get('/api/collections/settings')).json()).toMatchObject({
      lateInterestEnabled: false,
      graceDays: 10,
    });
  });

  it('exports the list as .xlsx that ExcelJS reads back, with the ageing totals', async () => {
    const res = await get('/api/collections/overdue/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Overdue_2026-06-15.xlsx"');
    const ExcelJS = (await import('exceljs')).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values = (row: number) => (sheet.getRow(row).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Buyer',
      'Mobile',
      'Project',
      'Plot',
      'Installment',
      'Due Date',
      'Installment Amount',
      'Paid',
      'Amount Due',
      'Days Late',
      'Ageing',
      'Late Interest',
    ]);
    expect(values(6).slice(0, 1)).toEqual(['Asha Patil']);
    expect(values(6).slice(2)).toEqual([
      `Green Acres ${t.prefix}`,
      'P1',
      3,
      new Date(Date.UTC(2026, 3, 10)),
      10000,
      5000,
      5000,
      66,
      '61–90 days',
      0,
    ]);
    expect(sheet.getRow(6).getCell(9).numFmt).toContain('##,##0.00');
    expect(values(12)).toEqual([
      'Total overdue as of 15/06/2026',
      ...Array(7).fill(undefined),
      145000,
      undefined,
      undefined,
      0,
    ]);
    expect(values(13)[0]).toBe('1–30 days (2)');
    expect(values(13)[8]).toBe(30000);
    expect(values(17)[0]).toBe(`Green Acres ${t.prefix} (3)`);
    expect((await get('/api/collections/overdue/export?q=nobody')).statusCode).toBe(404);
  });

  it('answers 404 for another company’s project, 401 without a token', async () => {
    const other = await t.createTenant('other');
    const otherToken = await t.userToken(other);
    const res = await get(`/api/collections/overdue?projectId=${ex.green.projectId}`, otherToken, other);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Project not found');
    expect((await get('/api/collections/overdue', otherToken, other)).json().totals.count).toBe(0);
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/collections/overdue' })).statusCode).toBe(401);
  });
});
