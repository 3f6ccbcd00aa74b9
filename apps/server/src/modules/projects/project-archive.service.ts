import type { ArchiveResultDto } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { archiveAnswer } from '../../lib/archive.js';
import { setArchived } from './project-writes.repository.js';

/**
 * Archive, not delete (issue 19): an archived project or plot keeps its money in the reports and its history, is
 * left out of the pickers (unless `?archived=include`) and takes no new money (lib/entry-rows.service.ts
 * `refuseArchived`) until it is restored. Each archive and restore is recorded in the audit trail with its reason.
 */
export async function archiveProject(tdb: TenantDb, projectId: number, userId: number, reason: string) {
  const write = await setArchived(tdb, 'projects', projectId, { by: userId, reason });
  return archiveAnswer(tdb, 'project', projectId, write, 'archive', reason);
}

export async function restoreProject(
  tdb: TenantDb,
  projectId: number,
  reason: string | null,
): Promise<ArchiveResultDto> {
  const write = await setArchived(tdb, 'projects', projectId, null);
  return archiveAnswer(tdb, 'project', projectId, write, 'restore', reason);
}

export async function archivePlot(tdb: TenantDb, plotId: number, userId: number, reason: string) {
  const write = await setArchived(tdb, 'plots', plotId, { by: userId, reason });
  return archiveAnswer(tdb, 'plot', plotId, write, 'archive', reason);
}

export async function restorePlot(tdb: TenantDb, plotId: number, reason: string | null): Promise<ArchiveResultDto> {
  const write = await setArchived(tdb, 'plots', plotId, null);
  return archiveAnswer(tdb, 'plot', plotId, write, 'restore', reason);
}
