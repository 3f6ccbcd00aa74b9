import { z } from 'zod';
import { RESERVED_IDENTIFIERS } from '../constants.js';
import { password } from './auth.js';
import { email, mobileNumber, requiredText } from './common.js';

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
    .min(8, 'DB password must be at least 8 characters')
    .max(100, 'DB password is too long'),
  initialAdminEmail: z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), email.nullish())
    .transform((v) => v ?? null),
  demoRequestId: z.coerce
    .number()
    .int()
    .positive()
    .nullish()
    .or(z.literal(''))
    .transform((v) => (v ? Number(v) : null)),
});
export type CreateTenantInput = z.input<typeof createTenantSchema>;

export interface Tenant {
  tenantId: string;
  dbName: string;
  dbUsername: string;
  createdAt: string;
}

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

export interface TenantUser {
  id: number;
  name: string;
  email: string;
  mobileNumber: string | null;
  city: string | null;
  role: 'TENANT_ADMIN' | 'USER';
  enabled: boolean;
  createdAt: string;
}
