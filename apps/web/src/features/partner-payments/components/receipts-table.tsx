import { Badge } from '@mantine/core';
import type { PartnerReceiptDto } from '@plotbook/domain';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';

const STATUS_COLOR: Record<string, string> = { Completed: 'green', Pending: 'red', Cancelled: 'gray' };

/** The spec's rule: a receipt line with no partner name shows 'Partner #' and the id. */
const partnerLabel = (r: PartnerReceiptDto) =>
  r.partnerName ?? (r.partnerId === null ? '-' : `Partner #${r.partnerId}`);

const COLUMNS: DataColumn<PartnerReceiptDto>[] = [
  { key: 'partnerName', label: 'Partner', value: partnerLabel },
  { key: 'particular', label: 'Particular' },
  { key: 'amount', label: 'Amount', kind: 'money' },
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'plotName', label: 'Plot Name' },
  {
    key: 'status',
    label: 'Status',
    render: (r) => (
      <Badge color={STATUS_COLOR[r.status] ?? 'gray'} variant="light">
        {r.status}
      </Badge>
    ),
  },
  { key: 'projectName', label: 'Project' },
];

/** "See All Receipt": every receipt line of the project, a page at a time, with the SQL total. */
export function ReceiptsTable({
  rows,
  paging,
  totalAmount,
}: {
  rows: PartnerReceiptDto[];
  paging: DataTablePaging;
  totalAmount: number;
}) {
  return (
    <DataTable
      title="Receipts"
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.lineId}
      paging={paging}
      footer={sqlTotalFooter(COLUMNS, 'Total', { amount: totalAmount })}
      emptyMessage="No receipts found."
      noun="receipts"
      minWidth={980}
    />
  );
}
