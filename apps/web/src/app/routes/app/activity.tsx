import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { ProjectSelect } from '@/components/selects/project-select';
import { ActivityTable } from '@/features/activities/components/activity-table';
import { AddActivityForm } from '@/features/activities/components/add-activity-form';
import { CreateActivityMenu } from '@/features/activities/components/create-activity-menu';

/** Activity: a project's activities with inline status changes; the project stays in the address. */
export function ActivityRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = Number(searchParams.get('projectId'));
  const projectId = Number.isInteger(raw) && raw > 0 ? raw : null;

  const chooseProject = (id: number | null) =>
    setSearchParams(id === null ? {} : { projectId: String(id) }, { replace: true });

  return (
    <Stack gap="lg" maw={1100} mx="auto">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Activity
          </Title>
          <Text c="dimmed">Track each project's work and mark it active or inactive.</Text>
        </div>
        <CreateActivityMenu />
      </Group>
      <Card padding="lg">
        <ProjectSelect value={projectId} onChange={chooseProject} maw={480} autoFocus={projectId === null} />
      </Card>
      <AddActivityForm key={projectId ?? 'none'} projectId={projectId} />
      <ActivityTable projectId={projectId} />
    </Stack>
  );
}
