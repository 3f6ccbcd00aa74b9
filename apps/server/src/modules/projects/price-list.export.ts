import { PassThrough } from 'node:stream';
import {
  excelSheetName,
  FACING_LABELS,
  PLOT_BOARD_STATE_LABELS,
  PRICE_LIST_HEADERS,
  type PriceListRowDto,
} from '@plotbook/domain';
import { INDIAN_MONEY_FORMAT, loadExcel } from '../../lib/excel.js';

/** Square feet as money is shown: Indian digit grouping, 2 decimals (1,200.25). */
const INDIAN_AREA_FORMAT = INDIAN_MONEY_FORMAT;
const WIDTHS = [16, 18, 12, 14, 14, 8, 18, 20, 16];
const FORMATS: (string | undefined)[] = [
  undefined,
  undefined,
  undefined,
  INDIAN_AREA_FORMAT,
  undefined,
  undefined,
  INDIAN_MONEY_FORMAT,
  INDIAN_MONEY_FORMAT,
];

/**
 * Writes a project's price list (rows in rupees, as the API answers them) as an .xlsx with ExcelJS's streaming
 * writer, as the report exports are written: one sheet named after the project, a bold frozen header, then a row per
 * plot; money with Indian digit grouping. Returns the stream to send.
 */
export async function priceListWorkbook(projectName: string, rows: readonly PriceListRowDto[]): Promise<PassThrough> {
  const { stream: excelStream } = await loadExcel();
  const stream = new PassThrough();
  const workbook = new excelStream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(excelSheetName(projectName), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WIDTHS.map((width, i) => ({ width, style: FORMATS[i] ? { numFmt: FORMATS[i] } : {} }));

  const header = sheet.addRow([...PRICE_LIST_HEADERS]);
  header.font = { bold: true };
  header.commit();

  for (const row of rows) {
    // Every text is written as a string cell; ExcelJS makes a formula only from a { formula } object.
    sheet
      .addRow([
        row.sector,
        row.plotName,
        row.plotNumber,
        row.size,
        row.facing ? FACING_LABELS[row.facing] : null,
        row.corner ? 'Yes' : 'No',
        row.listRate,
        row.listPrice,
        PLOT_BOARD_STATE_LABELS[row.state],
      ])
      .commit();
  }

  sheet.commit();
  workbook.commit().catch((error: unknown) => stream.destroy(error as Error));
  return stream;
}
