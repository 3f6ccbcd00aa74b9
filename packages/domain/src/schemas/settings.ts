import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../constants.js';
import { roleSchema } from './auth.js';
import { optionalMobileNumber, optionalText, requiredText } from './common.js';

/** The signed-in user's own details (Settings). */
export const accountProfileSchema = z.object({
  userName: z.string(),
  emailId: z.string(),
  mobileNumber: z.string().nullable(),
  city: z.string().nullable(),
  role: roleSchema,
});
export type AccountProfileDto = z.output<typeof accountProfileSchema>;
/** The server's side of `AccountProfileDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type AccountProfileAnswer = z.input<typeof accountProfileSchema>;

/** What a user may change about themselves: name, mobile and city (email and role are the admin's). */
export const updateAccountProfileSchema = z.object({
  userName: requiredText('Full name', 100),
  mobileNumber: optionalMobileNumber,
  city: optionalText(100),
});
export type UpdateAccountProfileInput = z.input<typeof updateAccountProfileSchema>;

export const accountProfileSavedSchema = z.object({ message: z.string(), profile: accountProfileSchema });

export const PASSWORDS_DIFFER = 'New and Confirm Password do not match';

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: 'Current password is required' })
      .min(1, 'Current password is required')
      .max(128, 'Current password is too long'),
    newPassword: z
      .string({ error: 'New password is required' })
      .min(1, 'New password is required')
      .min(MIN_PASSWORD_LENGTH, `New password must be at least ${MIN_PASSWORD_LENGTH} characters`)
      .max(128, 'New password is too long'),
    confirmPassword: z
      .string({ error: 'Confirm password is required' })
      .min(1, 'Confirm password is required')
      .max(128, 'Confirm password is too long'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: PASSWORDS_DIFFER, path: ['confirmPassword'] });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** A changed password revokes older sign-ins; the answer carries a fresh token for this one. */
export const passwordChangedSchema = z.object({ message: z.string(), token: z.string() });

/** Who to contact for help: the company's tenant admins, and the platform's support address if one is set. */
export const helpContactsSchema = z.object({
  admins: z.array(z.object({ userName: z.string(), emailId: z.string(), mobileNumber: z.string().nullable() })),
  platformEmail: z.string().nullable(),
});
export type HelpContactsDto = z.output<typeof helpContactsSchema>;
/** The server's side of `HelpContactsDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type HelpContactsAnswer = z.input<typeof helpContactsSchema>;
