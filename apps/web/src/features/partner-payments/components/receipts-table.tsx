import { Text } from '@mantine/core';
import type { PartnerReceiptDto } from '@plotbook/domain';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';

/** As on Payment Receipt: Pending red, Completed green; Cancelled counts nowhere and is greyed. */
const STATUS_COLOR: Record<string, string> = { Completed: 'green.8', Pending: 'red.7', Cancelled: 'gray.6' };

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
      <Text span size="sm" fw={600} c={STATUS_COLOR[r.status] ?? 'dimmed'}>
        {r.status}
      </Text>
    ),
  },
  { key: 'projectName', label: 'Project' },
];

/** "See All Receipt": every receipt line of the project, a page at a time, with the SQL total of Completed lines. */
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
      footer={sqlTotalFooter(COLUMNS, 'Total received (Completed)', { amount: totalAmount })}
      emptyMessage="No receipts found."
      noun="receipts"
      minWidth={980}
    />
  );
}
