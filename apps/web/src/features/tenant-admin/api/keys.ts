/** Everything of the tenant admin's screens sits under `tenantAdminAreaKeys.all`. */
export const tenantAdminAreaKeys = {
  all: ['tenant-admin'] as const,
  summary: () => [...tenantAdminAreaKeys.all, 'summary'] as const,
  pendingUsers: () => [...tenantAdminAreaKeys.all, 'pending-users'] as const,
  users: () => [...tenantAdminAreaKeys.all, 'users'] as const,
};
