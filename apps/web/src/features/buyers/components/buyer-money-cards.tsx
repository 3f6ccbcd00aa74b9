import { SimpleGrid } from '@mantine/core';
import { type BuyerDetailDto, formatRupees, sumRupees } from '@plotbook/domain';
import { IconCash, IconHourglass, IconMapPin } from '@tabler/icons-react';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';

/** How many plots the buyer holds, what they have paid and what they still owe on their active sales. */
export function BuyerMoneyCards({ buyer }: { buyer: BuyerDetailDto }) {
  const active = buyer.sales.filter((s) => s.status === 'Active').length;
  // Refunds on cancelled sales: paid back already, or a refund cheque not yet cleared.
  const refundOf = (status: 'Pending' | 'Completed') =>
    sumRupees(buyer.sales.filter((s) => s.refundStatus === status).map((s) => s.refund));
  const refunds = [
    refundOf('Completed') > 0 ? `${formatRupees(refundOf('Completed'))} refunded` : '',
    refundOf('Pending') > 0 ? `${formatRupees(refundOf('Pending'))} refund due` : '',
  ].filter(Boolean);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
      <StatCard
        label="Plots"
        value={String(active)}
        icon={<IconMapPin size={20} />}
        color="blue"
        hint={
          buyer.sales.length > active
            ? `${buyer.sales.length} ${buyer.sales.length === 1 ? 'sale' : 'sales'} in all`
            : undefined
        }
      />
      <StatCard
        label="Received"
        value={<Money value={buyer.received} />}
        icon={<IconCash size={20} />}
        color="green"
        hint={refunds.length > 0 ? `On cancellations: ${refunds.join(' · ')}` : undefined}
      />
      <StatCard
        label="Still owes"
        value={<Money value={buyer.pending} />}
        icon={<IconHourglass size={20} />}
        color="orange"
        valueColor={buyer.pending > 0 ? 'orange.8' : undefined}
      />
    </SimpleGrid>
  );
}
