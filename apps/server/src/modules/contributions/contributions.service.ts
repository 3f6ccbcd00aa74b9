import type { ContributionEdit, DevelopmentDto } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, notFound } from '../../lib/app-error.js';
import { checkRowRefs } from '../../lib/entry-rows.service.js';
import { deleteDevelopment, listDevelopment } from '../development/development.repository.js';
import { lockDevelopmentEntry, updateContributionEntry } from './contributions.repository.js';

/** Edits one development row; its project and category stay, and the new partner must partner that project. */
export async function updateContribution(tdb: TenantDb, update: ContributionEdit): Promise<DevelopmentDto> {
  const existing = await lockDevelopmentEntry(tdb, update.developmentId);
  if (!existing) throw notFound('Development entry not found.');
  if (update.category && update.category !== existing.category) {
    throw badRequest('The category of a contribution cannot be changed here; delete it and record it again.');
  }
  await checkRowRefs(tdb, [{ projectId: existing.projectId, partnerId: update.partnerId }]);
  await updateContributionEntry(tdb, update);
  const [row] = await listDevelopment(tdb, { id: update.developmentId });
  if (!row) throw notFound('Development entry not found.');
  return row;
}

export async function removeContribution(tdb: TenantDb, developmentId: number): Promise<void> {
  if (!(await deleteDevelopment(tdb, developmentId))) throw notFound('Development entry not found.');
}
