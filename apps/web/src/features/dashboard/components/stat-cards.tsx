import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { DashboardResponse } from '@plotbook/domain';
import { IconBuildingCommunity, IconCurrencyRupee, IconMap2, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Money } from '@/components/money';

interface StatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
}

function StatCard({ label, value, icon, color }: StatCardProps) {
  return (
    <Card padding="lg">
      <Group gap="sm" wrap="nowrap" mb="sm">
        <ThemeIcon size={36} radius="md" variant="light" color={color} aria-hidden>
          {icon}
        </ThemeIcon>
        <Text size="sm" c="dimmed" fw={600} lh={1.3}>
          {label}
        </Text>
      </Group>
      <Text fz={{ base: 24, sm: 26 }} fw={750} lh={1.2}>
        {value}
      </Text>
    </Card>
  );
}

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
