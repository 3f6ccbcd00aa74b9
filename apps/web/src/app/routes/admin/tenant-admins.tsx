import { Alert, Stack, Text, Title } from '@mantine/core';
import { RefreshButton } from '@/components/refresh-button';
import { useTenantAdmins } from '@/features/platform/api/get-tenant-admins';
import { TenantAdminsTable } from '@/features/platform/components/tenant-admins-table';

export function TenantAdminsRoute() {
  const admins = useTenantAdmins();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tenant Admins
        </Title>
        <Text c="dimmed">The administrators of every company on the platform.</Text>
      </div>
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
