import { tenantAdminKeys } from '@/lib/query-keys';

export const platformKeys = {
  settings: ['platform-settings'] as const,
  outbox: ['platform-outbox'] as const,
  tenantAdmins: tenantAdminKeys.all,
};
