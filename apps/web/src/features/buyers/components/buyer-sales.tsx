import { Accordion, Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { type BuyerDetailDto, type BuyerSaleDto, formatDate, formatRupees } from '@plotbook/domain';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { SaleMoneyDetail } from './sale-money-detail';

const statusColor = (status: BuyerSaleDto['status']) => (status === 'Active' ? 'green' : 'gray');

function SaleTitle({ sale }: { sale: BuyerSaleDto }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap" pr="sm">
      <div>
        <Text fw={600}>
          {sale.projectName} · {sale.plotName}
        </Text>
        <Text size="xs" c="dimmed">
          Sold {formatDate(sale.saleDate)} · {sale.paymentType === 'EMI' ? 'EMI' : 'Full Payment'} ·{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{formatRupees(sale.saleAmount)}</span>
        </Text>
      </div>
      <Group gap="md" wrap="wrap">
        <Text size="sm">
          Received <b>{formatRupees(sale.received)}</b>
        </Text>
        {sale.status === 'Cancelled' ? (
          // What became of the money received: refunded (or a refund still to pay) and what the company kept.
          <>
            <Text size="sm">
              {sale.refundStatus === 'Pending' ? 'Refund due' : 'Refunded'} <b>{formatRupees(sale.refund)}</b>
            </Text>
            <Text size="sm">
              Kept <b>{formatRupees(sale.retained)}</b>
            </Text>
          </>
        ) : (
          <Text size="sm" c={sale.pending > 0 ? 'orange.8' : undefined}>
            Pending <b>{formatRupees(sale.pending)}</b>
          </Text>
        )}
        <Badge color={statusColor(sale.status)} variant="light">
          {sale.status}
        </Badge>
      </Group>
    </Group>
  );
}

/** The buyer's sales, newest first: each opens to its EMI schedule and its receipts. */
export function BuyerSales({ buyer }: { buyer: BuyerDetailDto }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Plots and sales
        </Title>
        {buyer.sales.length === 0 ? (
          <Text c="dimmed" role="status">
            {/* A buyer whose plots were all handed over has no sale now; "yet" would read wrong beside Transfers. */}
            {buyer.transfers.length > 0
              ? 'No sale names this buyer now: their plots were transferred (see Transfers).'
              : 'No sale names this buyer yet.'}{' '}
            <Anchor component={Link} to={paths.app.sale.getHref()}>
              Sell a plot
            </Anchor>
          </Text>
        ) : (
          <Accordion
            multiple
            variant="separated"
            defaultValue={buyer.sales.length === 1 ? [String(buyer.sales[0]?.saleId)] : []}
          >
            {buyer.sales.map((sale) => (
              <Accordion.Item key={sale.saleId} value={String(sale.saleId)}>
                <Accordion.Control aria-label={`${sale.projectName} ${sale.plotName}: schedule and receipts`}>
                  <SaleTitle sale={sale} />
                </Accordion.Control>
                <Accordion.Panel>
                  <SaleMoneyDetail sale={sale} />
                </Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        )}
      </Stack>
    </Card>
  );
}
