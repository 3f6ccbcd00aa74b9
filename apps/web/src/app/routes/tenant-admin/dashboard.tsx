import { Badge, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { pluralize } from '@plotbook/domain';
import { IconBuildingCommunity, IconChartBar, IconLayoutDashboard, IconUsers } from '@tabler/icons-react';
import { LinkCard } from '@/components/link-card';
import { paths } from '@/config/paths';
import { useSummary } from '@/features/tenant-admin/api/get-summary';

function count(value: number | undefined, one: string, many: string, fallback: string): string {
  if (value === undefined) return fallback;
  return `${pluralize(value, one, many)}.`;
}

export function TenantAdminDashboardRoute() {
  const summary = useSummary();
  const { data } = summary;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tenant Admin Dashboard
        </Title>
        <Group gap="xs" mt={4}>
          <Text c="dimmed">Tenant:</Text>
          {data ? (
            <Badge size="lg" variant="light" tt="none" data-testid="tenant-id">
              {data.tenantId}
            </Badge>
          ) : summary.isError ? (
            <Text c="red">could not be loaded ({summary.error.message})</Text>
          ) : (
            <Skeleton h={24} w={100} />
          )}
        </Group>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LinkCard
          title="Manage Tenant Users"
          description={count(data?.users, 'user', 'users', 'Add, disable and reset the passwords of your staff.')}
          href={paths.tenantAdmin.users.getHref()}
          icon={<IconUsers />}
        />
        <LinkCard
          title="Manage Projects"
          description={count(data?.projects, 'project', 'projects', 'Projects, plots and their partners.')}
          href={paths.tenantAdmin.projects.getHref()}
          icon={<IconBuildingCommunity />}
        />
        <LinkCard
          title="View Tenant Reports"
          description="Project, plot, payment and partner reports."
          href={paths.app.reports.getHref()}
          icon={<IconChartBar />}
        />
        <LinkCard
          title="Open Working Area"
          description="Projects, purchases, development, partners and activities, as your staff see them."
          href={paths.app.dashboard.getHref()}
          icon={<IconLayoutDashboard />}
        />
      </SimpleGrid>
    </Stack>
  );
}
