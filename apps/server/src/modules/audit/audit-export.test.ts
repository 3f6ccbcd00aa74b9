import { buffer } from 'node:stream/consumers';
import { auditListSchema } from '@plotbook/domain';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { recordChange } from '../../lib/audit.js';
import { answerOf } from '../../lib/serializer.js';
import { auditWorkbook } from './audit.export.js';
import { exportAuditRows } from './audit.service.js';

describe.each(engines)('the audit export on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let other: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  let adminToken: string;
  let otherAdmin: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, f, second: other } = c), { second: 'other' });
  beforeAll(async () => {
    adminToken = await t.userToken(acme, 'TENANT_ADMIN');
    otherAdmin = await t.userToken(other, 'TENANT_ADMIN');
  });

  const get = (url: string, as = adminToken, tenant = acme) =>
    t.call(tenant.tenantId, { method: 'GET', url, token: as });
  /** The export's sheet, read back with ExcelJS: its rows' values (row 1 the header). */
  const sheetOf = async (url: string, as = adminToken, tenant = acme) => {
    const res = await get(url, as, tenant);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const rows: unknown[][] = [];
    sheet.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    return { res, sheet, rows };
  };

  it('writes every matching row newest first: India time, user, record, readable changes, reason, address', async () => {
    const { id, projectId, partnerId } = await f.purchase({ amount: 120000, mode: 'Cash' });
    const edit = await t.call(acme.tenantId, {
      method: 'PUT',
      url: `/api/purchase/${id}`,
      token,
      headers: { 'x-request-id': 'export-edit-1' },
      payload: { projectId, partnerId, particular: 'Kharedikhar', date: '2026-02-01', mode: 'Cheque', amount: 102000 },
    });
    expect(edit.statusCode).toBe(200);
    const { res, sheet, rows } = await sheetOf(`/api/audit/export?entity=purchase&entityId=${id}`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="Audit Trail.xlsx"');
    expect(res.headers['x-export-truncated']).toBe('false');
    expect(sheet.name).toBe('Audit Trail');
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(rows[0]).toEqual([
      'When',
      'User',
      'Record',
      'Record id',
      'Action',
      'What changed',
      'Reason',
      'Address',
      'Request id',
    ]);
    expect(rows).toHaveLength(3);
    const [update, create] = [rows[1] as unknown[], rows[2] as unknown[]];
    expect(update.slice(1, 6)).toEqual([
      'Test USER',
      'Purchase',
      id,
      'Changed',
      'Amount: ₹ 1,20,000.00 → ₹ 1,02,000.00; Mode: Cash → Cheque',
    ]);
    expect(update[7]).toBe('127.0.0.1');
    expect(update[8]).toBe('export-edit-1');
    expect(create[4]).toBe('Created');
    expect(create[5]).toContain('Amount: ₹ 1,20,000.00');
    expect(create[5]).toContain('Mode: Cash');
    // When: a date cell holding India's clock (UTC + 5:30), shown as dd/mm/yyyy hh:mm.
    const api = (await get(`/api/audit?entity=purchase&entityId=${id}`)).json() as { at: string }[];
    const when = update[0] as Date;
    expect(when).toBeInstanceOf(Date);
    expect(when.getTime()).toBe(new Date(api[0]?.at as string).getTime() + 330 * 60_000);
    expect(sheet.getRow(2).getCell(1).numFmt).toBe('dd/mm/yyyy hh:mm');
  });

  it('takes the list’s filters and search, and writes the reason given', async () => {
    const { id } = await f.purchase({ amount: 10 });
    await t.asTenant(acme, async (tdb) => {
      recordChange(tdb, {
        entity: 'purchase',
        entityId: id,
        action: 'void',
        changes: { amount_paise: [1000, 0] },
        reason: 'Entered twice',
      });
    });
    const voided = await sheetOf(`/api/audit/export?action=void&entityId=${id}&entity=purchase`);
    expect(voided.rows.slice(1).map((r) => r.slice(2, 7))).toEqual([
      ['Purchase', id, 'Voided', 'Amount: ₹ 10.00 → ₹ 0.00', 'Entered twice'],
    ]);
    const searched = await sheetOf('/api/audit/export?q=Entered%20twice');
    expect(searched.rows.slice(1).map((r) => r[6])).toEqual(['Entered twice']);
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const days = await sheetOf(`/api/audit/export?from=${today}&to=${today}&entity=purchase&entityId=${id}`);
    expect(days.rows).toHaveLength(3);
    expect(days.res.headers['content-disposition']).toBe(
      `attachment; filename="Audit Trail ${today} to ${today}.xlsx"`,
    );
    // Nothing matches: nothing to export, as the reports answer.
    expect((await get('/api/audit/export?from=2001-01-01&to=2001-01-02')).statusCode).toBe(404);
    const backwards = await get('/api/audit/export?from=2026-02-02&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields.from).toBe('From date may not be after To date');
  });

  it('is for a tenant admin only, and holds only the company’s own rows', async () => {
    const { id } = await f.purchase();
    expect((await get('/api/audit/export', token)).statusCode).toBe(403);
    expect((await get(`/api/audit/export?entity=purchase&entityId=${id}`, token)).statusCode).toBe(403);
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/audit/export' })).statusCode).toBe(401);
    // Another company's admin: the id is not theirs, so nothing matches.
    expect((await get(`/api/audit/export?entity=purchase&entityId=${id}`, otherAdmin, other)).statusCode).toBe(404);
    // Their token on this company's address is refused.
    expect((await get('/api/audit/export', otherAdmin, acme)).statusCode).toBe(403);
  });

  it('writes at most the limit, the newest rows, and says that there were more', async () => {
    const { id } = await f.purchase();
    await f.purchase();
    const { rows, truncated } = await t.asTenant(acme, (tdb) => exportAuditRows(tdb, {}, 2));
    expect(rows).toHaveLength(2);
    expect(truncated).toBe(true);
    expect(rows[0]?.id).toBeGreaterThan(rows[1]?.id as number);
    const all = await t.asTenant(acme, (tdb) => exportAuditRows(tdb, { entity: 'purchase', entityId: id }));
    expect(all.truncated).toBe(false);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      (await buffer(await auditWorkbook(answerOf(auditListSchema, rows), true))) as unknown as ArrayBuffer,
    );
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(4).getCell(1).value).toBe(
      'Only the newest 1,00,000 rows are exported; narrow the days or filters for older ones.',
    );
  });
});
