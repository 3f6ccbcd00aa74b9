import type { CreateSaleCommand } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import type { BuyerRecord } from './buyers.repository.js';
import { addBuyerFromInput, assertBuyer, buyerForSale } from './buyers.service.js';

/**
 * The buyer a new sale names (POST /api/sale): `buyerId` (404 when not the company's), or `buyer` (a new buyer
 * with co-buyers and nominee, 409 on a mobile another buyer holds), or the spec's `buyerName` + `buyerMobile`
 * (the buyer holding that mobile, else a new one), or none.
 */
export async function saleBuyer(
  tdb: TenantDb,
  input: Pick<CreateSaleCommand, 'buyerId' | 'buyer' | 'buyerName' | 'buyerMobile'>,
  userId: number,
): Promise<BuyerRecord | null> {
  if (input.buyerId) return assertBuyer(tdb, input.buyerId);
  if (input.buyer) return addBuyerFromInput(tdb, input.buyer, userId);
  return buyerForSale(tdb, input.buyerName, input.buyerMobile, userId);
}
