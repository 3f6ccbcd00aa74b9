import type { TenantUser } from '@plotbook/domain';
import { AccountActions } from '@/components/users/account-actions';
import { useResetUserPassword } from '../api/reset-user-password';
import { useSetUserEnabled } from '../api/set-user-enabled';

/** Disable / Enable and Reset Password for one user of the company, each after a confirmation. */
export function UserActions({ user, isSelf }: { user: TenantUser; isSelf: boolean }) {
  const setEnabled = useSetUserEnabled();
  const resetPassword = useResetUserPassword();
  return (
    <AccountActions
      noun="user"
      who={`${user.name} (${user.email})`}
      target={user.email}
      enabled={user.enabled}
      isSelf={isSelf}
      setEnabled={{
        run: (enabled) => setEnabled.mutateAsync({ id: user.id, enabled }),
        isPending: setEnabled.isPending,
      }}
      resetPassword={{ run: () => resetPassword.mutateAsync(user.id), isPending: resetPassword.isPending }}
    />
  );
}
