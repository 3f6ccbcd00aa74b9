import '@mantine/charts/styles.css';
import { Grid } from '@mantine/core';
import type { DashboardResponse } from '@plotbook/domain';
import { PlotsByStatusChart } from './plots-by-status-chart';
import { ReceivedByMonthChart } from './received-by-month-chart';

/** The dashboard's charts, in a chunk of their own so recharts never weighs on the first page. */
export function DashboardCharts({ data }: { data: DashboardResponse }) {
  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <PlotsByStatusChart plotsByStatus={data.plotsByStatus} />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <ReceivedByMonthChart months={data.receivedByMonth} />
      </Grid.Col>
    </Grid>
  );
}
