import { tenantAdminKeys } from '@/lib/query-keys';

export const platformKeys = {
  settings: ['platform-settings'] as const,
  outbox: ['platform-outbox'] as const,
  lockedAccounts: ['platform-locked-accounts'] as const,
  audit: (filters: object) => ['platform-audit', filters] as const,
  tenantAdmins: tenantAdminKeys.all,
};
