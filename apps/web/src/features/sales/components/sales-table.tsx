import { Button, Text } from '@mantine/core';
import type { SaleListRowDto } from '@plotbook/domain';
import { formatMobile } from '@plotbook/domain';
import { IconCalendarDollar } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type DataColumn, DataTable, totalFooter } from '@/components/data-table';

const COLUMNS: DataColumn<SaleListRowDto>[] = [
  { key: 'plotName', label: 'Plot' },
  {
    key: 'buyerName',
    label: 'Buyer',
    value: (s) => [s.buyerName, formatMobile(s.buyerMobile)].filter(Boolean).join(' · '),
    render: (s) =>
      s.buyerName || s.buyerMobile ? (
        <div style={{ whiteSpace: 'nowrap' }}>
          {s.buyerName ?? '-'}
          {s.buyerMobile ? (
            <Text size="xs" c="dimmed">
              {formatMobile(s.buyerMobile)}
            </Text>
          ) : null}
        </div>
      ) : (
        '-'
      ),
  },
  { key: 'saleDate', label: 'Sale Date', kind: 'date' },
  { key: 'saleAmount', label: 'Sale Rate (₹)', kind: 'money' },
  // What was received and what is pending come next to the sale rate: they are what the listing is read for, and
  // on a laptop they stay in view while the EMI columns scroll.
  { key: 'received', label: 'Received (₹)', kind: 'money' },
  { key: 'pending', label: 'Pending (₹)', kind: 'money' },
  { key: 'paymentType', label: 'Payment Type', value: (s) => (s.paymentType === 'Cash' ? 'Full Payment' : 'EMI') },
  { key: 'advanceAmount', label: 'Advance Amount (₹)', kind: 'money' },
  { key: 'visarpawatiAmount', label: 'Visarpawati Amount (₹)', kind: 'money' },
  { key: 'emiTotal', label: 'EMI Total (₹)', kind: 'money' },
  {
    key: 'emiDuration',
    label: 'EMI Duration',
    kind: 'number',
    render: (s) => (s.emiDuration ? `${s.emiDuration} months` : '-'),
  },
  { key: 'monthlyAmount', label: 'Monthly Amount (₹)', kind: 'money' },
];

/** The Sales listing of one project, with a total row; each row opens its schedule. */
export function SalesTable({
  sales,
  title,
  onOpenSchedule,
}: {
  sales: SaleListRowDto[];
  title: string;
  onOpenSchedule: (sale: SaleListRowDto) => void;
}) {
  const columns = useMemo<DataColumn<SaleListRowDto>[]>(
    () => [
      ...COLUMNS,
      {
        key: 'actions',
        label: 'Schedule',
        isSortable: false,
        searchable: false,
        align: 'center',
        render: (sale) => (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCalendarDollar size={16} aria-hidden />}
            onClick={() => onOpenSchedule(sale)}
            aria-label={`Schedule of plot ${sale.plotName}`}
          >
            Schedule
          </Button>
        ),
      },
    ],
    [onOpenSchedule],
  );
  return (
    <DataTable
      title={title}
      rows={sales}
      columns={columns}
      rowKey={(s) => s.saleId}
      footer={totalFooter(COLUMNS, 'Total', [
        'saleAmount',
        'received',
        'pending',
        'advanceAmount',
        'visarpawatiAmount',
        'emiTotal',
      ])}
      emptyMessage="No sales found for this project."
      minWidth={1300}
    />
  );
}
