import type { DevelopmentAnswer, DevelopmentRow, SavedRowsAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { lockEntry } from '../../lib/entry-rows.repository.js';
import { checkRowRefs, savedRows } from '../../lib/entry-rows.service.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertLive, VOIDED, voidReason } from '../../lib/voids.js';
import { keepPayoutsCovered, lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import { assertProject } from '../projects/projects.service.js';
import { insertDevelopment, listDevelopment, pageDevelopment, voidDevelopment } from './development.repository.js';

/** per_sqft and per_plot costs are charged to a plot; per_project costs are spread over all plots. */
export function checkCategories(rows: readonly DevelopmentRow[]) {
  rows.forEach((row, i) => {
    if (row.category !== 'per_project' && !row.plotId) {
      throw badRequest(`Row ${i + 1}: select a plot for a ${row.category} cost.`, { [`${i}.plotId`]: 'Select a plot' });
    }
    if (row.category === 'per_project' && row.plotId) {
      throw badRequest(`Row ${i + 1}: a per_project cost is not charged to one plot.`, {
        [`${i}.plotId`]: 'No plot for per_project',
      });
    }
  });
}

/**
 * Saves a batch after checking every row's project, partner and plot; the caller's transaction keeps it whole. A
 * new cost is a fact and is always saved: when it lowers the profit share of a partner already paid in full, their
 * due on Payment To Partner goes negative (money they owe back). It still takes the dues' lock, so a payout sent
 * at the same time waits for it and is held to the due it leaves (or this waits for the payout).
 */
export async function saveDevelopment(tdb: TenantDb, rows: DevelopmentRow[], userId: number): Promise<SavedRowsAnswer> {
  await checkRowRefs(tdb, rows);
  const projectIds = rows.map((r) => r.projectId);
  await lockPartnerDues(tdb, projectIds);
  const saved = await insertDevelopment(tdb, rows, userId);
  return savedRows('Development information saved successfully!', saved);
}

/** A page of a project's development rows, or of one plot's (the development list and Partner Contribution). */
export async function getProjectDevelopment(
  tdb: TenantDb,
  where: { projectId: number; plotId?: number },
  page: PageRequest,
  withVoided = false,
): Promise<Page<DevelopmentAnswer>> {
  const result = await pageDevelopment(tdb, where, page, withVoided);
  // Only an empty list needs telling apart from a project that does not exist (404).
  if (result.totals.unfilteredCount === 0) await assertProject(tdb, where.projectId);
  return result;
}

/** One development entry as the lists show it; 404 when there is none. */
export async function getDevelopmentEntry(tdb: TenantDb, id: number): Promise<DevelopmentAnswer> {
  const [row] = await listDevelopment(tdb, { id });
  if (!row) throw notFound('Development entry not found.');
  return row;
}

/**
 * Voids a development entry (the development list, `entity` 'development', and Partner Contribution,
 * 'contribution'): it stays, leaving every total and report; refused when it would leave its partner paid out more
 * than is due to them. A second void is a 409.
 */
export async function removeDevelopment(
  tdb: TenantDb,
  id: number,
  userId: number,
  reason: string | null | undefined,
  entity: 'development' | 'contribution' = 'development',
): Promise<void> {
  const why = voidReason(reason);
  const before = await lockEntry(tdb, 'development_entries', id);
  if (before === undefined) throw notFound('Development entry not found.');
  assertLive(before, entity === 'development' ? 'development entry' : 'contribution');
  const what = entity === 'development' ? 'Voiding this development entry' : 'Voiding this contribution';
  await keepPayoutsCovered(tdb, [before.project_id], what, () => voidDevelopment(tdb, id, userId, why));
  recordChange(tdb, { entity, entityId: id, action: 'void', changes: VOIDED, reason: why });
}
