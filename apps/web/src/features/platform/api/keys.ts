import { tenantAdminKeys } from '@/lib/query-keys';

export const platformKeys = {
  settings: ['platform-settings'] as const,
  outbox: ['platform-outbox'] as const,
  lockedAccounts: ['platform-locked-accounts'] as const,
  tenantAdmins: tenantAdminKeys.all,
};
