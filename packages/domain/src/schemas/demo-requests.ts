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

export interface CreateDemoRequestResponse {
  id: number;
  email: string;
  status: 'PENDING';
}

export const updateDemoRequestStatusSchema = z.object({
  status: demoRequestStatusSchema,
});
export type UpdateDemoRequestStatusInput = z.input<typeof updateDemoRequestStatusSchema>;

/** A demo request as the super admin lists it; the logo is fetched separately from `logoUrl`. */
export interface DemoRequest {
  id: number;
  name: string;
  email: string;
  phone: string;
  city: string;
  companyName: string;
  companyLocation: string;
  status: DemoRequestStatus;
  hasLogo: boolean;
  logoUrl: string | null;
  createdDate: string;
  /** The tenant created from this request, once it is COMPLETED. */
  tenantId: string | null;
}
