import { Anchor, Badge, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatMobile, formatRupees, type SaleListRowDto, sumRupees } from '@plotbook/domain';
import { useMemo } from 'react';
import { type DataColumn, DataTable, type FooterRow } from '@/components/data-table';
import { Money } from '@/components/money';
import { BuyerName } from './buyer-name';
import { ReraBadge } from './rera-badge';
import { SaleActionsMenu, useSaleActions } from './sale-actions';
import classes from './sales-table.module.css';

const buyerText = (s: SaleListRowDto) => [s.buyerName, formatMobile(s.buyerMobile)].filter(Boolean).join(' · ');

// The figures fit a 1366 px laptop beside the sidebar: the plot, its sale date and buyer share one column
// (the plot opens its schedule), and what is pending sits under what was received.
const COLUMNS: DataColumn<SaleListRowDto>[] = [
  {
    key: 'saleAmount',
    label: 'Sale Rate (₹)',
    kind: 'money',
    // A transfer fee is owed on top of the sale amount (pending counts it).
    render: (s) => (
      <>
        <Money value={s.saleAmount} />
        {s.transferFee > 0 ? (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            + <Money value={s.transferFee} /> fee
          </Text>
        ) : null}
      </>
    ),
  },
  {
    key: 'received',
    label: 'Received / Pending (₹)',
    kind: 'money',
    searchValue: (s) => `${formatRupees(s.received)} ${formatRupees(s.pending)}`,
    render: (s) => <ReceivedPending received={s.received} pending={s.pending} />,
  },
  {
    key: 'paymentType',
    label: 'Payment Type',
    // An EMI sale's duration under its type: one column fewer, so the listing fits a 1366 px laptop (issue 20's
    // Status and Actions took the room).
    value: (s) => (s.paymentType === 'Cash' ? 'Full Payment' : 'EMI'),
    searchValue: (s) => (s.paymentType === 'Cash' ? 'Full Payment' : `EMI ${s.emiDuration ?? ''} months`),
    render: (s) =>
      s.paymentType === 'Cash' ? (
        'Full Payment'
      ) : (
        <>
          EMI
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {s.emiDuration ? `${s.emiDuration} months` : '-'}
          </Text>
        </>
      ),
  },
  {
    key: 'advanceAmount',
    label: 'Advance / Visarpawati (₹)',
    kind: 'money',
    searchValue: (s) => `${formatRupees(s.advanceAmount)} ${formatRupees(s.visarpawatiAmount)}`,
    render: (s) => <AdvanceVisarpawati advance={s.advanceAmount} visarpawati={s.visarpawatiAmount} />,
  },
  { key: 'emiTotal', label: 'EMI Total (₹)', kind: 'money' },
  { key: 'monthlyAmount', label: 'Monthly Amount (₹)', kind: 'money' },
];

/** Active green, Cancelled grey, Transferred blue (a sale handed to another buyer). */
const SALE_STATUS_COLORS: Record<string, string> = { Active: 'green', Cancelled: 'gray', Transferred: 'blue' };

function SaleStatusBadge({ status }: { status: string }) {
  return (
    // The label is never cut to "TRA…": its whole width is the cell's least width (the table widens the column).
    <Badge
      color={SALE_STATUS_COLORS[status] ?? 'gray'}
      variant="light"
      // Mixed case: "Transferred" whole fits the 1366 px laptop's table without a sideways scroll.
      tt="none"
      style={{ overflow: 'visible' }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}

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

function AdvanceVisarpawati({ advance, visarpawati }: { advance: number; visarpawati: number }) {
  return (
    <>
      <Money value={advance} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        <Money value={visarpawati} />
        <VisuallyHidden> visarpawati</VisuallyHidden>
      </Text>
    </>
  );
}

// The total row is of the sales in force, Active and Transferred (a transferred sale is still active): a cancelled
// sale's money is on its own row (issue 20).
const footer = (all: SaleListRowDto[]): FooterRow[] => {
  const rows = all.filter((row) => row.status !== 'Cancelled');
  const sum = (key: 'saleAmount' | 'received' | 'pending' | 'advanceAmount' | 'visarpawatiAmount' | 'emiTotal') =>
    sumRupees(rows.map((row) => row[key]));
  return [
    {
      plotName: 'Total',
      saleAmount: <Money value={sum('saleAmount')} />,
      received: <ReceivedPending received={sum('received')} pending={sum('pending')} />,
      advanceAmount: <AdvanceVisarpawati advance={sum('advanceAmount')} visarpawati={sum('visarpawatiAmount')} />,
      emiTotal: <Money value={sum('emiTotal')} />,
    },
  ];
};

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
  const { choose, dialog } = useSaleActions();
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
            {sale.reraFlag ? <ReraBadge agreementDate={sale.agreementDate} /> : null}
            <BuyerName sale={sale} />
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
      // The status beside the money, where a laptop shows it without scrolling the figures sideways.
      ...COLUMNS.slice(0, 2),
      { key: 'status', label: 'Status', width: 104, render: (s) => <SaleStatusBadge status={s.status} /> },
      ...COLUMNS.slice(2),
      {
        key: 'actions',
        label: 'Actions',
        isSortable: false,
        searchable: false,
        width: 64,
        render: (s) => <SaleActionsMenu sale={s} onChoose={choose} />,
      },
    ],
    [onOpenSchedule, choose],
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
        minWidth={1040}
      />
      {dialog}
    </div>
  );
}
