import { FACING_MESSAGE, LIST_RATE_TOO_HIGH, paise } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { projectsSuite } from '../../../test/projects-suite.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** Issue 21: a plot's list rate or price, facing, corner and sector through the project API, and the price list. */
describe.each(engines)('plot prices, facing and sector on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let otherToken: string;
  let admin: string;
  const { api, valid } = projectsSuite(engine, (v) => ({ t, acme, other, token, otherToken } = v));
  beforeAll(async () => {
    admin = await t.userToken(acme, 'TENANT_ADMIN');
  });

  const priced = (name: string) => ({
    ...valid,
    projectName: name,
    plots: [
      {
        plotName: 'A-1',
        totalPlotSize: 1200.25,
        plotNumber: '1',
        listRate: 1500.55,
        facing: 'NE',
        corner: true,
        sector: 'Phase 2',
      },
      { plotName: 'A-2', totalPlotSize: 1500, listRate: 1000, listPrice: 1234567.89, facing: 'W' },
      { plotName: 'A-3', totalPlotSize: 1000 },
    ],
  });

  it('stores rate, price, facing, corner and sector to the paisa and answers them in every plot list', async () => {
    const created = await api('POST', '/api/project', priced('Priced Acres'));
    expect(created.statusCode, created.body).toBe(201);
    const { projectId } = created.json();
    const plots = (await api('GET', `/api/project/${projectId}`)).json().plots;
    const fields = (p: Record<string, unknown>) => [p.plotName, p.listRate, p.listPrice, p.facing, p.corner, p.sector];
    const expected = [
      ['A-1', 1500.55, null, 'NE', true, 'Phase 2'],
      ['A-2', 1000, 1234567.89, 'W', false, null],
      ['A-3', null, null, null, false, null],
    ];
    expect(plots.map(fields)).toEqual(expected);
    expect((await api('GET', `/api/project/${projectId}/plots`)).json().map(fields)).toEqual(expected);
    expect((await api('GET', `/api/project/${projectId}/plot-summaries`)).json().map(fields)).toEqual(expected);
    const details = (await api('GET', '/api/project/all-details')).json();
    const mine = details.find((d: { projectId: number }) => d.projectId === projectId);
    expect(mine.plots.map(fields)).toEqual(expected);
    // Stored in paise: 1500.55 → 150055, 1234567.89 → 123456789.
    const stored = await t.asTenant(acme, (tdb) =>
      tdb
        .selectFrom('plots')
        .select(['list_rate_paise', 'list_price_paise'])
        .where('project_id', '=', projectId)
        .orderBy('id')
        .execute(),
    );
    expect(stored.map((r) => [r.list_rate_paise, r.list_price_paise])).toEqual([
      [paise(150055), null],
      [paise(100000), paise(123456789)],
      [null, null],
    ]);
  });

  it('edits and clears them, recording what changed in the plot history', async () => {
    const { projectId } = (await api('POST', '/api/project', priced('Edited Acres'))).json();
    const before = (await api('GET', `/api/project/${projectId}`)).json();
    const [a1, a2, a3] = before.plots;
    const saved = await api('PUT', `/api/project/${projectId}`, {
      ...priced('Edited Acres'),
      plots: [
        { plotId: a1.plotId, plotName: 'A-1', totalPlotSize: 1200.25, plotNumber: '1', listPrice: 2000000 },
        { plotId: a2.plotId, plotName: 'A-2', totalPlotSize: 1500, listRate: 1000, listPrice: 1234567.89, facing: 'W' },
        { plotId: a3.plotId, plotName: 'A-3', totalPlotSize: 1000, sector: 'Phase 1', facing: 'S', corner: true },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await api('GET', `/api/project/${projectId}`)).json().plots;
    expect(after.map((p: Record<string, unknown>) => [p.listRate, p.listPrice, p.facing, p.corner, p.sector])).toEqual([
      [null, 2000000, null, false, null],
      [1000, 1234567.89, 'W', false, null],
      [null, null, 'S', true, 'Phase 1'],
    ]);
    const trail = (await api('GET', `/api/audit?entity=plot&entityId=${a1.plotId}`, undefined, admin)).json();
    expect(trail[0].action).toBe('update');
    expect(trail[0].changes).toMatchObject({
      list_rate: [1500.55, null],
      list_price: [null, 2000000],
      facing: ['NE', null],
      corner: [true, false],
      sector: ['Phase 2', null],
    });
    // A plot whose values did not change gets no trail row.
    const untouched = (await api('GET', `/api/audit?entity=plot&entityId=${a2.plotId}`, undefined, admin)).json();
    expect(untouched.map((r: { action: string }) => r.action)).toEqual(['create']);
  });

  it.each([
    [{ listRate: -1 }, 'plots.0.listRate', 'List rate cannot be negative'],
    [{ listPrice: 100.123 }, 'plots.0.listPrice', 'List price may have at most 2 decimals'],
    [{ listPrice: '12,00,000' }, 'plots.0.listPrice', 'List price must be a number'],
    [{ listRate: 1e13 }, 'plots.0.listRate', LIST_RATE_TOO_HIGH],
    [{ facing: 'North' }, 'plots.0.facing', FACING_MESSAGE],
    [{ corner: 'yes' }, 'plots.0.corner', 'Corner must be true or false'],
    [{ sector: 'x'.repeat(61) }, 'plots.0.sector', 'Sector may have at most 60 characters'],
  ])('refuses %o with a plain message', async (bad, field, message) => {
    const res = await api('POST', '/api/project', {
      ...valid,
      projectName: `Refused ${field}`,
      plots: [{ plotName: 'A-1', totalPlotSize: 1200, ...bad }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  /** The price list's sheet, read back with ExcelJS: its rows' values (row 1 the header). */
  const priceList = async (projectId: number, as = token, tenant = acme) => {
    const res = await t.call(tenant.tenantId, {
      method: 'GET',
      url: `/api/project/${projectId}/price-list`,
      token: as,
    });
    if (res.statusCode !== 200) return { res, rows: [], sheet: null };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return { res, rows, sheet };
  };

  it('exports the price list by sector with the price a sale starts from and each plot state', async () => {
    const f = factories(t, acme, token);
    const { projectId } = (await api('POST', '/api/project', priced('Listed Acres'))).json();
    const plots = (await api('GET', `/api/project/${projectId}`)).json().plots;
    await f.sale({ projectId, plotId: plots[1].plotId, amountPaise: paise(1500000_00) });
    const { res, rows, sheet } = await priceList(projectId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="PriceList_${projectId}.xlsx"`);
    expect(sheet?.name).toBe('Listed Acres');
    expect(sheet?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows).toEqual([
      [
        'Sector',
        'Plot',
        'Plot Number',
        'Size (sq ft)',
        'Facing',
        'Corner',
        'Rate per sq ft (₹)',
        'List Price (₹)',
        'State',
      ],
      // 1,200.25 sq ft × ₹ 1,500.55 = ₹ 18,01,035.14 (rounded to the paisa).
      ['Phase 2', 'A-1', '1', 1200.25, 'North-east', 'Yes', 1500.55, 1801035.14, 'Available'],
      // Sectorless plots come last; a list price wins over the rate.
      [undefined, 'A-2', undefined, 1500, 'West', 'No', 1000, 1234567.89, 'Sold'],
      [undefined, 'A-3', undefined, 1000, undefined, 'No', undefined, undefined, 'Available'],
    ]);
    // Indian digit grouping on the money and the size.
    expect(sheet?.getRow(2).getCell(8).numFmt).toBe('[>=10000000]##,##,##,##0.00;[>=100000]##,##,##0.00;##,##0.00');
    expect(sheet?.getRow(2).getCell(7).numFmt).toBe(sheet?.getRow(2).getCell(8).numFmt);
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe(sheet?.getRow(2).getCell(8).numFmt);
  });

  it('keeps the price list to the company: another company gets 404, an unknown project 404', async () => {
    const { projectId } = (await api('POST', '/api/project', priced('Private Acres'))).json();
    expect((await priceList(projectId, otherToken, other)).res.statusCode).toBe(404);
    expect((await priceList(999999)).res.statusCode).toBe(404);
    const anonymous = await t.call(acme.tenantId, { method: 'GET', url: `/api/project/${projectId}/price-list` });
    expect(anonymous.statusCode).toBe(401);
  });
});
