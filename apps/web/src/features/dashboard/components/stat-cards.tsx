import { SimpleGrid, Skeleton } from '@mantine/core';
import type { DashboardResponse } from '@plotbook/domain';
import { IconBuildingCommunity, IconCurrencyRupee, IconMap2, IconUsers } from '@tabler/icons-react';
import { Money } from '@/components/money';
import { StatCard } from '@/components/stat-card';

const count = new Intl.NumberFormat('en-IN');

export function StatCards({ data }: { data: DashboardResponse }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Active Projects"
        value={count.format(data.activeProjects)}
        icon={<IconBuildingCommunity />}
        color="brand"
      />
      <StatCard label="Total Plots" value={count.format(data.totalPlots)} icon={<IconMap2 />} color="blue" />
      <StatCard
        label="Business Partners"
        value={count.format(data.businessPartners)}
        icon={<IconUsers />}
        color="grape"
      />
      <StatCard
        label="Total Revenue"
        value={<Money value={data.totalRevenue} />}
        icon={<IconCurrencyRupee />}
        color="orange"
      />
    </SimpleGrid>
  );
}

export function StatCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md" aria-busy="true" aria-label="Loading figures">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={110} radius="lg" />
      ))}
    </SimpleGrid>
  );
}
