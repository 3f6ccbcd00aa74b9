import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import type { TenantRecord } from '../../db/tenancy.js';

describe.each(engines)('report exports on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;
  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));
  const { get, workedExample, emiExample } = reportExamples(() => ({ t, acme, token, f }));

  it('exports each report as one sheet: bold frozen header, numeric money, real dates, text kept as text', async () => {
    const { projectId, asha, bhaskar } = await workedExample();
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('partners').set({ partner_name: '=HYPERLINK("x")' }).where('id', '=', asha).execute(),
    );
    await f.purchase({ projectId, partnerId: bhaskar, amount: 7.5, modeDetail: '+91 cheque', creditTo: '@farmer' });
    const files: [string, string][] = [
      ['/api/report/project-wise/export', 'ProjectReport.xlsx'],
      [`/api/report/plot-wise/${projectId}/export`, `PlotReport_${projectId}.xlsx`],
      [`/api/report/payment-receipts/${projectId}/export`, `PaymentReceipts_${projectId}.xlsx`],
      [`/api/farmer-account/${projectId}/export`, 'FarmerAccount.xlsx'],
      [`/api/report/payment-month-wise/${projectId}/export`, `PaymentMonthWise_${projectId}.xlsx`],
      [`/api/partner-summary/${projectId}/export`, 'PartnerSummary.xlsx'],
      [`/api/partner-payment-details/${projectId}/${asha}/export`, 'PartnerPaymentDetails.xlsx'],
    ];
    const books = new Map<string, ExcelJS.Worksheet>();
    for (const [url, name] of files) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}"`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets, url).toHaveLength(1);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      // The sheet is named as the file (spec 001 §9).
      expect(sheet.name, url).toBe(name.replace(/\.xlsx$/, ''));
      expect(sheet.getRow(1).getCell(1).font?.bold, url).toBe(true);
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      books.set(name, sheet);
    }

    const farmer = books.get('FarmerAccount.xlsx') as ExcelJS.Worksheet;
    expect((farmer.getRow(1).values as unknown[]).slice(1)).toEqual([
      'Particular',
      'Date',
      'Mode',
      'Mode Details',
      'Credited To',
      'Mode Date',
      'Partner',
      'Amount',
    ]);
    const first = farmer.getRow(2);
    expect(first.getCell(2).value).toEqual(new Date(Date.UTC(2026, 1, 1)));
    expect(first.getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(first.getCell(7).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(7).value).toBe('=HYPERLINK("x")');
    expect(first.getCell(7).formula).toBeUndefined();
    expect(first.getCell(8).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(8).value).toBe(200000);
    // Written as `[>=10000000]##\\,##\\,##\\,##0.00;…` (literal commas); ExcelJS's reader drops the backslashes.
    expect(first.getCell(8).numFmt).toBe('[>=10000000]##,##,##,##0.00;[>=100000]##,##,##0.00;##,##0.00');
    const second = farmer.getRow(3);
    expect([second.getCell(4).value, second.getCell(5).value, second.getCell(8).value]).toEqual([
      '+91 cheque',
      '@farmer',
      7.5,
    ]);
    expect(second.getCell(4).type).toBe(ExcelJS.ValueType.String);
    const totalRow = farmer.getRow(4);
    expect(totalRow.getCell(1).value).toBe('Grand Total');
    expect(totalRow.getCell(8).value).toBe(200007.5);
    expect(totalRow.getCell(1).font?.bold).toBe(true);
    expect(farmer.rowCount).toBe(4);

    const details = books.get('PartnerPaymentDetails.xlsx') as ExcelJS.Worksheet;
    expect(details.getRow(2).getCell(1).value).toBe(1); // S.No
    expect(details.getRow(2).getCell(8).value).toBe('Pay');
    // Asha paid ₹ 2,00,000 and received ₹ 1,50,000: Pay, Receive and Net each in its own row, never added.
    expect(details.rowCount).toBe(6);
    expect([4, 5, 6].map((n) => [details.getRow(n).getCell(2).value, details.getRow(n).getCell(9).value])).toEqual([
      ['Total Pay', 200000],
      ['Total Receive', 150000],
      ['Net (Pay − Receive)', 50000],
    ]);
    expect(details.getRow(4).getCell(1).value).toBeNull();

    const summary = books.get('PartnerSummary.xlsx') as ExcelJS.Worksheet;
    expect(summary.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(summary.getRow(2).getCell(1).value).toBe('=HYPERLINK("x")');

    const plots = books.get(`PlotReport_${projectId}.xlsx`) as ExcelJS.Worksheet;
    expect(plots.getRow(2).getCell(7).value).toBeInstanceOf(Date);
    expect(plots.getRow(3).getCell(3).value).toBe(-150003.75); // the 7.50 purchase is shared too
  });

  it('exports Payment Expected with each month’s plots joined by a comma and space', async () => {
    const { project, p1, p2 } = await emiExample();
    const res = await get(`/api/report/payment-expected-month-wise/${project.projectId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="PaymentExpectedMonthWise.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(3).getCell(1).value).toEqual(new Date(Date.UTC(2026, 11, 1)));
    expect(sheet.getRow(3).getCell(2).value).toBe(60000);
    expect(sheet.getRow(3).getCell(3).value).toBe(`${p1.plotName}, ${p2.plotName}`);
    expect(sheet.getRow(5).getCell(2).value).toBe(150000);
  });
});
