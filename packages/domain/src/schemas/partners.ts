import { z } from 'zod';
import { hasAtMostTwoDecimals } from '../money.js';
import { archivedFields } from './archive.js';
import { id, optionalMobileNumber, optionalText, plainText, positiveId } from './common.js';

const REQUIRED = 'Please fill all required fields.';

export const partnerInputSchema = z.object({
  partnerName: plainText({ label: 'Partner name', required: REQUIRED })
    .min(1, 'Partner name is required')
    .max(100, 'Partner name may have at most 100 characters'),
  city: plainText({ label: 'City', required: REQUIRED })
    .min(1, 'City is required')
    .max(100, 'City may have at most 100 characters'),
  email: optionalText(254)
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || /^[^\s@]+@[^\s@.][^\s@]*$/.test(v), 'Enter a valid email address'),
  phone: optionalMobileNumber,
  projects: z
    .array(
      z.object({
        projectId: positiveId('Select a project in every row'),
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

export const partnerSchema = z.object({
  partnerId: z.number(),
  partnerName: z.string(),
  city: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  projects: z.array(
    z.object({ projectId: z.number(), projectName: z.string(), percentageShare: z.number().nullable() }),
  ),
  ...archivedFields,
});
export type PartnerDto = z.output<typeof partnerSchema>;
/** The server's side of `PartnerDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type PartnerAnswer = z.input<typeof partnerSchema>;

/** A partner was saved. */
export const partnerSavedSchema = z.object({ partnerId: z.number(), message: z.string() });

export const partnerIdParam = z.object({ id });
