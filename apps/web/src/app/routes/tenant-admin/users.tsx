import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { HistoryButton } from '@/components/history';
import { RefreshButton } from '@/components/refresh-button';
import { UserForm } from '@/components/users/user-form';
import { UsersTable } from '@/components/users/users-table';
import { useCreateUser } from '@/features/tenant-admin/api/create-user';
import { useUsers } from '@/features/tenant-admin/api/get-users';
import { PendingUsers } from '@/features/tenant-admin/components/pending-users';
import { UserActions } from '@/features/tenant-admin/components/user-actions';
import { getUser } from '@/lib/session';

export function TenantAdminUsersRoute() {
  const users = useUsers();
  const createUser = useCreateUser();
  const myEmail = getUser()?.emailId?.toLowerCase();

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Manage Tenant Users
        </Title>
        <Text c="dimmed">The people who sign in to your company's Plotbook.</Text>
      </div>

      <PendingUsers />

      {users.isError ? (
        <Alert color="red" variant="light" role="alert">
          Could not load the users: {users.error.message}
        </Alert>
      ) : (
        <UsersTable
          title="Users"
          users={users.data}
          isLoading={users.isPending}
          renderActions={(user) => (
            <Group gap={4} wrap="nowrap">
              <UserActions user={user} isSelf={user.email === myEmail} />
              <HistoryButton target={{ entity: 'user', entityId: user.id, name: user.name }} />
            </Group>
          )}
          toolbar={<RefreshButton onClick={() => users.refetch()} isLoading={users.isFetching} />}
        />
      )}

      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="md">
          Add New User
        </Title>
        <UserForm canChooseRole onSubmit={(input) => createUser.mutateAsync(input)} />
      </Paper>
    </Stack>
  );
}
