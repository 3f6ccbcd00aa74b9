import { z } from 'zod';
import { MIN_PASSWORD_LENGTH, type Role } from '../constants.js';
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

export interface SessionUser {
  userName: string;
  emailId: string;
  role: Role;
}

export interface LoginResponse {
  token: string;
  user: SessionUser;
  resetPasswordRequired: boolean;
  message: string;
}

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

export interface MasterLoginResponse {
  accessToken: string;
  role: Role;
  name: string;
  email: string;
  tenantId: string | null;
  resetPasswordRequired: boolean;
}

export interface SiteInfo {
  kind: 'platform' | 'tenant';
  tenantId: string | null;
  baseDomain: string;
}

export interface MessageResponse {
  message: string;
}
