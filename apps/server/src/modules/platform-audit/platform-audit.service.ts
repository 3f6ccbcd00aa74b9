import type { PlatformAuditEntryAnswer, PlatformAuditQuery } from '@plotbook/domain';
import type { Kysely } from 'kysely';
import type { Page, PageRequest } from '../../lib/paging.js';
import { pagePlatformAuditRows } from './platform-audit.repository.js';

/** A page of the platform's trail, newest first, filtered as asked (the super admin's Platform trail). */
export async function listPlatformAudit(
  db: Kysely<unknown>,
  query: PlatformAuditQuery,
  page: PageRequest,
): Promise<Page<PlatformAuditEntryAnswer>> {
  const { rows, totals } = await pagePlatformAuditRows(
    db,
    { action: query.action ?? null, from: query.from ?? null, to: query.to ?? null, search: page.search },
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
      entity: r.entity as PlatformAuditEntryAnswer['entity'],
      entityId: r.entity_id,
      action: r.action as PlatformAuditEntryAnswer['action'],
      changes: r.changes as Record<string, unknown[]>,
      reason: r.reason,
    })),
    next: rows.length > page.limit && last ? { key: last.at_key, id: Number(last.id) } : null,
    totals: { count: totals.count, unfilteredCount: totals.unfiltered_count },
  };
}
