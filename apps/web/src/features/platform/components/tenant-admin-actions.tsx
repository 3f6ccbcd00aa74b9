import type { TenantAdmin } from '@plotbook/domain';
import { AccountActions } from '@/components/users/account-actions';
import { useResetTenantAdminPassword } from '../api/reset-tenant-admin-password';
import { useSetTenantAdminEnabled } from '../api/set-tenant-admin-enabled';

/** Disable / Enable and Reset Password for one tenant admin, each after a confirmation. */
export function TenantAdminActions({ admin }: { admin: TenantAdmin }) {
  const setEnabled = useSetTenantAdminEnabled();
  const resetPassword = useResetTenantAdminPassword();
  return (
    <AccountActions
      noun="tenant admin"
      who={`${admin.name} (${admin.email}) of ${admin.tenantId}`}
      target={`${admin.email} of ${admin.tenantId}`}
      enabled={admin.enabled}
      setEnabled={{ run: (enabled) => setEnabled.mutateAsync({ admin, enabled }), isPending: setEnabled.isPending }}
      resetPassword={{ run: () => resetPassword.mutateAsync(admin), isPending: resetPassword.isPending }}
    />
  );
}
