import type { PayoutDto } from '@plotbook/domain';
import { type DataColumn, DataTable, type DataTablePaging, sqlTotalFooter } from '@/components/data-table';

const COLUMNS: DataColumn<PayoutDto>[] = [
  { key: 'date', label: 'Date', kind: 'date' },
  { key: 'partnerName', label: 'Partner' },
  { key: 'mode', label: 'Mode' },
  { key: 'modeDetail', label: 'Mode Details' },
  { key: 'note', label: 'Note' },
  { key: 'amount', label: 'Amount', kind: 'money' },
];

/** Money handed to the project's partners, newest last, with the SQL total. */
export function PayoutsTable({
  rows,
  paging,
  totalAmount,
}: {
  rows: PayoutDto[];
  paging: DataTablePaging;
  totalAmount: number;
}) {
  return (
    <DataTable
      title="Payouts to Partners"
      rows={rows}
      columns={COLUMNS}
      rowKey={(r) => r.payoutId}
      paging={paging}
      footer={sqlTotalFooter(COLUMNS, 'Total', { amount: totalAmount })}
      emptyMessage="No payouts recorded for this project yet."
      noun="payouts"
      minWidth={760}
    />
  );
}
