import { Alert, Box, Button, Card, Center, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ProjectSummaryDto } from '@plotbook/domain';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { FormStatus, type FormStatusMessage, failureMessage } from '@/components/form-status';
import { HistoryButton } from '@/components/history';
import { paths } from '@/config/paths';
import { useProjectSummaries } from '../api/get-project-summaries';
import { DeleteProjectButton } from './delete-project-button';
import { ProjectDetailsCard } from './project-details-card';

/** A card whose Delete reports a refusal (409: entries recorded) inside the card itself. */
function ManagedProjectCard({
  project,
  onDeleted,
}: {
  project: ProjectSummaryDto;
  onDeleted: (message: string) => void;
}) {
  const [error, setError] = useState<FormStatusMessage | null>(null);
  return (
    <ProjectDetailsCard
      project={project}
      status={
        error && (
          <Box mt="md">
            <FormStatus message={error} onClose={() => setError(null)} />
          </Box>
        )
      }
      actions={
        <>
          <HistoryButton
            target={{ entity: 'project', entityId: project.projectId, name: project.projectName }}
            size="sm"
          />
          <DeleteProjectButton
            projectId={project.projectId}
            projectName={project.projectName}
            onDeleted={onDeleted}
            onFailed={(e) => setError(failureMessage(`Could not delete ${project.projectName}.`, e))}
          />
        </>
      }
    />
  );
}

/** All Project Details: a card per project with its plots. */
export function ProjectDetailsList() {
  const details = useProjectSummaries();
  const [message, setMessage] = useState<FormStatusMessage | null>(null);

  if (details.isPending) {
    return (
      <Center py="xl">
        <Text c="dimmed" role="status">
          Loading projects...
        </Text>
      </Center>
    );
  }
  if (details.isError) {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle aria-hidden />}
        title="Could not load projects"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{details.error.message}</Text>
          <Button size="xs" variant="white" color="red" onClick={() => details.refetch()} loading={details.isFetching}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <FormStatus message={message} onClose={() => setMessage(null)} />
      {details.data.length === 0 ? (
        <Card padding="xl">
          <Stack align="center" gap="sm">
            <Text c="dimmed">No project details found.</Text>
            <Button component={Link} to={paths.app.project.getHref()} leftSection={<IconPlus size={16} />}>
              Add Project
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          {details.data.map((project) => (
            <ManagedProjectCard
              key={project.projectId}
              project={project}
              onDeleted={(text) => setMessage({ kind: 'success', text })}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
