import { type ContributionEdit, toPaise } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';

/** The development row a contribution edit changes, locked until the edit commits; undefined when missing. */
export async function lockDevelopmentEntry(tdb: TenantDb, id: number) {
  const row = await tdb
    .selectFrom('development_entries')
    .select(['id', 'project_id', 'category'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row && { id: row.id, projectId: row.project_id, category: row.category };
}

/** Writes an edit: particular, amount, partner, and the date and mode when given. */
export async function updateContributionEntry(tdb: TenantDb, update: ContributionEdit): Promise<void> {
  await tdb
    .updateTable('development_entries')
    .set({
      particular: update.particular,
      amount_paise: toPaise(update.amount),
      partner_id: update.partnerId,
      ...(update.date ? { entry_date: update.date } : {}),
      ...(update.mode ? { mode: update.mode } : {}),
    })
    .where('id', '=', update.developmentId)
    .execute();
}
