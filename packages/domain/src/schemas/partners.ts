import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';
import { id } from './common.js';

const REQUIRED = 'Please fill all required fields.';

export const partnerInputSchema = z.object({
  partnerName: z.string({ error: REQUIRED }).trim().min(1, 'Partner name is required').max(100),
  city: z.string({ error: REQUIRED }).trim().min(1, 'City is required').max(100),
  email: z
    .string()
    .trim()
    .max(254)
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@.][^\s@]*$/.test(v), 'Enter a valid email address'),
  phone: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\+?\d{7,15}$/.test(v), 'Phone must be 7 to 15 digits'),
  projects: z
    .array(
      z.object({
        projectId: z.coerce
          .number({ error: 'Select a project in every row' })
          .int()
          .positive('Select a project in every row'),
        percentageShare: z
          .union([z.number(), z.string()])
          .nullish()
          .transform((v, ctx) => {
            if (v === null || v === undefined || v === '') return null;
            const n = Number(v);
            if (!Number.isFinite(n) || n < 0 || n > 100 || !hasAtMostTwoDecimals(n)) {
              ctx.addIssue({ code: 'custom', message: 'Share must be between 0 and 100 with at most 2 decimals' });
              return z.NEVER;
            }
            return n;
          }),
      }),
      { error: 'At least one project is required.' },
    )
    .min(1, 'At least one project is required.'),
});
export type PartnerInput = z.input<typeof partnerInputSchema>;
export type PartnerCommand = z.output<typeof partnerInputSchema>;

export interface PartnerDto {
  partnerId: number;
  partnerName: string;
  city: string;
  email: string | null;
  phone: string | null;
  projects: { projectId: number; projectName: string; percentageShare: number | null }[];
}

export const partnerIdParam = z.object({ id });
