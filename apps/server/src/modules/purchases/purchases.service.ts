import type { PurchaseDto, PurchaseRow, SavedRows } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { lockEntryProject } from '../../lib/entry-rows.repository.js';
import { checkRowRefs, savedRows } from '../../lib/entry-rows.service.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { keepPayoutsCovered, lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import { assertProject } from '../projects/projects.service.js';
import {
  deletePurchase,
  insertPurchases,
  listPurchases,
  pagePurchases,
  updatePurchase,
} from './purchases.repository.js';

/**
 * Saves a batch after checking every row's project, partner and plot; the caller's transaction keeps it whole. A
 * new cost is a fact and is always saved: when it lowers the profit share of a partner already paid in full, their
 * due on Payment To Partner goes negative (money they owe back). It still takes the dues' lock, so a payout sent
 * at the same time waits for it and is held to the due it leaves (or this waits for the payout).
 */
export async function savePurchases(tdb: TenantDb, rows: PurchaseRow[], userId: number): Promise<SavedRows> {
  await checkRowRefs(tdb, rows);
  const projectIds = rows.map((r) => r.projectId);
  await lockPartnerDues(tdb, projectIds);
  const saved = await insertPurchases(tdb, rows, userId);
  return savedRows('Saved!', saved);
}

export async function getProjectPurchases(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<PurchaseDto>> {
  await assertProject(tdb, projectId);
  return pagePurchases(tdb, projectId, page);
}

/** Edits an entry (its project may change too); refused when it would leave a partner paid out more than is due. */
export async function editPurchase(tdb: TenantDb, id: number, row: PurchaseRow): Promise<PurchaseDto> {
  const projectId = await lockEntryProject(tdb, 'purchase_entries', id);
  if (projectId === undefined) throw notFound('Purchase entry not found.');
  await checkRowRefs(tdb, [row]);
  await keepPayoutsCovered(tdb, [projectId, row.projectId], 'Changing this purchase entry', () =>
    updatePurchase(tdb, id, row),
  );
  const [saved] = await listPurchases(tdb, { id });
  if (!saved) throw notFound('Purchase entry not found.');
  return saved;
}

/** Deletes an entry; refused when it would leave its partner paid out more than is due to them. */
export async function removePurchase(tdb: TenantDb, id: number): Promise<void> {
  const projectId = await lockEntryProject(tdb, 'purchase_entries', id);
  if (projectId === undefined) throw notFound('Purchase entry not found.');
  await keepPayoutsCovered(tdb, [projectId], 'Deleting this purchase entry', () => deletePurchase(tdb, id));
}
