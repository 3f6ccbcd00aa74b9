import { PassThrough } from 'node:stream';
import { paise, type TallyVoucher, toRupees } from '@plotbook/domain';
import { INDIAN_MONEY_FORMAT, loadExcel } from '../../lib/excel.js';

const DATE_FORMAT = 'dd/mm/yyyy';

const COLUMNS = [
  { header: 'Date', width: 12, numFmt: DATE_FORMAT },
  { header: 'Voucher Type', width: 12 },
  { header: 'Voucher No', width: 18 },
  { header: 'Ledger', width: 30 },
  { header: 'Dr/Cr', width: 7 },
  { header: 'Debit (₹)', width: 18, numFmt: INDIAN_MONEY_FORMAT },
  { header: 'Credit (₹)', width: 18, numFmt: INDIAN_MONEY_FORMAT },
  { header: 'Narration', width: 60 },
] as const;

const dateCell = (isoDay: string) => {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * The same vouchers as the XML, as an .xlsx (ExcelJS's streaming writer, as the reports' exports): a row per ledger
 * entry (date, voucher type and number, ledger, Dr/Cr, the amount under Debit or Credit, narration), money with
 * Indian digit grouping, and a bold total row whose debits equal its credits. Every text is a string cell.
 */
export async function tallyWorkbook(vouchers: readonly TallyVoucher[]): Promise<PassThrough> {
  const { stream: excelStream } = await loadExcel();
  const stream = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Tally vouchers', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({ width: c.width, style: 'numFmt' in c ? { numFmt: c.numFmt } : {} }));
  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let debits = 0;
  let credits = 0;
  for (const v of vouchers) {
    for (const e of v.entries) {
      if (e.debit) debits += e.amountPaise;
      else credits += e.amountPaise;
      const amount = toRupees(e.amountPaise);
      sheet
        .addRow([
          dateCell(v.date),
          v.type,
          v.number,
          e.ledger,
          e.debit ? 'Dr' : 'Cr',
          e.debit ? amount : null,
          e.debit ? null : amount,
          v.narration,
        ])
        .commit();
    }
  }
  const total = sheet.addRow([
    null,
    null,
    null,
    'Total',
    null,
    toRupees(paise(debits)),
    toRupees(paise(credits)),
    null,
  ]);
  total.font = { bold: true };
  total.getCell(6).numFmt = INDIAN_MONEY_FORMAT;
  total.getCell(7).numFmt = INDIAN_MONEY_FORMAT;
  total.commit();
  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
