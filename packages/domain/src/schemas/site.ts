import { z } from 'zod';

/** Which host the web app is on: the platform, or a company's. */
export const siteInfoSchema = z.object({
  kind: z.enum(['platform', 'tenant']),
  tenantId: z.string().nullable(),
  baseDomain: z.string(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

/** `/api/health`: 200 with the database up, 503 with it down. */
export const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('up') });
export const healthDownSchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('down'),
  message: z.string(),
});
