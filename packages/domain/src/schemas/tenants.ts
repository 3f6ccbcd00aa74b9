import { z } from 'zod';
import { RESERVED_IDENTIFIERS } from '../constants.js';
import { password } from './auth.js';
import { email, hasControlCharacters, mobileNumber, positiveId, requiredText } from './common.js';

/** A PostgreSQL identifier we create ourselves: lower-case, starts with a letter, 3–41 characters. */
export const dbIdentifier = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .regex(/^[a-z][a-z0-9_]{2,40}$/, `${label} must be 3–41 lower-case letters, digits or _ and start with a letter`)
    .refine((v) => !RESERVED_IDENTIFIERS.has(v) && !v.startsWith('pg_'), `${label} is a reserved name`);

export const tenantIdSchema = z
  .string({ error: 'Tenant ID is required' })
  .trim()
  .min(1, 'Tenant ID is required')
  .regex(/^[a-z][a-z0-9-]{1,39}$/, 'Tenant ID must be 2–40 lower-case letters, digits or - and start with a letter')
  .refine((v) => !v.endsWith('-'), 'Tenant ID cannot end with -')
  .refine((v) => !RESERVED_IDENTIFIERS.has(v), 'Tenant ID is a reserved name');

export const createTenantSchema = z.object({
  tenantId: tenantIdSchema,
  dbName: dbIdentifier('Database name'),
  dbUsername: dbIdentifier('DB username'),
  dbPassword: z
    .string({ error: 'DB password is required' })
    .refine((v) => !hasControlCharacters(v), 'DB password may not contain control characters')
    .min(8, 'DB password must be at least 8 characters')
    .max(100, 'DB password may have at most 100 characters'),
  initialAdminEmail: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), email.nullish())
    .transform((v) => v ?? null),
  demoRequestId: z
    .union([z.literal(''), positiveId()])
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The PostgreSQL cluster to place the company on; blank: the cluster with the fewest companies. */
  cluster: z
    .preprocess(
      (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
      z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Cluster must be a cluster name such as main')
        .nullish(),
    )
    .transform((v) => v ?? null),
});
export type CreateTenantInput = z.input<typeof createTenantSchema>;

export const tenantSchema = z.object({
  tenantId: z.string(),
  dbName: z.string(),
  dbUsername: z.string(),
  /** The PostgreSQL cluster its schema and role are on (`main`: the platform's own). */
  cluster: z.string(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** A company just created; `notice` says what the super admin must still do (a password that was not mailed). */
export const createdTenantSchema = tenantSchema.extend({ notice: z.string().nullable() });
export type CreatedTenant = z.infer<typeof createdTenantSchema>;

export const createTenantUserSchema = z.object({
  name: requiredText('Name', 100),
  email,
  /** Blank: a password is generated and mailed; the first login must reset it. */
  password: z
    .string()
    .optional()
    .transform((v) => (v && v.length > 0 ? v : undefined))
    .pipe(password.optional()),
  mobileNumber,
  city: requiredText('City', 100),
  role: z.enum(['USER', 'TENANT_ADMIN']).optional().default('USER'),
});
export type CreateTenantUserInput = z.input<typeof createTenantUserSchema>;

/** A tenant's user as lists show it: never a password hash (unknown keys are stripped on the way out). */
export const tenantUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  city: z.string().nullable(),
  role: z.enum(['TENANT_ADMIN', 'USER']),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type TenantUser = z.infer<typeof tenantUserSchema>;

/** A self-registered user waiting for a tenant admin's approval. */
export const pendingUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  mobileNumber: z.string().nullable(),
  city: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PendingUser = z.infer<typeof pendingUserSchema>;

/** A user was created: its id and a message. */
export const createdUserResponseSchema = z.object({ id: z.number(), message: z.string() });
