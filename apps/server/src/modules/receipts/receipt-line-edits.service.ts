import { addPaise, maxPaise, type ReceiptLineEdit, subPaise, toPaise, ZERO_PAISE } from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { refuseArchived } from '../../lib/entry-rows.service.js';
import { assertLive, editReason, voidReason } from '../../lib/voids.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import { assertTdsFits } from '../sale-tax/sale-tax.service.js';
import { assertTransferFeeFits } from '../sales/transfer-fee.service.js';
import { findReceiptLine, liveLineCount, updateReceiptLine, voidReceiptLine } from './receipt-line-edits.repository.js';
import { type ActiveSale, sumPlotReceipts } from './receipts.repository.js';
import { assertFits, lockSale } from './receipts.service.js';

/**
 * A Pending receipt's line gets a new amount or is voided. A cleared (Completed) or Cancelled receipt is final: its
 * lines are not changed. Like saving a receipt, the change runs under the partners' dues' lock (the project's row,
 * then the sale's, then the receipt's line) and is refused when it would leave a partner paid out more than is due
 * (`keepPayoutsCovered`: each line is money handed to the partner it is credited to). The trail row is the
 * receipt's (entity 'receipt', its id), naming the line (`line_id`) and the receipt's total before and after.
 */
async function changeLine<T>(
  tdb: TenantDb,
  lineId: number,
  action: string,
  change: (line: NonNullable<Awaited<ReturnType<typeof findReceiptLine>>>, sale: ActiveSale) => Promise<T>,
): Promise<T> {
  const found = await findReceiptLine(tdb, lineId);
  if (!found) throw notFound('Receipt line not found.');
  return keepPayoutsCovered(tdb, [found.project_id], action, async () => {
    const sale = await lockSale(tdb, found.plot_id);
    const line = await findReceiptLine(tdb, lineId, { lock: true });
    if (!line) throw notFound('Receipt line not found.');
    if (line.status !== 'Pending') {
      throw conflict(
        `A cleared receipt is not changed; this receipt is ${line.status}, and only a Pending receipt's lines can be edited or voided.`,
      );
    }
    assertLive(line, 'receipt line');
    return change(line, sale);
  });
}

/** `PUT /api/payment/line/{lineId}`: a new amount (and mode detail); a reason when the receipt is older than today. */
export async function editReceiptLine(
  tdb: TenantDb,
  lineId: number,
  edit: ReceiptLineEdit,
): Promise<{ message: string }> {
  return changeLine(tdb, lineId, 'Changing this receipt line', async (line, sale) => {
    const reason = editReason(line.created_at, edit.reason);
    // An edit records money as a new line would (an edit of a purchase is refused alike): not against an archived
    // project, plot or partner. A void, which only takes money away, is not refused.
    await refuseArchived(tdb, {
      projectIds: [line.project_id],
      plotIds: [line.plot_id],
      partnerIds: line.partner_id === null ? [] : [line.partner_id],
    });
    const amountPaise = toPaise(edit.amount);
    const totalPaise = addPaise(subPaise(line.total_paise, line.amount_paise), amountPaise);
    const sums = await sumPlotReceipts(tdb, line.plot_id);
    // A Transfer Fee or TDS line may grow only by what is left of the fees charged or the TDS due (its old amount is
    // already counted).
    const growth = [
      { particular: line.particular, amountPaise: maxPaise(ZERO_PAISE, subPaise(amountPaise, line.amount_paise)) },
    ];
    await assertTransferFeeFits(tdb, sale, growth);
    await assertTdsFits(tdb, sale, growth);
    assertFits(
      sale,
      sums.Completed,
      totalPaise,
      (amount, pending) =>
        `The receipt total ${amount} would be more than the pending balance of ${pending}: money received may not exceed the sale amount.`,
    );
    await updateReceiptLine(tdb, lineId, { amountPaise, modeDetail: edit.modeDetail });
    const before = { line_id: lineId, amount_paise: line.amount_paise, mode_detail: line.mode_detail };
    const after = {
      line_id: lineId,
      amount_paise: amountPaise,
      ...(edit.modeDetail !== undefined ? { mode_detail: edit.modeDetail } : {}),
    };
    const changes = changedFields(before, after);
    if (Object.keys(changes).length > 0) {
      changes.line_id = [lineId, lineId];
      changes.total_paise = [line.total_paise, totalPaise];
      recordChange(tdb, { entity: 'receipt', entityId: line.receipt_id, action: 'update', changes, reason });
    }
    return { message: 'Receipt line changed.' };
  });
}

/** `POST /api/payment/line/{lineId}/void`: the line stays, out of its receipt's total and every report. */
export async function removeReceiptLine(
  tdb: TenantDb,
  lineId: number,
  userId: number,
  reason: string | null | undefined,
): Promise<{ message: string }> {
  const why = voidReason(reason);
  return changeLine(tdb, lineId, 'Voiding this receipt line', async (line) => {
    if ((await liveLineCount(tdb, line.receipt_id)) <= 1) {
      throw conflict("This is the receipt's only line: cancel the receipt instead of voiding its line.");
    }
    await voidReceiptLine(tdb, lineId, userId, why);
    const changes = {
      line_id: [lineId, lineId] as [unknown, unknown],
      voided: [false, true] as [unknown, unknown],
      total_paise: [line.total_paise, subPaise(line.total_paise, line.amount_paise)] as [unknown, unknown],
    };
    recordChange(tdb, { entity: 'receipt', entityId: line.receipt_id, action: 'void', changes, reason: why });
    return { message: 'Receipt line voided.' };
  });
}
