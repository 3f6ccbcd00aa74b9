import { Alert, Card, Stack, Text, Title } from '@mantine/core';
import { RefreshButton } from '@/components/refresh-button';
import { useTenantAdmins } from '@/features/platform/api/get-tenant-admins';
import { CreateTenantAdminForm } from '@/features/platform/components/create-tenant-admin-form';
import { TenantAdminsTable } from '@/features/platform/components/tenant-admins-table';
import { useTenants } from '@/features/tenants/api/get-tenants';

export function TenantAdminsRoute() {
  const admins = useTenantAdmins();
  const tenants = useTenants();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tenant Admins
        </Title>
        <Text c="dimmed">
          The administrators of every company on the platform: add one, disable or enable them, or mail a new password.
        </Text>
      </div>
      <Card padding="lg">
        <Title order={2} fz="lg" mb="md">
          Add Tenant Admin
        </Title>
        <CreateTenantAdminForm
          tenantIds={tenants.data?.map((t) => t.tenantId).sort()}
          tenantsError={tenants.isError ? tenants.error.message : undefined}
          onRetryTenants={() => tenants.refetch()}
        />
      </Card>
      {admins.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the tenant admins: {admins.error.message}
        </Alert>
      ) : (
        <TenantAdminsTable
          admins={admins.data}
          isLoading={admins.isPending}
          toolbar={<RefreshButton onClick={() => admins.refetch()} isLoading={admins.isFetching} />}
        />
      )}
    </Stack>
  );
}
