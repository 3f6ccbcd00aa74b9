import { Grid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { LoadError } from '@/components/load-error';
import { OverdueCard } from '@/features/collections/components/overdue-card';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { HoldsEndingSoon } from '@/features/dashboard/components/holds-ending-soon';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentProjects } from '@/features/dashboard/components/recent-projects';
import { StatCards, StatCardsSkeleton } from '@/features/dashboard/components/stat-cards';
import { lazyNamed } from '@/lib/lazy-named';
import { getUser } from '@/lib/session';
import { useNearScreen } from '@/lib/use-near-screen';

// recharts is large: the charts load after the figures, in a chunk of their own, once near the screen.
const DashboardCharts = lazyNamed(() => import('@/features/dashboard/components/dashboard-charts'), 'DashboardCharts');

function ChartsSkeleton() {
  return (
    <Grid gap="md" role="status" aria-busy="true" aria-label="Loading charts">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Skeleton h={300} radius="lg" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Skeleton h={300} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

export function DashboardRoute() {
  const dashboard = useDashboard();
  // Below the first screen on a phone: the chart library loads as the user scrolls towards it.
  const [chartsRef, chartsNear] = useNearScreen<HTMLDivElement>();
  const firstName = getUser()?.userName?.split(' ')[0];

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Dashboard
        </Title>
        <Text c="dimmed">
          {firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'} Here is your business today.
        </Text>
      </div>

      {dashboard.isError ? (
        <LoadError
          title="Could not load the dashboard"
          error={dashboard.error}
          onRetry={() => dashboard.refetch()}
          isRetrying={dashboard.isFetching}
        />
      ) : dashboard.data ? (
        <StatCards data={dashboard.data} />
      ) : (
        <StatCardsSkeleton />
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <RecentProjects projects={dashboard.data?.recentProjects ?? null} isFailed={dashboard.isError} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <OverdueCard />
            <QuickActions />
          </Stack>
        </Grid.Col>
      </Grid>

      <HoldsEndingSoon />

      <div ref={chartsRef} data-testid="dashboard-charts">
        {dashboard.data && chartsNear ? (
          <Suspense fallback={<ChartsSkeleton />}>
            <DashboardCharts data={dashboard.data} />
          </Suspense>
        ) : (
          !dashboard.isError && <ChartsSkeleton />
        )}
      </div>
    </Stack>
  );
}
