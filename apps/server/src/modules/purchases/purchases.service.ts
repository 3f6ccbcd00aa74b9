import type { PurchaseDto, PurchaseRow, SavedRows } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import { checkRowRefs, savedRows } from '../../lib/entry-rows.service.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { assertProject } from '../projects/projects.service.js';
import {
  deletePurchase,
  insertPurchases,
  listPurchases,
  pagePurchases,
  updatePurchase,
} from './purchases.repository.js';

/** Saves a batch after checking every row's project, partner and plot; the caller's transaction keeps it whole. */
export async function savePurchases(tdb: TenantDb, rows: PurchaseRow[], userId: number): Promise<SavedRows> {
  await checkRowRefs(tdb, rows);
  return savedRows('Saved!', await insertPurchases(tdb, rows, userId));
}

export async function getProjectPurchases(
  tdb: TenantDb,
  projectId: number,
  page: PageRequest,
): Promise<Page<PurchaseDto>> {
  await assertProject(tdb, projectId);
  return pagePurchases(tdb, projectId, page);
}

export async function editPurchase(tdb: TenantDb, id: number, row: PurchaseRow): Promise<PurchaseDto> {
  await checkRowRefs(tdb, [row]);
  if (!(await updatePurchase(tdb, id, row))) throw notFound('Purchase entry not found.');
  const [saved] = await listPurchases(tdb, { id });
  if (!saved) throw notFound('Purchase entry not found.');
  return saved;
}

export async function removePurchase(tdb: TenantDb, id: number): Promise<void> {
  if (!(await deletePurchase(tdb, id))) throw notFound('Purchase entry not found.');
}
