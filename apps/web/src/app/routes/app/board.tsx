import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ProjectSelect } from '@/components/selects/project-select';
import { paths } from '@/config/paths';
import { BoardScreen } from '@/features/board/components/board-screen';

/** Plot Board (issue 21): every plot of the project in the address at a glance (`/board/0` = choose a project). */
export function BoardRoute() {
  const params = useParams();
  const navigate = useNavigate();
  const projectId = Number(params.projectId) || null;
  const changeProject = (id: number | null) => navigate(paths.app.board.getHref(id ?? 0), { replace: true });

  return (
    <Stack gap="md" maw={1800} mx="auto">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Plot Board
          </Title>
          <Text c="dimmed" visibleFrom="sm">
            Every plot at a glance: tap one to hold it for a buyer, sell it or see its history.
          </Text>
        </div>
        <ProjectSelect
          value={projectId}
          onChange={changeProject}
          w={{ base: '100%', sm: 360 }}
          autoFocus={projectId === null}
        />
      </Group>
      {projectId === null ? (
        <Card padding="lg">
          <Text>Choose a project to see its plots.</Text>
        </Card>
      ) : (
        <BoardScreen key={projectId} projectId={projectId} />
      )}
    </Stack>
  );
}
