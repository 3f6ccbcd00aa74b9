import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TenantAdmin } from '@plotbook/domain';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useResetTenantAdminPassword } from '../api/reset-tenant-admin-password';
import { useSetTenantAdminEnabled } from '../api/set-tenant-admin-enabled';

/** Disable / Enable and Reset Password for one tenant admin, each after a confirmation. */
export function TenantAdminActions({ admin }: { admin: TenantAdmin }) {
  const setEnabled = useSetTenantAdminEnabled();
  const resetPassword = useResetTenantAdminPassword();
  const who = `${admin.name} (${admin.email}) of ${admin.tenantId}`;

  const toggleEnabled = () => {
    const enabled = !admin.enabled;
    modals.openConfirmModal({
      title: enabled ? 'Enable tenant admin' : 'Disable tenant admin',
      children: (
        <Text size="sm">
          {enabled
            ? `Enable ${who}? They can sign in again.`
            : `Disable ${who}? They are signed out and cannot sign in until enabled again.`}
        </Text>
      ),
      labels: { confirm: enabled ? 'Enable' : 'Disable', cancel: 'Cancel' },
      confirmProps: { color: enabled ? undefined : 'red' },
      onConfirm: () =>
        setEnabled.mutate(
          { admin, enabled },
          {
            onSuccess: (updated) =>
              notifications.show({
                color: 'green',
                message: `${updated.name} is ${updated.enabled ? 'enabled' : 'disabled'}.`,
              }),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Could not change the tenant admin', message: error.message }),
          },
        ),
    });
  };

  const sendReset = () =>
    modals.openConfirmModal({
      title: 'Reset password',
      children: (
        <Text size="sm">
          Send {who} a new temporary password by email? Their current password stops working and they must choose a new
          one at sign-in.
        </Text>
      ),
      labels: { confirm: 'Send new password', cancel: 'Cancel' },
      onConfirm: () =>
        resetPassword.mutate(admin, {
          onSuccess: (response) => notifications.show({ color: 'green', message: response.message, autoClose: 8000 }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Could not reset the password', message: error.message }),
        }),
    });

  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="light"
        color={admin.enabled ? 'red' : 'green'}
        leftSection={admin.enabled ? <IconUserOff size={14} aria-hidden /> : <IconUserCheck size={14} aria-hidden />}
        onClick={toggleEnabled}
        loading={setEnabled.isPending}
        aria-label={`${admin.enabled ? 'Disable' : 'Enable'} ${admin.email} of ${admin.tenantId}`}
      >
        {admin.enabled ? 'Disable' : 'Enable'}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconKey size={14} aria-hidden />}
        onClick={sendReset}
        loading={resetPassword.isPending}
        aria-label={`Reset password of ${admin.email} of ${admin.tenantId}`}
      >
        Reset Password
      </Button>
    </Group>
  );
}
