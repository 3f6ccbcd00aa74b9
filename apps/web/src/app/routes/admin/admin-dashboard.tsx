import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { pluralize } from '@plotbook/domain';
import {
  IconBuildingSkyscraper,
  IconHistory,
  IconInbox,
  IconLock,
  IconSettings,
  IconUserShield,
} from '@tabler/icons-react';
import { LinkCard } from '@/components/link-card';
import { paths } from '@/config/paths';
import { useTenants } from '@/features/tenants/api/get-tenants';

function tenantCount(count: number | undefined): string {
  if (count === undefined) return 'Create companies and their databases.';
  return `${pluralize(count, 'company', 'companies')} on the platform. Create and manage them.`;
}

export function AdminDashboardRoute() {
  const tenants = useTenants();
  const { admin } = paths;
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Welcome, Super Admin
        </Title>
        <Text c="dimmed">Manage the companies that use Plotbook and their administrators.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <LinkCard
          title="Manage Tenants"
          description={tenantCount(tenants.data?.length)}
          href={admin.tenants.getHref()}
          icon={<IconBuildingSkyscraper />}
        />
        <LinkCard
          title="Tenant Admins"
          description="Create, disable and reset the administrators of each company."
          href={admin.tenantAdmins.getHref()}
          icon={<IconUserShield />}
        />
        <LinkCard
          title="Platform Settings"
          description="Mail, outbox and platform-wide options."
          href={admin.settings.getHref()}
          icon={<IconSettings />}
        />
        <LinkCard
          title="Demo Requests"
          description="Review demo requests and start new companies from them."
          href={admin.demoRequests.getHref()}
          icon={<IconInbox />}
        />
        <LinkCard
          title="Locked Accounts"
          description="Accounts closed to new devices after many wrong passwords. Unlock them."
          href={admin.lockedAccounts.getHref()}
          icon={<IconLock />}
        />
        <LinkCard
          title="Platform Trail"
          description="Who created companies, reset admins, handled demo requests and signed in, and when."
          href={admin.platformTrail.getHref()}
          icon={<IconHistory />}
        />
      </SimpleGrid>
    </Stack>
  );
}
