import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FlashMessage } from '@/components/flash-message';
import { paths } from '@/config/paths';
import { ProjectDetailsList } from '@/features/projects/components/project-details-list';

export function ViewProjectsRoute() {
  return (
    <Stack gap="lg" maw={1280} mx="auto">
      <Group justify="space-between" align="flex-end" gap="xs">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            All Project Details
          </Title>
          <Text c="dimmed">Every project with its plots.</Text>
        </div>
        <Button component={Link} to={paths.app.project.getHref()} leftSection={<IconPlus size={16} />}>
          Add Project
        </Button>
      </Group>
      <FlashMessage />
      <ProjectDetailsList />
    </Stack>
  );
}
