import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import type { TestContext } from './helpers.js';

/**
 * Moves a row's `created_at` two days back, which no writer does: an edit of it then needs a reason (an entry saved
 * before today, packages/domain voids.ts).
 */
export function backDate(
  t: TestContext,
  tenant: TenantRecord,
  table: 'purchase_entry_rows' | 'development_entry_rows' | 'receipts',
  id: number,
) {
  const back = sql`created_at - interval '2 days'`;
  return t.asTenant(tenant, async (tdb) => {
    if (table === 'receipts') await sql`update receipts set created_at = ${back} where id = ${id}`.execute(tdb);
    if (table === 'purchase_entry_rows')
      await sql`update purchase_entry_rows set created_at = ${back} where id = ${id}`.execute(tdb);
    if (table === 'development_entry_rows')
      await sql`update development_entry_rows set created_at = ${back} where id = ${id}`.execute(tdb);
  });
}

/** The audit trail rows of one record, oldest first, as stored (money in paise). */
export function trailOf(t: TestContext, tenant: TenantRecord, entity: string, entityId: number) {
  return t.asTenant(
    tenant,
    async (tdb) =>
      (
        await sql<{ action: string; changes: Record<string, unknown[]>; reason: string | null; user_id: number }>`
        select action, changes, reason, user_id from audit_trail where entity = ${entity} and entity_id = ${entityId}
        order by id`.execute(tdb)
      ).rows,
  );
}

/** The trail rows of one record after the one that made it (its corrections), oldest first. */
export async function correctionsOf(t: TestContext, tenant: TenantRecord, entity: string, entityId: number) {
  const rows = await trailOf(t, tenant, entity, entityId);
  expect(rows[0]?.action).toBe('create');
  return rows.slice(1);
}
