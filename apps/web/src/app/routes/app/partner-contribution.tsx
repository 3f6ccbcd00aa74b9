import { Alert, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { PlotSelect } from '@/components/selects/plot-select';
import { ProjectSelect } from '@/components/selects/project-select';
import { useContributions } from '@/features/contributions/api/get-contributions';
import { ContributionsTable } from '@/features/contributions/components/contributions-table';

/** Partner Contribution, titled Plot Development Activity: who paid which development cost, editable per row. */
export function PartnerContributionRoute() {
  // Kept in the address (`?projectId=&plotId=`) so a reload or a shared link shows the same rows.
  const [searchParams, setSearchParams] = useSearchParams();
  const projectId = Number(searchParams.get('projectId')) || null;
  const plotId = projectId === null ? null : Number(searchParams.get('plotId')) || null;
  const choose = (project: number | null, plot: number | null) => {
    const next: Record<string, string> = {};
    if (project !== null) next.projectId = String(project);
    if (project !== null && plot !== null) next.plotId = String(plot);
    setSearchParams(next, { replace: true });
  };
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const contributions = useContributions(projectId, plotId);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Plot Development Activity
        </Title>
        <Text c="dimmed">Development costs by partner. Edit or delete a row; choose a plot to narrow the list.</Text>
      </div>
      <Card padding="md">
        <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
          <ProjectSelect
            value={projectId}
            onChange={(id) => {
              choose(id, null);
              setStatus(null);
            }}
            miw={220}
            autoFocus={projectId === null}
          />
          <PlotSelect
            projectId={projectId}
            value={plotId}
            onChange={(id) => choose(projectId, id)}
            label="Plot (optional)"
            placeholder="All plots"
            miw={200}
          />
        </Group>
      </Card>
      <FormStatus message={status} onClose={() => setStatus(null)} />
      {projectId === null ? (
        <Text c="dimmed">Choose a project to see its development entries.</Text>
      ) : contributions.isPending ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Loading development entries...</Text>
          </Group>
        </Center>
      ) : contributions.isError ? (
        <Alert color="red" variant="light" role="alert">
          Failed to fetch development entries: {contributions.error?.message}
        </Alert>
      ) : (
        <ContributionsTable
          projectId={projectId}
          rows={contributions.rows}
          paging={contributions.paging}
          totalAmount={contributions.totalAmount}
          onResult={setStatus}
          emptyMessage={plotId ? 'No development entries for this plot.' : 'No development entries for this project.'}
        />
      )}
    </Stack>
  );
}
