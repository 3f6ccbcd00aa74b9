import { loadExcel } from '../src/lib/excel.js';

/** Every cell of an .xlsx answer's first sheet, read back with ExcelJS: its value and its formula (if any). */
export async function xlsxCells(payload: unknown): Promise<{ value: unknown; formula: unknown }[]> {
  const Excel = await loadExcel();
  const book = new Excel.Workbook();
  await book.xlsx.load(payload as ArrayBuffer);
  const cells: { value: unknown; formula: unknown }[] = [];
  book.worksheets[0]?.eachRow((row) => row.eachCell((c) => cells.push({ value: c.value, formula: c.formula })));
  return cells;
}
