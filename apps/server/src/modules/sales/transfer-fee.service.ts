import {
  formatRupees,
  maxPaise,
  type Paise,
  subPaise,
  sumPaise,
  TRANSFER_FEE_PARTICULAR,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict } from '../../lib/app-error.js';
import { transferFeeLinesPaise } from './sale-transfers.repository.js';

/**
 * A Transfer Fee receipt line pays a transfer fee charged on the sale: the lines of a receipt with that particular
 * may not take what the sale's Completed and Pending Transfer Fee lines hold past the fees charged (409 naming
 * what is still unpaid). Called with the sale locked, so two receipts of one plot are checked one after the other.
 */
export async function assertTransferFeeFits(
  tdb: TenantDb,
  sale: { saleId: number; transferFeePaise: Paise },
  lines: readonly { particular: string; amountPaise: Paise }[],
): Promise<void> {
  const feeLines = lines.filter((line) => line.particular === TRANSFER_FEE_PARTICULAR);
  const asked = sumPaise(feeLines.map((line) => line.amountPaise));
  if (asked <= 0) return;
  const taken = await transferFeeLinesPaise(tdb, sale.saleId);
  const unpaid = maxPaise(ZERO_PAISE, subPaise(sale.transferFeePaise, taken));
  if (asked <= unpaid) return;
  const amount = formatRupees(toRupees(asked));
  throw conflict(
    unpaid === 0
      ? `The Transfer Fee lines total ${amount}, but no transfer fee is unpaid on this sale.`
      : `The Transfer Fee lines total ${amount}, more than the transfer fee still unpaid of ${formatRupees(toRupees(unpaid))}.`,
  );
}
