import { z } from 'zod';
import { email, hasControlCharacters, requiredText } from './common.js';
import { tenantIdSchema } from './tenants.js';

// ---- super admin: platform screens ----

/** A TENANT_ADMIN of some tenant, as the super admin's Tenant Admins screen lists them. */
export const tenantAdminSchema = z.object({
  tenantId: z.string(),
  id: z.number(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
  enabled: z.boolean(),
});
export type TenantAdmin = z.infer<typeof tenantAdminSchema>;

/**
 * The super admin adds an administrator to a chosen company. There is no password field: a generated one is
 * mailed and must be changed at the first sign-in, as for the first admin made with the company.
 */
export const createTenantAdminSchema = z.object({
  tenantId: tenantIdSchema,
  name: requiredText('Name', 100),
  email,
});
export type CreateTenantAdminInput = z.input<typeof createTenantAdminSchema>;

export const createdTenantAdminSchema = z.object({ tenantId: z.string(), id: z.number(), message: z.string() });

export const platformSettingsSchema = z.object({
  baseDomain: z.string(),
  /** `outbox`: no SMTP is configured, so mail is kept in the platform outbox (listed by `/api/admin/outbox`). */
  mailTransport: z.enum(['smtp', 'outbox']),
  mailFrom: z.string(),
  tenants: z.number(),
});
export type PlatformSettings = z.infer<typeof platformSettingsSchema>;

export const outboxMessageSchema = z.object({
  id: z.number(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  delivered: z.boolean(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** An account whose failed sign-ins reached the ceiling: new devices are turned away until `lockedUntil`. */
export const lockedAccountSchema = z.object({
  /** The throttle's key for the account, sent back to unlock it. */
  account: z.string(),
  /** The company, or null for a super admin. */
  tenantId: z.string().nullable(),
  email: z.string(),
  failures: z.number(),
  lockedUntil: z.string(),
});
export type LockedAccount = z.infer<typeof lockedAccountSchema>;

export const unlockAccountSchema = z.object({
  // The key names an account by company and email, neither of which holds a control character; PostgreSQL refuses
  // NUL outright, so it is refused here with a plain message instead.
  account: z
    .string({ error: 'Choose an account to unlock.' })
    .min(1, 'Choose an account to unlock.')
    .max(400, 'Choose an account to unlock.')
    .refine((v) => !hasControlCharacters(v), 'Account may not contain control characters'),
});
export type UnlockAccountInput = z.input<typeof unlockAccountSchema>;

// ---- tenant admin: the tenant's own users ----

export const setUserEnabledSchema = z.object({
  enabled: z.boolean({ error: 'Enabled must be true or false' }),
});
export type SetUserEnabledInput = z.input<typeof setUserEnabledSchema>;

export const tenantAdminSummarySchema = z.object({
  tenantId: z.string(),
  users: z.number(),
  projects: z.number(),
});
export type TenantAdminSummary = z.infer<typeof tenantAdminSummarySchema>;
