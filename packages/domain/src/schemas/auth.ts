import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, ROLES } from '../constants.js';
import { email, mobileNumber, requiredText } from './common.js';

export const password = z
  .string({ error: 'Password is required' })
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(128, 'Password is too long');

export const registerSchema = z.object({
  userName: requiredText('Full name', 100),
  emailId: email,
  mobileNumber,
  city: requiredText('City', 100),
  /** Blank: a password is generated and mailed; the first login must reset it. */
  password: z
    .string()
    .optional()
    .transform((v) => (v && v.length > 0 ? v : undefined))
    .pipe(password.optional()),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const loginSchema = z.object({
  emailId: email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type LoginInput = z.input<typeof loginSchema>;

export const roleSchema = z.enum(ROLES);

export const sessionUserSchema = z.object({
  userName: z.string(),
  emailId: z.string(),
  role: roleSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  user: sessionUserSchema,
  resetPasswordRequired: z.boolean(),
  message: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const resetPasswordSchema = z.object({
  emailId: email,
  oldPwd: z.string({ error: 'Old password is required' }).min(1, 'Old password is required').max(128),
  newPwd: password,
});
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

export const masterLoginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(128),
});
export type MasterLoginInput = z.input<typeof masterLoginSchema>;

export const masterLoginResponseSchema = z.object({
  accessToken: z.string(),
  role: roleSchema,
  name: z.string(),
  email: z.string(),
  tenantId: z.string().nullable(),
  resetPasswordRequired: z.boolean(),
});
export type MasterLoginResponse = z.infer<typeof masterLoginResponseSchema>;

/** The answer of an action that only reports what it did. */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/** A self-registration was received. */
export const registerResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** The signed-in account (`/api/me`). */
export const principalSchema = z.object({
  userId: z.number(),
  role: roleSchema,
  tenantId: z.string().nullable(),
  name: z.string(),
  email: z.string(),
});
export type PrincipalDto = z.output<typeof principalSchema>;
/** The server's side of `PrincipalDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PrincipalAnswer = z.input<typeof principalSchema>;

/** The token from a registration mail's verification link. */
export const verifyEmailSchema = z.object({
  token: z
    .string({ error: 'The verification link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The verification link is incomplete.'),
});
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

/** Opens a mailed sign-in link (see the sign-in ceiling in the server's login throttle). */
export const loginLinkSchema = z.object({
  token: z
    .string({ error: 'The sign-in link is incomplete.' })
    .regex(/^[A-Za-z0-9_-]{20,100}$/, 'The sign-in link is incomplete.'),
});
export type LoginLinkInput = z.input<typeof loginLinkSchema>;
