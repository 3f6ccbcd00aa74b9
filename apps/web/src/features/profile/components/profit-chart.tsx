import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { formatRupees, type ProjectProfileDto } from '@plotbook/domain';
import { ChartCard } from '@/components/chart-card';
import { Money } from '@/components/money';

const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** Profit Analysis: cost against sales and profit, and how much of the sale amount has come in. */
export function ProfitChart({ profile }: { profile: ProjectProfileDto }) {
  const data = [
    { figure: 'Total Cost', Amount: profile.totalCost, color: 'orange.6' },
    { figure: 'Sale Amount', Amount: profile.saleAmount, color: 'blue.6' },
    { figure: 'Net Profit', Amount: profile.netProfit, color: profile.netProfit < 0 ? 'red.6' : 'brand.6' },
    { figure: 'Received', Amount: profile.amountReceived, color: 'teal.6' },
    { figure: 'Pending', Amount: profile.pendingBalance, color: 'grape.6' },
  ];
  const isEmpty = data.every((d) => d.Amount === 0);

  return (
    <ChartCard
      title="Profit Analysis"
      description="Cost, sales and profit; money received and still pending"
      isEmpty={isEmpty}
      emptyText="Nothing recorded yet: costs and sales will show here."
    >
      <Stack gap="md">
        <BarChart
          h={260}
          data={data}
          dataKey="figure"
          orientation="vertical"
          series={[{ name: 'Amount', color: 'brand.6', label: 'Amount' }]}
          valueFormatter={formatRupees}
          xAxisProps={{ tickFormatter: (v: number) => `₹${compact.format(v)}` }}
          yAxisProps={{ width: 92, tickMargin: 4, fontSize: 12 }}
          tickLine="none"
          gridAxis="x"
          maxBarWidth={28}
          role="img"
          aria-label={data.map((d) => `${d.figure}: ${formatRupees(d.Amount)}`).join(', ')}
        />
        {/* Two to a row: a crore figure ("₹ 1,34,00,000.00") is whole in half the chart card on a laptop. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {profile.forfeited > 0 ? <Figure label="Forfeited on cancellations" value={profile.forfeited} /> : null}
          <Figure label="Amount received" value={profile.amountReceived} />
          <Figure label="Pending balance" value={profile.pendingBalance} />
          <Figure label="Investment + profit" value={profile.total} />
        </SimpleGrid>
      </Stack>
    </ChartCard>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap={2} px="sm" py={6} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 8 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        <Money value={value} />
      </Text>
    </Stack>
  );
}
