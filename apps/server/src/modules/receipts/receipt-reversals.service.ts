import {
  formatRupees,
  owedPaise,
  type PaymentSavedAnswer,
  pendingBalancePaise,
  RECEIPT_REVERSED_MESSAGE,
  REVERSE_REASON_REQUIRED,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import { getPlot } from '../projects/projects.service.js';
import { numberReceipt } from './receipt-numbers.repository.js';
import { findReceipt, markReceiptReversed, sumPlotReceipts } from './receipts.repository.js';
import { lockSale } from './receipts.service.js';

/** Why a reversal cannot be made, by the receipt's status. */
const REFUSED: Record<'Pending' | 'Cancelled' | 'Reversed', string> = {
  Pending: 'This receipt is Pending: cancel it instead of reversing it. Only a Completed receipt can be reversed.',
  Cancelled: 'This receipt is Cancelled: only a Completed receipt can be reversed.',
  Reversed: 'This receipt is already reversed.',
};

/**
 * Reverses a Completed receipt of the plot's active sale (issue 20): a Completed receipt is never edited, so a wrong
 * one is reversed with a reason and the clerk records the right one. It stays, with its state, who and why; the
 * triggers count only Completed receipts, so it leaves every total as a Cancelled one does. Its lines were money
 * the credited partners received, so it runs under the partners' dues' lock and is refused (409) when it would leave
 * a partner paid out more than is due to them. The same lock order as saving a receipt: project, sale, receipt.
 */
export async function reverseReceipt(
  tdb: TenantDb,
  receiptId: number,
  userId: number,
  reason: string | null | undefined,
  today: string,
): Promise<PaymentSavedAnswer> {
  const why = reason?.trim();
  if (!why) throw badRequest(REVERSE_REASON_REQUIRED, { reason: REVERSE_REASON_REQUIRED });
  const found = await findReceipt(tdb, receiptId);
  if (!found) throw notFound('Receipt not found.');
  return keepPayoutsCovered(tdb, [found.projectId], 'Reversing this receipt', async () => {
    const sale = await lockSale(tdb, found.plotId);
    const receipt = await findReceipt(tdb, receiptId, { lock: true });
    if (!receipt) throw notFound('Receipt not found.');
    if (receipt.status !== 'Completed') throw conflict(REFUSED[receipt.status]);
    if (receipt.saleId !== null && receipt.saleId !== sale.saleId) {
      throw conflict('This receipt belongs to a sale that is no longer active: it cannot be reversed.');
    }
    const plot = await getPlot(tdb, receipt.plotId);
    if (plot.isRegistered) {
      throw conflict(`${plot.plotName} is registered: its receipts can no longer be reversed.`);
    }
    await markReceiptReversed(tdb, receipt.receiptId, { userId, reason: why });
    // The reversal is a voucher of its own: the next number of today's series.
    const reversalNo = await numberReceipt(tdb, 'reversal', receipt.receiptId, today);
    recordChange(tdb, {
      entity: 'receipt',
      entityId: receipt.receiptId,
      action: 'reverse',
      changes: { status: ['Completed', 'Reversed'], reversal_no: [null, reversalNo] },
      reason: why,
    });
    const sums = await sumPlotReceipts(tdb, receipt.plotId);
    return {
      message: `${RECEIPT_REVERSED_MESSAGE} ${formatRupees(toRupees(receipt.totalPaise))} no longer counts as received.`,
      receiptId: receipt.receiptId,
      receiptNo: receipt.receiptNo,
      reversalNo,
      status: 'Reversed',
      total: receipt.totalPaise,
      received: sums.Completed,
      // What the buyer owes: the sale amount and the transfer fees charged on it.
      pendingBalance: pendingBalancePaise(owedPaise(sale), sums.Completed),
    };
  });
}
