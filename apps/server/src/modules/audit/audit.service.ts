import {
  AUDIT_EXPORT_LIMIT,
  type AuditEntity,
  type AuditEntryAnswer,
  type AuditExportQuery,
  type AuditQuery,
  type AuditVerifyAnswer,
  paise,
  type Role,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { forbidden } from '../../lib/app-error.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { pageAuditRows, verifyChain } from './audit.repository.js';

/** The records about people: a user's account (role, email, password changes) and their sign-ins (addresses). */
const PEOPLE: readonly AuditEntity[] = ['user', 'session'];

/**
 * A tenant admin reads the whole trail; a user only one record's history (`entity` and `entityId` both given), and
 * of the records about people only their own (`userId`): another user's account and sign-ins are the admin's.
 */
export function assertMayReadAudit(role: Role, userId: number, query: Pick<AuditQuery, 'entity' | 'entityId'>): void {
  if (role === 'TENANT_ADMIN') return;
  if (query.entity === undefined || query.entityId === undefined) {
    throw forbidden('Only an administrator can read the whole audit trail; ask for one record’s history.');
  }
  if (PEOPLE.includes(query.entity) && query.entityId !== userId) {
    throw forbidden('Only an administrator can read another user’s account history and sign-ins.');
  }
}

/** A page of the trail, newest first, filtered as asked; money changes in rupees. */
export async function listAudit(tdb: TenantDb, query: AuditQuery, page: PageRequest): Promise<Page<AuditEntryAnswer>> {
  const { rows, totals } = await pageAuditRows(
    tdb,
    {
      entity: query.entity ?? null,
      entityId: query.entityId ?? null,
      userId: query.userId ?? null,
      action: query.action ?? null,
      from: query.from ?? null,
      to: query.to ?? null,
      search: page.search,
    },
    page.limit,
    page.after,
  );
  const taken = rows.slice(0, page.limit);
  const last = taken.at(-1);
  return {
    rows: taken.map((r) => ({
      id: Number(r.id),
      at: new Date(r.at).toISOString(),
      userId: r.user_id,
      userName: r.user_name,
      clientAddress: r.client_address,
      requestId: r.request_id,
      entity: r.entity as AuditEntryAnswer['entity'],
      entityId: r.entity_id === null ? null : Number(r.entity_id),
      action: r.action as AuditEntryAnswer['action'],
      changes: inRupees(r.changes as Record<string, unknown[]>),
      reason: r.reason,
    })),
    next: rows.length > page.limit && last ? { key: last.at_key, id: Number(last.id) } : null,
    totals: { count: totals.count, unfilteredCount: totals.unfiltered_count },
  };
}

/**
 * Every row the filters match, newest first, for the export: at most `AUDIT_EXPORT_LIMIT` (the newest), and whether
 * there were more.
 */
export async function exportAuditRows(
  tdb: TenantDb,
  query: AuditExportQuery,
  limit = AUDIT_EXPORT_LIMIT,
): Promise<{ rows: AuditEntryAnswer[]; truncated: boolean }> {
  const search = query.q?.trim() ?? '';
  const page = await listAudit(tdb, query, { limit, after: null, search: search || null });
  return { rows: page.rows, truncated: page.next !== null };
}

/** `amount_paise: [a, b]` → `amount: [₹ a, ₹ b]`, as every other answer gives money; other fields as stored. */
function inRupees(changes: Record<string, unknown[]>): Record<string, unknown[]> {
  const answer: Record<string, unknown[]> = {};
  for (const [field, values] of Object.entries(changes)) {
    if (field.endsWith('_paise')) {
      answer[field.slice(0, -'_paise'.length)] = values.map((v) => (typeof v === 'number' ? toRupees(paise(v)) : v));
    } else answer[field] = values;
  }
  return answer;
}

/** Walks the company's chain (see verifyChain). */
export async function verifyAudit(tdb: TenantDb): Promise<AuditVerifyAnswer> {
  const { rows, firstBrokenId } = await verifyChain(tdb);
  return { ok: firstBrokenId === null, rows, firstBrokenId };
}
