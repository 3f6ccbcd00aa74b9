import { BarChart } from '@mantine/charts';
import { formatRupees } from '@plotbook/domain';
import { ChartCard } from '@/components/chart-card';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const compact = new Intl.NumberFormat('en-IN', { notation: 'compact', maximumFractionDigits: 1 });

/** `2026-11` → `Nov 26`. */
export function monthLabel(month: string): string {
  const [year = '', m = '1'] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? ''} ${year.slice(2)}`;
}

/** Money received (completed receipts) in each of the last 12 months. */
export function ReceivedByMonthChart({ months }: { months: { month: string; amount: number }[] }) {
  const data = months.map((m) => ({ month: monthLabel(m.month), Received: m.amount }));
  const isEmpty = months.every((m) => m.amount === 0);

  return (
    <ChartCard
      title="Money Received per Month"
      description="Completed receipts, last 12 months"
      isEmpty={isEmpty}
      emptyText="No money received in the last 12 months"
    >
      <BarChart
        h={240}
        data={data}
        dataKey="month"
        series={[{ name: 'Received', color: 'brand.6' }]}
        valueFormatter={formatRupees}
        yAxisProps={{ tickFormatter: (v: number) => `₹${compact.format(v)}`, width: 64 }}
        xAxisProps={{ interval: 'preserveStartEnd', tickMargin: 8 }}
        tickLine="none"
        gridAxis="x"
        maxBarWidth={36}
      />
    </ChartCard>
  );
}
