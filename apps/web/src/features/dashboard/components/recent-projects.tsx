import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { pluralize, type RecentProject } from '@plotbook/domain';
import { IconBuildingCommunity, IconLayoutGrid, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

function statusColor(status: string): string {
  const s = status.toLowerCase();
  if (s === 'active' || s === 'ongoing') return 'green';
  if (s === 'completed' || s === 'sold out') return 'blue';
  return 'gray';
}

/**
 * The latest projects: a skeleton while the dashboard loads, "No recent projects" only once it has loaded with
 * none, and no list at all when it failed (the dashboard's error says why, with Retry).
 */
export function RecentProjects({ projects, isFailed }: { projects: RecentProject[] | null; isFailed: boolean }) {
  return (
    <Card padding="lg" h="100%">
      <Title order={2} fz="lg" mb="md">
        Recent Projects
      </Title>
      {isFailed && projects === null ? (
        <Text c="dimmed">Not available: the dashboard could not be loaded.</Text>
      ) : projects === null ? (
        <Stack gap="sm" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={52} />
          ))}
        </Stack>
      ) : projects.length === 0 ? (
        <Text c="dimmed">No recent projects</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {projects.map((project, index) => (
            <Group
              key={project.projectId}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="sm"
              style={index > 0 ? { borderTop: '1px solid var(--mantine-color-gray-2)' } : undefined}
            >
              <Group gap="sm" wrap="nowrap" miw={0}>
                <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
                  <IconBuildingCommunity size={20} />
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {project.name}
                  </Text>
                  <Group gap={4} c="dimmed" wrap="nowrap">
                    <IconMapPin size={14} aria-hidden />
                    <Text size="sm" truncate>
                      {project.city} · {pluralize(project.plotCount, 'plot')}
                    </Text>
                  </Group>
                </div>
              </Group>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                {/* On a phone the name needs the room; the status shows from sm up. */}
                <Badge color={statusColor(project.status)} variant="light" visibleFrom="sm">
                  {project.status}
                </Badge>
                <Tooltip label="Plot board">
                  <ActionIcon
                    component={Link}
                    to={paths.app.board.getHref(project.projectId)}
                    variant="light"
                    size="lg"
                    aria-label={`Plot board of ${project.name}`}
                  >
                    <IconLayoutGrid size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
