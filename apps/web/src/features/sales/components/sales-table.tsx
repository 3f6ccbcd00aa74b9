import { ActionIcon, Anchor, Badge, Menu, Text, VisuallyHidden } from '@mantine/core';
import { formatDate, formatMobile, formatRupees, type SaleListRowDto, sumRupees } from '@plotbook/domain';
import { IconArrowsExchange, IconDots } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type DataColumn, DataTable, type FooterRow } from '@/components/data-table';
import { HistoryButton } from '@/components/history';
import { Money } from '@/components/money';
import { BuyerName } from './buyer-name';
import classes from './sales-table.module.css';

const buyerText = (s: SaleListRowDto) => [s.buyerName, formatMobile(s.buyerMobile)].filter(Boolean).join(' · ');

// Thirteen figures fit a 1366 px laptop beside the sidebar: the plot, its sale date and buyer share one column
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

const footer = (rows: SaleListRowDto[]): FooterRow[] => {
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
  onTransfer,
}: {
  sales: SaleListRowDto[];
  title: string;
  onOpenSchedule: (sale: SaleListRowDto) => void;
  /** Opens the transfer of an active sale to another buyer (the row menu's Transfer). */
  onTransfer?: (sale: SaleListRowDto) => void;
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
            {onTransfer && sale.status !== 'Cancelled' ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="subtle" size="sm" ml={4} aria-label={`Actions for plot ${sale.plotName}`}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    leftSection={<IconArrowsExchange size={16} aria-hidden />}
                    onClick={() => onTransfer(sale)}
                  >
                    Transfer
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
            {sale.status !== 'Active' ? (
              <Badge size="xs" variant="light" color={sale.status === 'Cancelled' ? 'gray' : 'grape'} ml={4}>
                {sale.status}
              </Badge>
            ) : null}
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
      ...COLUMNS,
    ],
    [onOpenSchedule, onTransfer],
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
