export { checkRows, toMoneyRowPayload } from './money-row-logic';
export { blankMoneyRow, type MoneyRowValues, moneyRowColumns, rowSaveFailure } from './money-rows';
export { COMPLETE_ROW_FIRST, firstErrorRow, isFilled, isRowComplete, missingKeys, sumMoney } from './row-logic';
export { RowTable, type RowTableProps } from './row-table';
export type { CustomCellProps, RowColumn, RowOption, RowValues } from './types';
export { useIdempotencyKey } from './use-idempotency-key';
export { useMoneyRowsForm } from './use-money-rows-form';
export { type RowTableState, useRowTable } from './use-row-table';
