import { Alert, Button, Drawer, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { UsersTable } from '@/components/users/users-table';
import { useTenantUsers } from '../api/get-tenant-users';
import { tenantUsersHref } from './tenants-table';

/** The users of one tenant (ID, Name, Email), opened from its row of the tenants table. */
export function TenantUsersPanel({ tenantId, onClose }: { tenantId: string | null; onClose: () => void }) {
  const users = useTenantUsers(tenantId);
  return (
    <Drawer
      opened={tenantId !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={`Users of ${tenantId ?? ''}`}
    >
      {tenantId ? (
        <Stack gap="md">
          {users.isError ? (
            <Alert color="red" variant="light" role="alert">
              {users.error.message}
            </Alert>
          ) : (
            <UsersTable users={users.data} isLoading={users.isPending} variant="compact" />
          )}
          <Button component={Link} to={tenantUsersHref(tenantId)} variant="light">
            Manage users of {tenantId}
          </Button>
        </Stack>
      ) : null}
    </Drawer>
  );
}
