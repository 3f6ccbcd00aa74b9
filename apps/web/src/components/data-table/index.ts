export { DataTable, type DataTableProps } from './data-table';
export { sqlTotalFooter, totalFooter } from './footer';
export { LoadMore } from './load-more';
export { compareCells, countText, filterRows, sortRows, sumColumn } from './table-logic';
export type { DataColumn, DataTablePaging, DataTableView, FooterRow, RowTone, SortState } from './types';
export { type PagedListOptions, usePagedList } from './use-paged-list';
