import type { PurchaseAnswer, PurchaseEdit, PurchaseRow, SavedRowsAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { lockEntry, moneyColumns } from '../../lib/entry-rows.repository.js';
import { checkRowRefs, savedRows } from '../../lib/entry-rows.service.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertLive, editReason, VOIDED, voidReason } from '../../lib/voids.js';
import { keepPayoutsCovered, lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import { assertProject } from '../projects/projects.service.js';
import { insertPurchases, listPurchases, pagePurchases, updatePurchase, voidPurchase } from './purchases.repository.js';

/**
 * Saves a batch after checking every row's project, partner and plot; the caller's transaction keeps it whole. A
 * new cost is a fact and is always saved: when it lowers the profit share of a partner already paid in full, their
 * due on Payment To Partner goes negative (money they owe back). It still takes the dues' lock, so a payout sent
 * at the same time waits for it and is held to the due it leaves (or this waits for the payout).
 */
export async function savePurchases(tdb: TenantDb, rows: PurchaseRow[], userId: number): Promise<SavedRowsAnswer> {
  await checkRowRefs(tdb, rows);
  const projectIds = rows.map((r) => r.projectId);
  await lockPartnerDues(tdb, projectIds);
  const saved = await insertPurchases(tdb, rows, userId);
  saved.forEach((s, i) => {
    const after = moneyColumns(rows[i] as PurchaseRow);
    recordChange(tdb, { entity: 'purchase', entityId: s.id, action: 'create', changes: changedFields(null, after) });
  });
  return savedRows('Saved!', saved);
}

export async function getProjectPurchases(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
  withVoided = false,
): Promise<Page<PurchaseAnswer>> {
  await assertProject(tdb, projectId);
  return pagePurchases(tdb, projectId, page, withVoided);
}

/**
 * Edits an entry (its project may change too); refused when it would leave a partner paid out more than is due. An
 * entry saved before today needs a reason (the trail keeps it); a voided one is not edited (409).
 */
export async function editPurchase(tdb: TenantDb, id: number, edit: PurchaseEdit): Promise<PurchaseAnswer> {
  const { reason: given, ...row } = edit;
  const before = await lockEntry(tdb, 'purchase_entries', id);
  if (before === undefined) throw notFound('Purchase entry not found.');
  assertLive(before, 'purchase entry');
  const reason = editReason(before.created_at, given);
  await checkRowRefs(tdb, [row]);
  await keepPayoutsCovered(tdb, [before.project_id, row.projectId], 'Changing this purchase entry', () =>
    updatePurchase(tdb, id, row),
  );
  const changes = changedFields(before, moneyColumns(row));
  if (Object.keys(changes).length > 0)
    recordChange(tdb, { entity: 'purchase', entityId: id, action: 'update', changes, reason });
  const [saved] = await listPurchases(tdb, { id });
  if (!saved) throw notFound('Purchase entry not found.');
  return saved;
}

/**
 * Voids an entry (it stays, leaving every total and report); refused when it would leave its partner paid out more
 * than is due to them. A second void is a 409.
 */
export async function removePurchase(tdb: TenantDb, id: number, userId: number, reason?: string | null): Promise<void> {
  const why = voidReason(reason);
  const before = await lockEntry(tdb, 'purchase_entries', id);
  if (before === undefined) throw notFound('Purchase entry not found.');
  assertLive(before, 'purchase entry');
  await keepPayoutsCovered(tdb, [before.project_id], 'Voiding this purchase entry', () =>
    voidPurchase(tdb, id, userId, why),
  );
  recordChange(tdb, { entity: 'purchase', entityId: id, action: 'void', changes: VOIDED, reason: why });
}
