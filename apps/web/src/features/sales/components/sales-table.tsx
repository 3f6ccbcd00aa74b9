import { Anchor, Badge, Button, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatMobile, formatRupees, type SaleListRowDto, sumRupees } from '@plotbook/domain';
import { useMemo } from 'react';
import { type DataColumn, DataTable, type FooterRow } from '@/components/data-table';
import { HistoryButton } from '@/components/history';
import { Money } from '@/components/money';
import classes from './sales-table.module.css';

const buyerText = (s: SaleListRowDto) => [s.buyerName, formatMobile(s.buyerMobile)].filter(Boolean).join(' · ');

// Thirteen figures fit a 1366 px laptop beside the sidebar: the plot, its sale date and buyer share one column
// (the plot opens its schedule), and what is pending sits under what was received.
const COLUMNS: DataColumn<SaleListRowDto>[] = [
  { key: 'saleAmount', label: 'Sale Rate (₹)', kind: 'money' },
  {
    key: 'received',
    label: 'Received / Pending (₹)',
    kind: 'money',
    searchValue: (s) => `${formatRupees(s.received)} ${formatRupees(s.pending)}`,
    render: (s) => <ReceivedPending received={s.received} pending={s.pending} />,
  },
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

function ReceivedPending({ received, pending }: { received: number; pending: number }) {
  return (
    <>
      <Money value={received} />
      <Text size="xs" c={pending > 0 ? 'red.9' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
        <Money value={pending} />
        <VisuallyHidden> pending</VisuallyHidden>
      </Text>
    </>
  );
}

// The total row is of the active sales: a cancelled sale's money is on its own row (issue 20).
const footer = (all: SaleListRowDto[]): FooterRow[] => {
  const rows = all.filter((row) => row.status === 'Active');
  const sum = (key: 'saleAmount' | 'received' | 'pending' | 'advanceAmount' | 'visarpawatiAmount' | 'emiTotal') =>
    sumRupees(rows.map((row) => row[key]));
  return [
    {
      plotName: 'Total',
      saleAmount: <Money value={sum('saleAmount')} />,
      received: <ReceivedPending received={sum('received')} pending={sum('pending')} />,
      advanceAmount: <Money value={sum('advanceAmount')} />,
      visarpawatiAmount: <Money value={sum('visarpawatiAmount')} />,
      emiTotal: <Money value={sum('emiTotal')} />,
    },
  ];
};

/** The Sales listing of one project, with a total row; each row opens its schedule. */
export function SalesTable({
  sales,
  title,
  onOpenSchedule,
  onCancelSale,
}: {
  sales: SaleListRowDto[];
  title: string;
  onOpenSchedule: (sale: SaleListRowDto) => void;
  /** Cancel sale (issue 20): an active sale's row offers it. */
  onCancelSale?: (sale: SaleListRowDto) => void;
}) {
  const columns = useMemo<DataColumn<SaleListRowDto>[]>(
    () => [
      {
        key: 'plotName',
        label: 'Plot / Buyer',
        searchValue: (s) => `${s.plotName} ${formatDate(s.saleDate)} ${buyerText(s)}`,
        render: (sale) => (
          <div>
            <Anchor
              component="button"
              type="button"
              fw={600}
              onClick={() => onOpenSchedule(sale)}
              aria-label={`Schedule of plot ${sale.plotName}`}
            >
              {sale.plotName}
            </Anchor>
            <HistoryButton
              target={{ entity: 'sale', entityId: sale.saleId, name: `the sale of ${sale.plotName}` }}
              size="compact-xs"
              ml={4}
            />
            {sale.status === 'Cancelled' ? (
              <Badge color="gray" variant="light" size="sm" ml={4}>
                Cancelled
              </Badge>
            ) : onCancelSale ? (
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                ml={4}
                onClick={() => onCancelSale(sale)}
                aria-label={`Cancel the sale of plot ${sale.plotName}`}
              >
                Cancel sale
              </Button>
            ) : null}
            <Text size="sm">{sale.buyerName ?? '-'}</Text>
            <Text size="xs" c="dimmed">
              {/* The mobile and the date wrap onto two lines where the column is narrow. */}
              {sale.buyerMobile ? (
                <>
                  <span style={{ whiteSpace: 'nowrap' }}>{formatMobile(sale.buyerMobile)}</span> ·{' '}
                </>
              ) : null}
              <span style={{ whiteSpace: 'nowrap' }}>{formatDate(sale.saleDate)}</span>
            </Text>
          </div>
        ),
      },
      ...COLUMNS,
    ],
    [onOpenSchedule, onCancelSale],
  );
  return (
    <div className={classes.compact}>
      <DataTable
        title={title}
        rows={sales}
        columns={columns}
        rowKey={(s) => s.saleId}
        footer={footer}
        emptyMessage="No sales found for this project."
        minWidth={980}
      />
    </div>
  );
}
