import { Alert, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { UserForm } from '@/components/users/user-form';
import { UsersTable } from '@/components/users/users-table';
import { useCreateTenantUser } from '@/features/tenants/api/create-tenant-user';
import { useTenantUsers } from '@/features/tenants/api/get-tenant-users';
import { useTenants } from '@/features/tenants/api/get-tenants';

/** Tenant User Management: choose a tenant, load its users, add one. `?tenant=` pre-selects (and loads) it. */
export function TenantUsersRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = searchParams.get('tenant');
  const isCreating = searchParams.get('create') === '1';
  const [loaded, setLoaded] = useState<string | null>(selected);
  const tenants = useTenants();
  const users = useTenantUsers(loaded);
  const createUser = useCreateTenantUser();

  const choose = (tenantId: string | null) => setSearchParams(tenantId ? { tenant: tenantId } : {}, { replace: true });

  const loadUsers = () => {
    if (!selected) return;
    if (selected === loaded) users.refetch();
    else setLoaded(selected);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Tenant User Management
        </Title>
        <Text c="dimmed">Choose a tenant to see its users or add one.</Text>
      </div>

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group align="flex-end" gap="sm">
          <Select
            label="Tenant"
            placeholder={tenants.isPending ? 'Loading tenants…' : 'Select a tenant'}
            data={(tenants.data ?? []).map((t) => t.tenantId)}
            value={selected}
            onChange={choose}
            searchable
            nothingFoundMessage="No tenants found"
            style={{ flex: '1 1 220px', maxWidth: 360 }}
          />
          <Button
            leftSection={<IconUsers size={16} aria-hidden />}
            onClick={loadUsers}
            disabled={!selected}
            loading={users.isFetching}
          >
            Load Users
          </Button>
        </Group>
      </Paper>

      {loaded ? (
        users.isError ? (
          <Alert color="red" variant="light" role="alert">
            Could not load the users of {loaded}: {users.error.message}
          </Alert>
        ) : (
          <UsersTable title={`Users of ${loaded}`} users={users.data} isLoading={users.isPending} />
        )
      ) : null}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb={4}>
          Add New User
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {selected ? `The user joins ${selected}.` : 'Choose a tenant first.'}
        </Text>
        <UserForm
          disabled={!selected}
          autoFocus={isCreating && Boolean(selected)}
          onSubmit={async (input) => {
            if (!selected) return;
            await createUser.mutateAsync({ tenantId: selected, input });
            setLoaded(selected);
          }}
        />
      </Paper>
    </Stack>
  );
}
