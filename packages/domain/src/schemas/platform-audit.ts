import { z } from 'zod';
import { PLATFORM_AUDIT_ACTIONS, PLATFORM_AUDIT_ENTITIES } from '../constants.js';
import { isoDate } from './common.js';
import { pageQuerySchema } from './paging.js';

/**
 * `GET /api/platform/audit`'s filters beside `?limit=&cursor=&q=`: an action and days `from`..`to` (inclusive,
 * India Standard Time).
 */
export const platformAuditQuerySchema = pageQuerySchema
  .extend({
    action: z.enum(PLATFORM_AUDIT_ACTIONS).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'From date may not be after To date', path: ['from'] });
export type PlatformAuditQuery = z.infer<typeof platformAuditQuerySchema>;

/**
 * One row of the platform's trail, newest first in a list. `entityId` names the record as text: a company's id
 * (`acme`), a company's admin or user as `<company>/<user id>`, a demo request's number, a locked account's key, a
 * super admin's id.
 */
export const platformAuditEntrySchema = z.object({
  id: z.number(),
  /** When, as an ISO timestamp (the server's clock). */
  at: z.iso.datetime(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  clientAddress: z.string().nullable(),
  requestId: z.string().nullable(),
  entity: z.enum(PLATFORM_AUDIT_ENTITIES),
  entityId: z.string().nullable(),
  action: z.enum(PLATFORM_AUDIT_ACTIONS),
  /** `{ field: [before, after] }` of the fields set or changed. */
  changes: z.record(z.string(), z.array(z.unknown())),
  reason: z.string().nullable(),
});
export type PlatformAuditEntryDto = z.output<typeof platformAuditEntrySchema>;
export type PlatformAuditEntryAnswer = z.input<typeof platformAuditEntrySchema>;
export const platformAuditListSchema = z.array(platformAuditEntrySchema);
