import type { ContributionEdit, DevelopmentAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { checkRowRefs } from '../../lib/entry-rows.service.js';
import { assertLive, editReason } from '../../lib/voids.js';
import { getDevelopmentEntry, getProjectDevelopment, removeDevelopment } from '../development/development.service.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import { contributionColumns, lockDevelopmentEntry, updateContributionEntry } from './contributions.repository.js';

/** Edits one development row; its project and category stay, and the new partner must partner that project. */
export async function updateContribution(tdb: TenantDb, update: ContributionEdit): Promise<DevelopmentAnswer> {
  const existing = await lockDevelopmentEntry(tdb, update.developmentId);
  if (!existing) throw notFound('Development entry not found.');
  assertLive(existing, 'contribution');
  const reason = editReason(existing.created_at, update.reason);
  if (update.category && update.category !== existing.category) {
    throw badRequest('The category of a contribution cannot be changed here; delete it and record it again.');
  }
  await checkRowRefs(tdb, [{ projectId: existing.projectId, partnerId: update.partnerId }]);
  await keepPayoutsCovered(tdb, [existing.projectId], 'Changing this contribution', () =>
    updateContributionEntry(tdb, update),
  );
  const changes = changedFields(existing.columns, contributionColumns(update));
  if (Object.keys(changes).length > 0)
    recordChange(tdb, { entity: 'contribution', entityId: existing.id, action: 'update', changes, reason });
  return getDevelopmentEntry(tdb, update.developmentId);
}

/** Partner Contribution lists a project's (or a plot's) development rows, paged as the development list. */
export const pageContributions = getProjectDevelopment;

/** Partner Contribution's delete is the development list's void (the same rows, the same payout check). */
export const removeContribution = (tdb: TenantDb, id: number, userId: number, reason: string | null | undefined) =>
  removeDevelopment(tdb, id, userId, reason, 'contribution');
