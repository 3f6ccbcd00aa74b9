import { DonutChart } from '@mantine/charts';
import { ColorSwatch, Group, Stack, Text } from '@mantine/core';
import type { DashboardResponse } from '@plotbook/domain';
import { ChartCard } from '@/components/chart-card';

const count = new Intl.NumberFormat('en-IN');

const STATES = [
  { key: 'available', name: 'Available', color: 'brand.6' },
  { key: 'sold', name: 'Sold', color: 'blue.6' },
  { key: 'registered', name: 'Registered', color: 'grape.6' },
] as const;

/** Available, sold (not yet registered) and registered plots of every project. */
export function PlotsByStatusChart({ plotsByStatus }: { plotsByStatus: DashboardResponse['plotsByStatus'] }) {
  const data = STATES.map((s) => ({ name: s.name, value: plotsByStatus[s.key], color: s.color }));
  const total = data.reduce((sum, d) => sum + d.value, 0);

  return (
    <ChartCard title="Plots by Status" isEmpty={total === 0} emptyText="No plots yet">
      <Group justify="center" gap="xl" wrap="wrap">
        <DonutChart
          data={data.filter((d) => d.value > 0)}
          size={168}
          thickness={26}
          chartLabel={`${count.format(total)} plots`}
          valueFormatter={(v) => count.format(v)}
          tooltipDataSource="segment"
          role="img"
          aria-label={data.map((d) => `${d.name}: ${d.value}`).join(', ')}
        />
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="plots-by-status">
          {data.map((d) => (
            <Group key={d.name} component="li" gap="sm" wrap="nowrap">
              <ColorSwatch color={`var(--mantine-color-${d.color.replace('.', '-')})`} size={14} aria-hidden />
              <Text size="sm" miw={84}>
                {d.name}
              </Text>
              <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {count.format(d.value)}
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </ChartCard>
  );
}
