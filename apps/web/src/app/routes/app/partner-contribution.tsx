import { Alert, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { ProjectPlotFilter, useProjectPlotInAddress } from '@/components/selects/project-plot-filter';
import { ShowVoidedSwitch } from '@/components/voided';
import { useContributions } from '@/features/contributions/api/get-contributions';
import { ContributionsTable } from '@/features/contributions/components/contributions-table';

/** Partner Contribution, titled Plot Development Activity: who paid which development cost, editable per row. */
export function PartnerContributionRoute() {
  const selection = useProjectPlotInAddress();
  const { projectId, plotId } = selection;
  const [status, setStatus] = useState<FormStatusMessage | null>(null);
  const [showVoided, setShowVoided] = useState(false);
  const contributions = useContributions(projectId, plotId, showVoided);

  return (
    <Stack gap="lg" maw={1400} mx="auto">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Plot Development Activity
        </Title>
        <Text c="dimmed">Development costs by partner. Edit or void a row; choose a plot to narrow the list.</Text>
      </div>
      <ProjectPlotFilter selection={selection} allPlotsLabel="All plots" onChange={() => setStatus(null)} />
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
          toolbar={<ShowVoidedSwitch checked={showVoided} onChange={setShowVoided} />}
          emptyMessage={plotId ? 'No development entries for this plot.' : 'No development entries for this project.'}
        />
      )}
    </Stack>
  );
}
