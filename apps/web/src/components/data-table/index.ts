export { DataTable, type DataTableProps } from './data-table';
export { totalFooter } from './footer';
export { compareCells, filterRows, sortRows, sumColumn } from './table-logic';
export type { DataColumn, DataTableView, FooterRow, SortState } from './types';
