import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { RefreshButton } from '@/components/refresh-button';
import { useTenants } from '@/features/tenants/api/get-tenants';
import { CreateTenantForm } from '@/features/tenants/components/create-tenant-form';
import { TenantUsersPanel } from '@/features/tenants/components/tenant-users-panel';
import { TenantsTable } from '@/features/tenants/components/tenants-table';

export function TenantsRoute() {
  const tenants = useTenants();
  const [usersOf, setUsersOf] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Manage Tenants
        </Title>
        <Text c="dimmed">Each tenant is a company with its own address, database schema and users.</Text>
      </div>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          Create Tenant
        </Title>
        <CreateTenantForm autoFocus />
      </Paper>

      {tenants.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the tenants: {tenants.error.message}
        </Alert>
      ) : null}
      <TenantsTable
        tenants={tenants.data}
        isLoading={tenants.isPending && !tenants.isError}
        onShowUsers={setUsersOf}
        toolbar={<RefreshButton onClick={() => tenants.refetch()} isLoading={tenants.isFetching} />}
      />

      <TenantUsersPanel tenantId={usersOf} onClose={() => setUsersOf(null)} />
    </Stack>
  );
}
