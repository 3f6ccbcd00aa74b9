import { SimpleGrid, Skeleton } from '@mantine/core';
import { formatPercent, formatRupees, type ProjectProfileDto, pluralize } from '@plotbook/domain';
import { IconChartPie, IconCoinRupee, IconReceipt2, IconTrendingUp } from '@tabler/icons-react';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';

/** The spec's four cards: Total Cost, Sale Amount, Net Profit, Profit Margin. */
export function ProfileCards({ profile }: { profile: ProjectProfileDto }) {
  const isLoss = profile.netProfit < 0;
  const scope =
    profile.plotId === null
      ? `${pluralize(profile.plotCount, 'plot')}, ${profile.soldCount} sold`
      : profile.soldCount > 0
        ? 'Sold'
        : 'Not sold yet';
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Total Cost"
        value={<Money value={profile.totalCost} />}
        icon={<IconCoinRupee />}
        color="orange"
        hint={`Land ${formatRupees(profile.landCost)} · Development ${formatRupees(profile.developmentCost)}`}
      />
      <StatCard
        label="Sale Amount"
        value={<Money value={profile.saleAmount} />}
        icon={<IconReceipt2 />}
        color="blue"
        hint={profile.transferFees > 0 ? `${scope} · Transfer fees ${formatRupees(profile.transferFees)}` : scope}
      />
      <StatCard
        label="Net Profit"
        value={<Money value={profile.netProfit} />}
        icon={<IconTrendingUp />}
        color={isLoss ? 'red' : 'brand'}
        valueColor={isLoss ? 'red.7' : undefined}
        hint={
          isLoss
            ? 'A loss so far: costs are above sales'
            : `${[
                'Sale amount',
                ...(profile.transferFees > 0 ? ['transfer fees'] : []),
                ...(profile.forfeited > 0 ? [`forfeited on cancellations ${formatRupees(profile.forfeited)}`] : []),
              ].join(' + ')} − total cost`
        }
      />
      <StatCard
        label="Profit Margin"
        value={formatPercent(profile.profitMargin)}
        icon={<IconChartPie />}
        color="grape"
        valueColor={isLoss ? 'red.7' : undefined}
        hint={profile.saleAmount > 0 ? 'Net profit ÷ sale amount' : 'No sales yet'}
      />
    </SimpleGrid>
  );
}

export function ProfileCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-busy="true" aria-label="Loading figures">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={126} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
