import type { SaleTransferRowAnswer } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { listBuyerTransfers } from './sale-transfers.repository.js';

/** Every hand-over of a sale to or from the buyer, newest first: the buyer page (buyers module) reads them here. */
export function buyerTransfers(tdb: TenantDb, buyerId: number): Promise<SaleTransferRowAnswer[]> {
  return listBuyerTransfers(tdb, buyerId);
}
