import { Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBuildingCommunity, IconChartBar, IconUsers } from '@tabler/icons-react';
import { LinkCard } from '@/components/link-card';
import { paths } from '@/config/paths';
import { useMe } from '@/features/auth/api/get-me';

export function TenantAdminDashboardRoute() {
  const me = useMe();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tenant Admin Dashboard
        </Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">Tenant:</Text>
          {me.data ? (
            <Badge size="lg" variant="light" tt="none" data-testid="tenant-id">
              {me.data.tenantId ?? '-'}
            </Badge>
          ) : me.isError ? (
            <Text c="red">could not be loaded</Text>
          ) : (
            <Skeleton h={24} w={100} />
          )}
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <LinkCard
          title="Manage Tenant Users"
          description="Add staff and administrators of your company."
          href={paths.tenantAdmin.users.getHref()}
          icon={<IconUsers />}
        />
        <LinkCard
          title="Manage Projects"
          description="Projects, plots and their partners."
          href={paths.tenantAdmin.projects.getHref()}
          icon={<IconBuildingCommunity />}
        />
        <LinkCard
          title="View Tenant Reports"
          description="Project, plot, payment and partner reports."
          href={paths.app.reports.getHref()}
          icon={<IconChartBar />}
        />
      </SimpleGrid>
    </Stack>
  );
}
