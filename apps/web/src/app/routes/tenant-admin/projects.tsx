import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useProjects } from '@/features/tenant-admin/api/get-projects';
import { ProjectsTable } from '@/features/tenant-admin/components/projects-table';

export function TenantAdminProjectsRoute() {
  const projects = useProjects();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Manage Projects
          </Title>
          <Text c="dimmed">Your company's projects. Add and edit them on the Project screen.</Text>
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
        <ProjectsTable projects={projects.data} isLoading={projects.isPending} />
      )}
    </Stack>
  );
}
