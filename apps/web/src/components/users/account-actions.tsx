import { Button, Group, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconKey, IconUserCheck, IconUserOff } from '@tabler/icons-react';

interface AccountAction<Args extends unknown[], Result> {
  run: (...args: Args) => Promise<Result>;
  isPending: boolean;
}

export interface AccountActionsProps {
  /** What the account is called in titles and errors: `user`, `tenant admin`. */
  noun: string;
  /** The account in sentences, e.g. `Asha Patil (asha@example.in)`. */
  who: string;
  /** The account in button labels for screen readers, e.g. `asha@example.in`. */
  target: string;
  enabled: boolean;
  /** The signed-in user's own row: it cannot be disabled. */
  isSelf?: boolean;
  setEnabled: AccountAction<[enabled: boolean], { name: string; enabled: boolean }>;
  resetPassword: AccountAction<[], { message: string }>;
}

/** Disable / Enable and Reset Password for one account, each after a confirmation; shared by every users screen. */
export function AccountActions({
  noun,
  who,
  target,
  enabled,
  isSelf = false,
  setEnabled,
  resetPassword,
}: AccountActionsProps) {
  const toggleEnabled = () => {
    const enabling = !enabled;
    modals.openConfirmModal({
      title: `${enabling ? 'Enable' : 'Disable'} ${noun}`,
      children: (
        <Text size="sm">
          {enabling
            ? `Enable ${who}? They can sign in again.`
            : `Disable ${who}? They are signed out and cannot sign in until enabled again.`}
        </Text>
      ),
      labels: { confirm: enabling ? 'Enable' : 'Disable', cancel: 'Cancel' },
      confirmProps: { color: enabling ? undefined : 'red' },
      onConfirm: () =>
        setEnabled.run(enabling).then(
          (updated) =>
            notifications.show({
              color: 'green',
              message: `${updated.name} is ${updated.enabled ? 'enabled' : 'disabled'}.`,
            }),
          (error: Error) =>
            notifications.show({ color: 'red', title: `Could not change the ${noun}`, message: error.message }),
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
        resetPassword.run().then(
          (response) => notifications.show({ color: 'green', message: response.message, autoClose: 8000 }),
          (error: Error) =>
            notifications.show({ color: 'red', title: 'Could not reset the password', message: error.message }),
        ),
    });

  const disableButton = (
    <Button
      size="xs"
      variant="light"
      color={enabled ? 'red' : 'green'}
      leftSection={enabled ? <IconUserOff size={14} aria-hidden /> : <IconUserCheck size={14} aria-hidden />}
      onClick={toggleEnabled}
      loading={setEnabled.isPending}
      disabled={isSelf && enabled}
      aria-label={`${enabled ? 'Disable' : 'Enable'} ${target}`}
    >
      {enabled ? 'Disable' : 'Enable'}
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
        aria-label={`Reset password of ${target}`}
      >
        Reset Password
      </Button>
    </Group>
  );
}
