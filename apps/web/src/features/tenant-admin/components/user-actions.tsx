import { Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TenantUser } from '@plotbook/domain';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useResetUserPassword } from '../api/reset-user-password';
import { useSetUserEnabled } from '../api/set-user-enabled';

/** Disable / Enable and Reset Password for one user, each after a confirmation. */
export function UserActions({ user, isSelf }: { user: TenantUser; isSelf: boolean }) {
  const setEnabled = useSetUserEnabled();
  const resetPassword = useResetUserPassword();

  const toggleEnabled = () => {
    const enabled = !user.enabled;
    modals.openConfirmModal({
      title: enabled ? 'Enable user' : 'Disable user',
      children: (
        <Text size="sm">
          {enabled
            ? `Enable ${user.name} (${user.email})? They can sign in again.`
            : `Disable ${user.name} (${user.email})? They are signed out and cannot sign in until enabled again.`}
        </Text>
      ),
      labels: { confirm: enabled ? 'Enable' : 'Disable', cancel: 'Cancel' },
      confirmProps: { color: enabled ? undefined : 'red' },
      onConfirm: () =>
        setEnabled.mutate(
          { id: user.id, enabled },
          {
            onSuccess: (updated) =>
              notifications.show({
                color: 'green',
                message: `${updated.name} is ${updated.enabled ? 'enabled' : 'disabled'}.`,
              }),
            onError: (error) =>
              notifications.show({ color: 'red', title: 'Could not change the user', message: error.message }),
          },
        ),
    });
  };

  const sendReset = () =>
    modals.openConfirmModal({
      title: 'Reset password',
      children: (
        <Text size="sm">
          Send {user.name} ({user.email}) a new temporary password by email? Their current password stops working and
          they must choose a new one at sign-in.
        </Text>
      ),
      labels: { confirm: 'Send new password', cancel: 'Cancel' },
      onConfirm: () =>
        resetPassword.mutate(user.id, {
          onSuccess: (response) => notifications.show({ color: 'green', message: response.message, autoClose: 8000 }),
          onError: (error) =>
            notifications.show({ color: 'red', title: 'Could not reset the password', message: error.message }),
        }),
    });

  const disableButton = (
    <Button
      size="xs"
      variant="light"
      color={user.enabled ? 'red' : 'green'}
      leftSection={user.enabled ? <IconUserOff size={14} aria-hidden /> : <IconUserCheck size={14} aria-hidden />}
      onClick={toggleEnabled}
      loading={setEnabled.isPending}
      disabled={isSelf && user.enabled}
      aria-label={`${user.enabled ? 'Disable' : 'Enable'} ${user.email}`}
    >
      {user.enabled ? 'Disable' : 'Enable'}
    </Button>
  );

  return (
    <Group gap="xs" wrap="nowrap">
      {isSelf ? (
        <Tooltip label="You cannot disable your own account">
          <span>{disableButton}</span>
        </Tooltip>
      ) : (
        disableButton
      )}
      <Button
        size="xs"
        variant="default"
        leftSection={<IconKey size={14} aria-hidden />}
        onClick={sendReset}
        loading={resetPassword.isPending}
        aria-label={`Reset password of ${user.email}`}
      >
        Reset Password
      </Button>
    </Group>
  );
}
