import { z } from 'zod';
import { DEMO_REQUEST_STATUSES } from '../constants.js';
import { email, mobileNumber, requiredText } from './common.js';

export type DemoRequestStatus = (typeof DEMO_REQUEST_STATUSES)[number];

export const demoRequestStatusSchema = z.enum(DEMO_REQUEST_STATUSES, {
  error: `Status must be one of ${DEMO_REQUEST_STATUSES.join(', ')}`,
});

/** The largest company logo a visitor may upload. */
export const DEMO_LOGO_MAX_BYTES = 1024 * 1024;
/** Logo types accepted (recognised by their bytes, never by name or declared type). SVG is never accepted. */
export const DEMO_LOGO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type DemoLogoType = (typeof DEMO_LOGO_TYPES)[number];

/**
 * The text fields of the public demo-request form (sent as multipart/form-data with an optional
 * `companyLogo` file). A `status` field may be sent as the spec's form does; it is ignored, since every new
 * request starts PENDING.
 */
export const createDemoRequestSchema = z.object({
  name: requiredText('Name', 100),
  email,
  mobileNumber,
  city: requiredText('City', 100),
  companyName: requiredText('Company name', 200),
  companyLocation: requiredText('Company location', 200),
});
export type CreateDemoRequestInput = z.input<typeof createDemoRequestSchema>;

export const createDemoRequestResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.literal('PENDING'),
});
export type CreateDemoRequestResponse = z.infer<typeof createDemoRequestResponseSchema>;

export const updateDemoRequestStatusSchema = z.object({
  status: demoRequestStatusSchema,
});
export type UpdateDemoRequestStatusInput = z.input<typeof updateDemoRequestStatusSchema>;

/** A demo request as the super admin lists it; the logo is fetched separately from `logoUrl`. */
export const demoRequestSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  city: z.string(),
  companyName: z.string(),
  companyLocation: z.string(),
  status: z.enum(DEMO_REQUEST_STATUSES),
  hasLogo: z.boolean(),
  logoUrl: z.string().nullable(),
  createdDate: z.string(),
  /** The tenant created from this request, once it is COMPLETED. */
  tenantId: z.string().nullable(),
});
export type DemoRequest = z.infer<typeof demoRequestSchema>;
