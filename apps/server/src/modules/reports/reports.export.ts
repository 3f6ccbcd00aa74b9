import { PassThrough } from 'node:stream';
import { REPORT_COLUMNS, REPORT_TOTAL_ROWS, type ReportColumn, type ReportKey, totalLabelKey } from '@plotbook/domain';
import type ExcelJS from 'exceljs';
import { INDIAN_MONEY_FORMAT, loadExcel } from '../../lib/excel.js';

const DATE_FORMAT = 'dd/mm/yyyy';
const MONTH_FORMAT = 'mmm yyyy';
/** India's offset (no daylight saving): a created date-time is shown as its Indian calendar day. */
const INDIA_OFFSET_MS = 330 * 60_000;

type Row = Record<string, unknown>;

/** A `YYYY-MM-DD` (or `YYYY-MM`) as a date cell: midnight UTC, which ExcelJS writes as that serial day. */
function dateOf(text: string): Date {
  const [y, m, d] = text.split(/[-T]/).map(Number) as [number, number, number?];
  return new Date(Date.UTC(y, m - 1, d ?? 1));
}

function dayOfTimestamp(iso: string): Date {
  const shifted = new Date(new Date(iso).getTime() + INDIA_OFFSET_MS);
  return new Date(Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

/** A cell's value: numbers for money, dates as dates, and every user text as a plain string (never a formula). */
function cellValue(column: ReportColumn, row: Row, index: number): ExcelJS.CellValue {
  if (column.kind === 'index') return index + 1;
  const value = row[column.key];
  if (value === null || value === undefined || value === '') return null;
  switch (column.kind) {
    case 'money':
      return Number(value);
    case 'date':
    case 'month':
      return dateOf(String(value));
    case 'dateTime':
      return dayOfTimestamp(String(value));
    case 'plots':
      return (value as string[]).join(', ');
    default:
      // A string is always written as a string cell; ExcelJS makes a formula only from a { formula } object.
      return String(value);
  }
}

const numberFormat = (column: ReportColumn): string | undefined =>
  column.kind === 'money'
    ? INDIAN_MONEY_FORMAT
    : column.kind === 'date' || column.kind === 'dateTime'
      ? DATE_FORMAT
      : column.kind === 'month'
        ? MONTH_FORMAT
        : undefined;

const columnWidth = (column: ReportColumn) =>
  column.kind === 'money' ? 18 : column.kind === 'index' ? 7 : column.kind === 'plots' ? 40 : 16;

/**
 * Writes a report as an .xlsx with ExcelJS's streaming writer: one sheet with the report's columns, a bold frozen
 * header, the rows (each committed as it is written, so the workbook is never held in memory) and the report's bold
 * total rows (`REPORT_TOTAL_ROWS`, as the screen shows them) carrying figures of `totals` as numbers under the money
 * columns. Returns the stream to send; the writing goes on as it is read.
 */
export async function reportWorkbook(
  report: ReportKey,
  sheetName: string,
  rows: readonly Row[],
  totals: Row,
): Promise<PassThrough> {
  const { stream: excelStream } = await loadExcel();
  const columns = REPORT_COLUMNS[report];
  const stream = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({
    key: c.key,
    width: columnWidth(c),
    style: numberFormat(c) ? { numFmt: numberFormat(c) } : {},
  }));

  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();

  rows.forEach((row, index) => {
    // Cells take their number format from their column's style.
    sheet.addRow(columns.map((c) => cellValue(c, row, index))).commit();
  });

  const labelKey = totalLabelKey(report);
  for (const { label, values } of REPORT_TOTAL_ROWS[report]) {
    const total = sheet.addRow(
      columns.map((c) => {
        if (c.key === labelKey) return label;
        const figure = values[c.key] === undefined ? undefined : totals[values[c.key] as string];
        return typeof figure === 'number' ? figure : null;
      }),
    );
    total.font = { bold: true };
    columns.forEach((c, i) => {
      if (c.kind === 'money') total.getCell(i + 1).numFmt = INDIAN_MONEY_FORMAT;
    });
    total.commit();
  }

  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
