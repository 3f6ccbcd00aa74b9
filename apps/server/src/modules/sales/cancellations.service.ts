import {
  addPaise,
  type CancellationAnswer,
  type CancelSale,
  type ClearRefund,
  cancelSplitMessage,
  formatDate,
  formatRupees,
  largestRemainder,
  type Paise,
  paise,
  toPaise,
  toRupees,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { checkRowRefs } from '../../lib/entry-rows.service.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import { refundCashWarnings } from '../sale-tax/sale-tax.service.js';
import {
  type CancellationRow,
  completeRefund,
  creditedByPartner,
  findCancellation,
  findSaleProject,
  insertCancellation,
  isPlotRegistered,
  lastReceiptDate,
  lockSaleById,
  refundPaidBy,
  sumSaleReceipts,
} from './cancellations.repository.js';
import { lastTransferDate } from './sale-transfers.repository.js';
import { setSaleStatus } from './sales.repository.js';

const SALE_NOT_FOUND = 'Sale not found.';

/**
 * How a refund is paid out of the partners' hands: all by `partnerId` when given, else split over the partners the
 * sale's Completed lines credited, in proportion to what each holds of it (largest remainder, to the paisa).
 */
async function refundDebits(
  tdb: TenantDb,
  saleId: number,
  projectId: number,
  refund: Paise,
  partnerId?: number | null,
) {
  if (refund === 0) return [];
  if (partnerId) {
    await checkRowRefs(tdb, [{ projectId, partnerId }]);
    return [{ partnerId, paise: refund }];
  }
  const credited = await creditedByPartner(tdb, saleId);
  const total = credited.reduce((n, c) => n + c.paise, 0);
  if (total === 0) return [];
  // Never more than the partners hold of the sale's money (lines credited to no partner are nobody's to debit).
  const shares = largestRemainder(
    Math.min(refund, total),
    credited.map((c) => c.paise),
  );
  return credited.map((c, i) => ({ partnerId: c.partnerId, paise: paise(shares[i] ?? 0) }));
}

const answerOf = (
  row: CancellationRow,
  message: string,
  extra: Pick<CancellationAnswer, 'paidBy' | 'warnings'> = {},
): CancellationAnswer => ({
  ...extra,
  message,
  saleId: row.saleId,
  cancelDate: row.cancelDate,
  reason: row.reason,
  received: row.receivedPaise,
  refund: row.refundPaise,
  retained: row.retainedPaise,
  refundMode: row.refundMode,
  modeDetail: row.modeDetail,
  refundStatus: row.refundStatus,
  refundPaidDate: row.refundPaidDate,
});

/**
 * `POST /api/sale/{saleId}/cancel`: an Active, unregistered sale with no Pending receipt is cancelled; of what it has
 * received, the refund goes back to the buyer and the retained part is the company's income. Takes the locks a
 * receipt takes, in its order (the project's dues lock via keepPayoutsCovered, then the sale), so a receipt saved
 * or cleared meanwhile is either counted in `received` or refused (the plot is no longer sold).
 */
export async function cancelSale(
  tdb: TenantDb,
  saleId: number,
  input: CancelSale,
  userId: number,
): Promise<CancellationAnswer> {
  const projectId = await findSaleProject(tdb, saleId);
  if (projectId === undefined) throw notFound(SALE_NOT_FOUND);
  return keepPayoutsCovered(tdb, [projectId], 'Cancelling this sale', async () => {
    const sale = await lockSaleById(tdb, saleId);
    if (!sale) throw notFound(SALE_NOT_FOUND);
    if (sale.status !== 'Active') throw conflict('This sale is already cancelled.');
    if (await isPlotRegistered(tdb, sale.plot_id)) {
      throw conflict(`Plot ${sale.plot_name} is registered: a registered plot's sale cannot be cancelled.`);
    }
    if (input.date < sale.sale_date) {
      const message = `The cancellation date is before the sale date ${formatDate(sale.sale_date)}.`;
      throw badRequest(message, { date: `Not before the sale date ${formatDate(sale.sale_date)}` });
    }
    // Nothing after the cancellation: no receipt of the sale, and no hand-over of it, is dated later.
    const [lastReceipt, lastTransfer] = await Promise.all([
      lastReceiptDate(tdb, saleId),
      lastTransferDate(tdb, saleId),
    ]);
    for (const [last, what] of [
      [lastReceipt, 'a receipt of this sale dated'],
      [lastTransfer, 'the last transfer of this sale, dated'],
    ] as const) {
      if (last !== null && input.date < last) {
        throw badRequest(`The cancellation date is before ${what} ${formatDate(last)}.`, {
          date: `Not before ${formatDate(last)}`,
        });
      }
    }
    const sums = await sumSaleReceipts(tdb, saleId);
    if (sums.pending > 0) {
      throw conflict(
        `This sale has Pending receipts of ${formatRupees(toRupees(sums.pending))}: clear or cancel them first.`,
      );
    }
    const refundPaise = toPaise(input.refundAmount);
    const retainedPaise = toPaise(input.retainedAmount);
    if (addPaise(refundPaise, retainedPaise) !== sums.completed) {
      throw badRequest(cancelSplitMessage(sums.completed, refundPaise, retainedPaise), {
        refundAmount: `Refund + retained must be ${formatRupees(toRupees(sums.completed))}`,
      });
    }
    const refundMode = refundPaise > 0 ? (input.refundMode ?? null) : null;
    if (refundPaise > 0 && !refundMode) {
      throw badRequest('Select how the refund is paid.', { refundMode: 'Select how the refund is paid' });
    }
    // s.269T: a cash refund reaching the cash limit is warned of, or refused when the company says so.
    const warnings = await refundCashWarnings(tdb, { amountPaise: refundPaise, mode: refundMode, date: input.date });
    const pending = refundMode === 'Cheque';
    const row: CancellationRow = {
      saleId,
      projectId: sale.project_id,
      plotId: sale.plot_id,
      cancelDate: input.date,
      reason: input.reason,
      receivedPaise: sums.completed,
      refundPaise,
      retainedPaise,
      refundMode,
      modeDetail: refundPaise > 0 ? input.modeDetail : null,
      refundStatus: pending ? 'Pending' : 'Completed',
      refundPaidDate: pending ? null : input.date,
    };
    const debits = await refundDebits(tdb, saleId, sale.project_id, refundPaise, input.partnerId);
    await insertCancellation(tdb, row, debits, userId);
    await setSaleStatus(tdb, saleId, 'Cancelled');
    recordChange(tdb, {
      entity: 'sale',
      entityId: saleId,
      action: 'cancel',
      reason: input.reason,
      changes: {
        status: ['Active', 'Cancelled'],
        cancel_date: [null, row.cancelDate],
        received_paise: [null, row.receivedPaise],
        refund_paise: [null, row.refundPaise],
        retained_paise: [null, row.retainedPaise],
        refund_mode: [null, row.refundMode],
        mode_detail: [null, row.modeDetail],
        refund_status: [null, row.refundStatus],
      },
    });
    const paidBy = await refundPaidBy(tdb, saleId);
    return answerOf(row, `Sale cancelled: plot ${sale.plot_name} is available again.`, { paidBy, warnings });
  });
}

/** `POST /api/sale/{saleId}/refund/clear`: a Pending refund cheque paid on `date` (Completed). */
export async function clearRefund(tdb: TenantDb, saleId: number, input: ClearRefund): Promise<CancellationAnswer> {
  const projectId = await findSaleProject(tdb, saleId);
  if (projectId === undefined) throw notFound(SALE_NOT_FOUND);
  return keepPayoutsCovered(tdb, [projectId], 'Clearing this refund', async () => {
    const found = await findCancellation(tdb, saleId, { lock: true });
    if (!found) throw conflict('This sale is not cancelled: it has no refund to clear.');
    if (found.refundStatus !== 'Pending') throw conflict('This refund is already Completed.');
    if (input.date < found.cancelDate) {
      const message = `The date is before the cancellation date ${formatDate(found.cancelDate)}.`;
      throw badRequest(message, { date: `Not before ${formatDate(found.cancelDate)}` });
    }
    await completeRefund(tdb, found.id, input.date);
    recordChange(tdb, {
      entity: 'sale',
      entityId: saleId,
      action: 'refund',
      changes: { refund_status: ['Pending', 'Completed'], refund_paid_date: [null, input.date] },
    });
    const paidBy = await refundPaidBy(tdb, saleId);
    return answerOf({ ...found, refundStatus: 'Completed', refundPaidDate: input.date }, 'Refund marked as paid.', {
      paidBy,
    });
  });
}

/** `GET /api/sale/{saleId}/cancellation`: the cancellation of a sale (404 when the sale is not cancelled). */
export async function getCancellation(tdb: TenantDb, saleId: number): Promise<CancellationAnswer> {
  const found = await findCancellation(tdb, saleId);
  if (!found) throw notFound('This sale is not cancelled.');
  return answerOf(found, '', { paidBy: await refundPaidBy(tdb, saleId) });
}
