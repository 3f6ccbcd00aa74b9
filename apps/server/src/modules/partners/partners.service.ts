import { type PartnerAnswer, type PartnerCommand, pluralize, shareOverMessage } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { archiveAnswer } from '../../lib/archive.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import {
  deletePartnerRow,
  listPartners,
  lockProjectShares,
  partnerEntryCount,
  projectsWithPartnerEntries,
  savePartnerRow,
  setPartnerArchived,
} from './partners.repository.js';

/** Every partner of the company with their project shares; the archived ones only with `includeArchived`. */
export const listAllPartners = (tdb: TenantDb, includeArchived = false): Promise<PartnerAnswer[]> =>
  listPartners(tdb, undefined, includeArchived);

export async function getPartner(tdb: TenantDb, partnerId: number): Promise<PartnerAnswer> {
  const [partner] = await listPartners(tdb, partnerId);
  if (!partner) throw notFound('Partner not found.');
  return partner;
}

/**
 * Creates (partnerId null) or replaces a partner and their project shares; a project's shares stay ≤ 100 %, and a
 * smaller share may not leave the partner paid out more than is due to them.
 */
export async function savePartner(tdb: TenantDb, input: PartnerCommand, partnerId: number | null): Promise<number> {
  if (partnerId === null) return saveShares(tdb, input, null);
  const projectIds = input.projects.map((p) => p.projectId);
  return keepPayoutsCovered(tdb, projectIds, 'Changing these shares', () => saveShares(tdb, input, partnerId));
}

/**
 * A partner as the audit trail records it: their columns and their shares, one text (`project 3: 40%; project 5:
 * none`, by project id), so a changed share is one changed field.
 */
function trailed(p: Pick<PartnerCommand, 'partnerName' | 'city' | 'email' | 'phone' | 'projects'>) {
  const shares = [...p.projects]
    .sort((a, b) => a.projectId - b.projectId)
    .map((s) => `project ${s.projectId}: ${s.percentageShare === null ? 'none' : `${s.percentageShare}%`}`)
    .join('; ');
  return { partner_name: p.partnerName, city: p.city, email: p.email ?? null, phone: p.phone ?? null, shares };
}

async function saveShares(tdb: TenantDb, input: PartnerCommand, partnerId: number | null): Promise<number> {
  let current: PartnerAnswer | null = null;
  if (partnerId !== null) {
    current = await getPartner(tdb, partnerId);
    const kept = new Set(input.projects.map((p) => p.projectId));
    const removed = current.projects.filter((p) => !kept.has(p.projectId));
    const used = await projectsWithPartnerEntries(
      tdb,
      partnerId,
      removed.map((p) => p.projectId),
    );
    const blocked = removed.find((p) => used.has(p.projectId));
    if (blocked) {
      throw conflict(
        `${current.partnerName} has entries in ${blocked.projectName}, so that project cannot be removed from them.`,
      );
    }
  }
  const ids = input.projects.map((p) => p.projectId);
  if (new Set(ids).size !== ids.length) throw badRequest('A project is listed twice. Choose each project once.');
  const projects = await lockProjectShares(tdb, ids, partnerId);
  for (const row of input.projects) {
    const project = projects.find((p) => p.projectId === row.projectId);
    if (!project) throw notFound(`Project ${row.projectId} not found.`);
    const over = shareOverMessage(project.projectName, project.taken, row.percentageShare);
    if (over) throw badRequest(over, { projects: 'Shares may not exceed 100%.' });
  }
  const id = await savePartnerRow(tdb, input, partnerId);
  const changes = changedFields(current && trailed(current), trailed(input));
  if (current === null) recordChange(tdb, { entity: 'partner', entityId: id, action: 'create', changes });
  else if (Object.keys(changes).length > 0)
    recordChange(tdb, { entity: 'partner', entityId: id, action: 'update', changes });
  return id;
}

export async function deletePartner(tdb: TenantDb, partnerId: number): Promise<void> {
  const partner = await getPartner(tdb, partnerId);
  const entries = await partnerEntryCount(tdb, partnerId);
  if (entries > 0) {
    throw conflict(
      `${partner.partnerName} has ${pluralize(entries, 'payment entry', 'payment entries')} recorded and cannot be deleted. Archive the partner instead: they leave the lists and their money stays in the reports.`,
    );
  }
  await deletePartnerRow(tdb, partnerId);
  recordChange(tdb, {
    entity: 'partner',
    entityId: partnerId,
    action: 'delete',
    changes: changedFields(trailed(partner), null),
  });
}

/**
 * Archive, not delete (issue 19): an archived partner keeps their money in the reports and their history, is left
 * out of the pickers (unless `?archived=include`) and takes no new money until restored; recorded with its reason.
 */
export async function archivePartner(tdb: TenantDb, partnerId: number, userId: number, reason: string) {
  const write = await setPartnerArchived(tdb, partnerId, { by: userId, reason });
  return archiveAnswer(tdb, 'partner', partnerId, write, 'archive', reason);
}

export async function restorePartner(tdb: TenantDb, partnerId: number, reason: string | null) {
  const write = await setPartnerArchived(tdb, partnerId, null);
  return archiveAnswer(tdb, 'partner', partnerId, write, 'restore', reason);
}
