import { PassThrough } from 'node:stream';
import { AGEING_BUCKET_LABELS, type OverdueReport } from '@plotbook/domain';
import { INDIAN_MONEY_FORMAT, loadExcel } from '../../lib/excel.js';

const DATE_FORMAT = 'dd/mm/yyyy';

const COLUMNS = [
  { header: 'Buyer', key: 'buyerName', width: 24 },
  { header: 'Mobile', key: 'mobile', width: 16 },
  { header: 'Project', key: 'projectName', width: 20 },
  { header: 'Plot', key: 'plotName', width: 10 },
  { header: 'Installment', key: 'installmentNo', width: 12 },
  { header: 'Due Date', key: 'dueDate', width: 12, date: true },
  { header: 'Installment Amount', key: 'amount', width: 18, money: true },
  { header: 'Paid', key: 'paid', width: 16, money: true },
  { header: 'Amount Due', key: 'due', width: 18, money: true },
  { header: 'Days Late', key: 'daysLate', width: 10 },
  { header: 'Ageing', key: 'bucket', width: 12 },
  { header: 'Late Interest', key: 'interest', width: 16, money: true },
] as const;

const dateOf = (text: string) => {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
};

/**
 * The overdue list as an .xlsx (ExcelJS's streaming writer, as the reports): the rows as the screen shows them (money
 * in rupees, Indian digit grouping), then the ageing totals overall and per project in bold.
 */
export async function overdueWorkbook(report: OverdueReport): Promise<PassThrough> {
  const { stream: excelStream } = await loadExcel();
  const stream = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(`Overdue ${report.asOf}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map((c) => ({
    key: c.key,
    width: c.width,
    style: 'money' in c ? { numFmt: INDIAN_MONEY_FORMAT } : 'date' in c ? { numFmt: DATE_FORMAT } : {},
  }));
  const header = sheet.addRow(COLUMNS.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  for (const row of report.data) {
    sheet
      .addRow([
        row.buyerName ?? '',
        row.mobile ?? '',
        row.projectName,
        row.plotName,
        row.installmentNo,
        dateOf(row.dueDate),
        row.amount,
        row.paid,
        row.due,
        row.daysLate,
        AGEING_BUCKET_LABELS[row.bucket],
        row.interest,
      ])
      .commit();
  }
  const totalRow = (label: string, due: number, interest: number) => {
    const total = sheet.addRow([label, null, null, null, null, null, null, null, due, null, null, interest]);
    total.font = { bold: true };
    total.getCell(9).numFmt = INDIAN_MONEY_FORMAT;
    total.getCell(12).numFmt = INDIAN_MONEY_FORMAT;
    total.commit();
  };
  sheet.addRow([]).commit();
  totalRow(
    `Total overdue as of ${report.asOf.split('-').reverse().join('/')}`,
    report.totals.due,
    report.totals.interest,
  );
  for (const b of report.totals.buckets) totalRow(`${AGEING_BUCKET_LABELS[b.bucket]} (${b.count})`, b.due, 0);
  for (const p of report.totals.projects) totalRow(`${p.projectName} (${p.count})`, p.due, p.interest);
  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
