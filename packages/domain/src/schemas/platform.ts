import { z } from 'zod';

// ---- super admin: platform screens ----

/** A TENANT_ADMIN of some tenant, as the super admin's Tenant Admins screen lists them. */
export interface TenantAdmin {
  tenantId: string;
  id: number;
  name: string;
  email: string;
  createdAt: string;
  enabled: boolean;
}

export interface PlatformSettings {
  baseDomain: string;
  /** `outbox`: no SMTP is configured, so mail is kept in the platform outbox (listed by `/api/admin/outbox`). */
  mailTransport: 'smtp' | 'outbox';
  mailFrom: string;
  tenants: number;
}

export interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
  delivered: boolean;
}

// ---- tenant admin: the tenant's own users ----

export const setUserEnabledSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type SetUserEnabledInput = z.input<typeof setUserEnabledSchema>;

export interface TenantAdminSummary {
  tenantId: string;
  users: number;
  projects: number;
}
