import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ShowArchivedSwitch } from '@/components/archive-button';
import { FormStatus, type FormStatusMessage } from '@/components/form-status';
import { paths } from '@/config/paths';
import { useProjects } from '@/features/tenant-admin/api/get-projects';
import { ProjectsTable } from '@/features/tenant-admin/components/projects-table';

export function TenantAdminProjectsRoute() {
  const [showArchived, setShowArchived] = useState(false);
  const projects = useProjects(showArchived);
  const [message, setMessage] = useState<FormStatusMessage | null>(null);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Manage Projects
          </Title>
          <Text c="dimmed">
            Your company's projects. Add and edit them on the Project screen; archive one that is done with.
          </Text>
        </div>
        <Button component={Link} to={paths.app.project.getHref()} variant="light">
          Open Project screen
        </Button>
      </Group>
      {projects.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the projects: {projects.error.message}
        </Alert>
      ) : (
        <>
          <FormStatus message={message} onClose={() => setMessage(null)} />
          <ProjectsTable
            projects={projects.data}
            isLoading={projects.isPending}
            onResult={(text) => setMessage({ kind: 'success', text })}
            toolbar={<ShowArchivedSwitch checked={showArchived} onChange={setShowArchived} />}
          />
        </>
      )}
    </Stack>
  );
}
