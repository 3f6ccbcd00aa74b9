import {
  EMI_DATE_MESSAGE,
  formatDate,
  formatRupees,
  type Installment,
  isEmiDateAllowed,
  owedPaise,
  SALE_CORRECTED_MESSAGE,
  type SaleSavedAnswer,
  subPaise,
  toRupees,
  type UpdateSaleCommand,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { saleBuyer } from '../buyers/sale-buyer.service.js';
import { keepPayoutsCovered } from '../partner-payments/partner-dues.service.js';
import { getPlot } from '../projects/projects.service.js';
import {
  findSale,
  firstReceiptDate,
  listInstallments,
  lockSaleRow,
  replaceInstallments,
  saleRowColumns,
  updateSale,
} from './sales.repository.js';
import { saleRow, saleSchedule } from './sales.service.js';

const scheduleKey = (schedule: readonly Installment[]) =>
  schedule.map((i) => `${i.installmentNo}|${i.dueDate}|${Number(i.amountPaise)}`).join(',');

/**
 * Corrects an active sale (issue 20): its amount, advance, visarpawati, EMI duration and date, sale date, payment
 * type and buyer, with a reason. The schedule is rebuilt (old installments deleted, new ones inserted) and the
 * allocation triggers pay its oldest installments from the money already received. Refused (409) for a cancelled
 * sale, a registered plot, an amount below what has been received, a sale date after a receipt's, or a change to
 * Full Payment after installments were received. A lower amount lowers the project's profit, so the correction runs
 * under the partners' dues' lock (project, then the sale's row: a receipt's order) and is refused when it would
 * leave a partner paid out more than is due to them. Two clerks correcting at once take turns on the sale's row.
 */
export async function correctSale(
  tdb: TenantDb,
  saleId: number,
  input: UpdateSaleCommand,
  userId: number,
): Promise<SaleSavedAnswer> {
  const found = await findSale(tdb, saleId);
  if (!found) throw notFound('Sale not found.');
  return keepPayoutsCovered(tdb, [found.projectId], 'Correcting this sale', async () => {
    const before = await lockSaleRow(tdb, saleId);
    if (!before) throw notFound('Sale not found.');
    if (before.status !== 'Active') throw conflict('This sale is cancelled: only an active sale can be corrected.');
    const plot = await getPlot(tdb, before.plotId);
    if (plot.isRegistered) throw conflict(`${plot.plotName} is registered: its sale can no longer be corrected.`);
    const saleDate = input.saleDate ?? before.saleDate;
    if (input.paymentType === 'EMI' && input.emiDate && !isEmiDateAllowed(input.emiDate, saleDate)) {
      throw badRequest(EMI_DATE_MESSAGE, { emiDate: EMI_DATE_MESSAGE });
    }
    // A buyer named (chosen, new, or by name and mobile) replaces the sale's; none keeps it (a correction of a
    // mistaken buyer; a hand-over to another buyer is a transfer).
    const named = input.buyerId || input.buyer || input.buyerName ? await saleBuyer(tdb, input, userId) : null;
    const buyer = named
      ? { buyerId: named.id, buyerName: named.name, buyerMobile: named.mobile }
      : { buyerId: before.buyerId, buyerName: before.buyerName, buyerMobile: before.buyerMobile };
    const row = { ...saleRow({ ...input, projectId: before.projectId, plotId: before.plotId }, saleDate), ...buyer };
    // Read after the sale's lock: every receipt of the sale takes it before changing the plot's money.
    const money = await findSale(tdb, saleId);
    const received = money?.receivedPaise ?? 0;
    // What the buyer owes (the amount and the transfer fees charged) may not fall below what they have paid.
    const fees = money?.transferFeePaise ?? found.transferFeePaise;
    if (owedPaise({ salePaise: row.salePaise, transferFeePaise: fees }) < received) {
      const amount = formatRupees(toRupees(money?.receivedPaise ?? found.receivedPaise));
      const least = formatRupees(toRupees(subPaise(money?.receivedPaise ?? found.receivedPaise, fees)));
      throw conflict(
        `${amount} has already been received on this sale: the sale amount cannot be less than ${least}.`,
        {
          saleAmount: `At least ${least}, the money already received`,
        },
      );
    }
    const first = await firstReceiptDate(tdb, saleId);
    if (first !== null && saleDate > first) {
      throw conflict(`A receipt of this sale is dated ${formatDate(first)}: the sale date cannot be after it.`, {
        saleDate: `Not after ${formatDate(first)}, the first receipt's date`,
      });
    }
    if (row.paymentType === 'Cash' && before.paymentType === 'EMI' && (money?.installmentPaise ?? 0) > 0) {
      const paid = formatRupees(toRupees(money?.installmentPaise ?? found.installmentPaise));
      throw conflict(
        `${paid} has been received as installments: this sale cannot become a Full Payment sale. Keep it on EMI and correct its schedule.`,
        { paymentType: 'Installments have been received' },
      );
    }
    const oldSchedule = await listInstallments(tdb, saleId);
    const schedule = saleSchedule(row);
    const changes = changedFields(saleRowColumns(before), saleRowColumns(row));
    if (scheduleKey(oldSchedule) !== scheduleKey(schedule)) {
      await replaceInstallments(tdb, saleId, schedule);
      changes.installments = [oldSchedule.length, schedule.length];
    }
    if (Object.keys(changes).length > 0) {
      await updateSale(tdb, saleId, row);
      recordChange(tdb, { entity: 'sale', entityId: saleId, action: 'update', changes, reason: input.reason });
    }
    const saved = await findSale(tdb, saleId);
    if (!saved) throw notFound('Sale not found.');
    const { salePaise: _s, receivedPaise: _r, installmentPaise: _i, ...sale } = saved;
    return { ...sale, message: SALE_CORRECTED_MESSAGE };
  });
}
