import { z } from 'zod';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../constants.js';
import { id, isoDate } from './common.js';
import { pageQuerySchema } from './paging.js';

/**
 * `GET /api/audit`'s filters beside `?limit=&cursor=&q=`: a record's history (`entity` and `entityId`, which a USER
 * must give), a user, an action, and days `from`..`to` (inclusive, India Standard Time).
 */
const auditFilters = {
  entity: z.enum(AUDIT_ENTITIES).optional(),
  entityId: id.optional(),
  userId: id.optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
};
const fromNotAfterTo: [(q: { from?: string; to?: string }) => boolean, { message: string; path: string[] }] = [
  (q) => !q.from || !q.to || q.from <= q.to,
  { message: 'From date may not be after To date', path: ['from'] },
];

export const auditQuerySchema = pageQuerySchema.extend(auditFilters).refine(...fromNotAfterTo);
export type AuditQuery = z.infer<typeof auditQuerySchema>;

/** One row of the audit trail, newest first in a list. */
export const auditEntrySchema = z.object({
  id: z.number(),
  /** When, as an ISO timestamp (the server's clock). */
  at: z.iso.datetime(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  clientAddress: z.string().nullable(),
  requestId: z.string().nullable(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.number().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /**
   * `{ field: [before, after] }` of the fields changed; money as rupees under the field's name without `_paise`
   * (`amount`), as the other answers give it.
   */
  changes: z.record(z.string(), z.array(z.unknown())),
  reason: z.string().nullable(),
});
export type AuditEntryDto = z.output<typeof auditEntrySchema>;
/** The server's side of `AuditEntryDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type AuditEntryAnswer = z.input<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);

/** The chain's check: every row's hash and link hold (`ok`), or the id of the first row where one does not. */
export const auditVerifySchema = z.object({
  ok: z.boolean(),
  rows: z.number(),
  firstBrokenId: z.number().nullable(),
});
export type AuditVerifyDto = z.output<typeof auditVerifySchema>;
/** The server's side of `AuditVerifyDto`: money in Paise (lib/serializer.ts writes it in rupees). */
export type AuditVerifyAnswer = z.input<typeof auditVerifySchema>;

/** `GET /api/audit/export` writes at most this many rows (the newest); a larger trail is narrowed by the filters. */
export const AUDIT_EXPORT_LIMIT = 100_000;

/** `GET /api/audit/export`'s filters: those of `GET /api/audit` and its search `q`, without paging. */
export const auditExportQuerySchema = pageQuerySchema
  .pick({ q: true })
  .extend(auditFilters)
  .refine(...fromNotAfterTo);
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

/** The audit export's columns, in order. */
export const AUDIT_EXPORT_HEADERS = [
  'When',
  'User',
  'Record',
  'Record id',
  'Action',
  'What changed',
  'Reason',
  'Address',
  'Request id',
] as const;

/** `Audit Trail 2026-04-01 to 2026-04-30.xlsx`, `Audit Trail.xlsx` without days. */
export function auditExportFileName(query: Pick<AuditExportQuery, 'from' | 'to'>): string {
  const days = query.from || query.to ? ` ${query.from ?? 'start'} to ${query.to ?? 'today'}` : '';
  return `Audit Trail${days}.xlsx`;
}
