import { type ContributionEdit, toPaise } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';

/**
 * The development row a contribution edit changes (voided or not: the base table), locked until the edit commits;
 * undefined when missing.
 */
export async function lockDevelopmentEntry(tdb: TenantDb, id: number) {
  const row = await tdb
    .selectFrom('development_entry_rows')
    .select(['id', 'project_id', 'category', 'particular', 'amount_paise', 'partner_id', 'entry_date', 'mode'])
    .select(['created_at', 'voided_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      projectId: row.project_id,
      category: row.category,
      created_at: row.created_at,
      voided_at: row.voided_at,
      /** The columns an edit may change, as they are (money in paise): the before of the trail row. */
      columns: {
        particular: row.particular,
        amount_paise: row.amount_paise,
        partner_id: row.partner_id,
        entry_date: row.entry_date,
        mode: row.mode,
      },
    }
  );
}

/** The columns an edit writes (money in paise), as `lockDevelopmentEntry` reads them. */
export const contributionColumns = (update: ContributionEdit) => ({
  particular: update.particular,
  amount_paise: toPaise(update.amount),
  partner_id: update.partnerId,
  ...(update.date ? { entry_date: update.date } : {}),
  ...(update.mode ? { mode: update.mode } : {}),
});

/** Writes an edit: particular, amount, partner, and the date and mode when given. */
export async function updateContributionEntry(tdb: TenantDb, update: ContributionEdit): Promise<void> {
  await tdb
    .updateTable('development_entries')
    .set(contributionColumns(update))
    .where('id', '=', update.developmentId)
    .execute();
}
