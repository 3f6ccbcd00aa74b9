import { Alert, Button, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { plotLabel } from '@plotbook/domain';
import { IconAlertCircle, IconLayoutGrid } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { ProjectPlotFilter, useProjectPlotInAddress } from '@/components/selects/project-plot-filter';
import { paths } from '@/config/paths';
import { useProjectProfile } from '@/features/profile/api/get-project-profile';
import { CostBreakdown } from '@/features/profile/components/cost-breakdown';
import { ProfileCards, ProfileCardsSkeleton } from '@/features/profile/components/profile-cards';
import { lazyNamed } from '@/lib/lazy-named';

// recharts is large: the chart loads after the figures, in a chunk of its own.
const ProfitChart = lazyNamed(() => import('@/features/profile/components/profit-chart'), 'ProfitChart');

function PanelsSkeleton() {
  return (
    <Grid gap="md" aria-busy="true" aria-label="Loading details">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={320} radius="lg" />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Skeleton h={320} radius="lg" />
      </Grid.Col>
    </Grid>
  );
}

/** Project Profile: a project's (or one plot's) cost, sales, profit and margin, the cost breakdown and a chart. */
export function ProjectProfileRoute() {
  const selection = useProjectPlotInAddress();
  const { projectId, plotId } = selection;
  const profile = useProjectProfile(projectId, plotId);

  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Project Profile
          </Title>
          <Text c="dimmed">What a project (or one plot) has cost, what it sold for, and the profit.</Text>
        </div>
        {projectId !== null ? (
          <Button
            component={Link}
            to={paths.app.board.getHref(projectId)}
            variant="light"
            leftSection={<IconLayoutGrid size={16} aria-hidden />}
          >
            Plot Board
          </Button>
        ) : null}
      </Group>
      <ProjectPlotFilter selection={selection} allPlotsLabel="Whole project" />

      {projectId === null ? (
        <Card padding="xl">
          <Text c="dimmed" ta="center">
            Choose a project to see its profile.
          </Text>
        </Card>
      ) : profile.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="Could not load the profile">
          <Text size="sm" mb="sm">
            {profile.error.message}
          </Text>
          <Button size="xs" variant="white" color="red" onClick={() => profile.refetch()} loading={profile.isFetching}>
            Try again
          </Button>
        </Alert>
      ) : !profile.data ? (
        <>
          <ProfileCardsSkeleton />
          <PanelsSkeleton />
        </>
      ) : (
        <>
          <Title order={2} fz="md" c="dimmed" fw={600} aria-live="polite">
            {profile.data.plotName
              ? `${profile.data.projectName} · ${plotLabel(profile.data.plotName)}`
              : `${profile.data.projectName} · whole project`}
          </Title>
          <ProfileCards profile={profile.data} />
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <CostBreakdown profile={profile.data} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Suspense fallback={<Skeleton h={320} radius="lg" />}>
                <ProfitChart profile={profile.data} />
              </Suspense>
            </Grid.Col>
          </Grid>
        </>
      )}
    </Stack>
  );
}
