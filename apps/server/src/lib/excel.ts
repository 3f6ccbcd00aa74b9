import type ExcelJS from 'exceljs';

/** Money: Indian digit grouping (lakh, crore) with 2 decimals. */
export const INDIAN_MONEY_FORMAT = '[>=10000000]##\\,##\\,##\\,##0.00;[>=100000]##\\,##\\,##0.00;##,##0.00';

/** ExcelJS takes most of a second to load: it loads with the first export, not with every start of the server. */
let excel: Promise<typeof ExcelJS> | undefined;
export const loadExcel = () => {
  excel ??= import('exceljs').then((module) => module.default);
  return excel;
};
