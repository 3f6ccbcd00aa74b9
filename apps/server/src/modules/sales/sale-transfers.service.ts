import {
  addPaise,
  formatDate,
  formatRupees,
  MAX_RUPEES,
  maxPaise,
  owedPaise,
  type SaleTransferCommand,
  type SaleTransferredAnswer,
  subPaise,
  toPaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { refuseArchived } from '../../lib/entry-rows.service.js';
import { assertBuyer } from '../buyers/buyers.service.js';
import { lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import {
  findTransfer,
  insertTransfer,
  isPlotRegistered,
  lastTransferDate,
  lockSaleRow,
  transferFeesReceivedPaise,
} from './sale-transfers.repository.js';
import { findSale, lockPlot, transferSaleRow } from './sales.repository.js';

export const SALE_TRANSFERRED = 'Sale transferred.';

/**
 * Hands an active sale to another buyer of the company (issue 20, item 4): the sale keeps its id, schedule and
 * receipts, so its balance moves with it; the fee (income) is added to what the buyer owes on the sale and is
 * received like any receipt (particular 'Transfer Fee'). Locks as a receipt and a sale do: the project's row (the
 * partners' dues: a fee raises profit, so no payout becomes overpaid, but a receipt or payout is ordered with it),
 * then the plot's row, then the sale's. Of many transfers of one sale to one buyer at once, the first moves it and
 * the rest find the buyer already holding it (409).
 */
export async function transferSale(
  tdb: TenantDb,
  saleId: number,
  input: SaleTransferCommand,
  userId: number,
): Promise<SaleTransferredAnswer> {
  const found = await findSale(tdb, saleId);
  if (!found) throw notFound('Sale not found.');
  await lockPartnerDues(tdb, [found.projectId]);
  const plot = await lockPlot(tdb, found.plotId);
  const sale = await lockSaleRow(tdb, saleId);
  if (!plot || !sale) throw notFound('Sale not found.');
  if (sale.status !== 'Active') {
    throw conflict(`This sale is ${sale.status.toLowerCase()}: only an active sale can be transferred.`);
  }
  if (await isPlotRegistered(tdb, plot.id)) {
    throw conflict(`Plot ${plot.plot_name} is registered: a registered plot cannot be transferred.`);
  }
  await refuseArchived(tdb, { projectIds: [sale.project_id], plotIds: [plot.id] });
  const buyer = await assertBuyer(tdb, input.toBuyerId);
  if (sale.buyer_id === buyer.id) {
    throw conflict(`This sale already belongs to ${buyer.name}: choose another buyer.`, {
      toBuyerId: 'Already the buyer of this sale',
    });
  }
  if (input.date < found.saleDate) {
    const message = `The transfer date is before the sale date ${formatDate(found.saleDate)}.`;
    throw badRequest(message, { date: `Not before the sale date ${formatDate(found.saleDate)}` });
  }
  const last = await lastTransferDate(tdb, saleId);
  if (last !== null && input.date < last) {
    const message = `The transfer date is before the last transfer of this sale, dated ${formatDate(last)}.`;
    throw badRequest(message, { date: `Not before ${formatDate(last)}` });
  }
  const feePaise = toPaise(input.transferFee);
  const feesPaise = addPaise(sale.transfer_fee_paise, feePaise);
  // What a buyer owes on one sale stays within the largest amount Plotbook records, as a sale amount does.
  if (owedPaise({ salePaise: found.salePaise, transferFeePaise: feesPaise }) > toPaise(MAX_RUPEES)) {
    throw badRequest('This fee would take what is owed on the sale past ₹ 10 lakh crore. Check the amount.', {
      transferFee: 'Too large',
    });
  }
  await transferSaleRow(tdb, saleId, {
    buyerId: buyer.id,
    buyerName: buyer.name,
    buyerMobile: buyer.mobile,
    transferFeePaise: feesPaise,
  });
  const transferId = await insertTransfer(
    tdb,
    { saleId, date: input.date, fromBuyerId: sale.buyer_id, toBuyerId: buyer.id, feePaise, reason: input.reason },
    userId,
  );
  // One row for the sale; the hand-over (date, fee) is part of it, as its schedule is.
  recordChange(tdb, {
    entity: 'sale',
    entityId: saleId,
    action: 'transfer',
    reason: input.reason,
    changes: {
      buyer_id: [sale.buyer_id, buyer.id],
      buyer_name: [sale.buyer_name, buyer.name],
      buyer_mobile: [sale.buyer_mobile, buyer.mobile],
      transfer_fee_paise: [sale.transfer_fee_paise, feesPaise],
      transfer_date: [null, input.date],
      transfer_id: [null, transferId],
    },
  });
  const transfer = await findTransfer(tdb, transferId);
  if (!transfer) throw notFound('Sale not found.');
  const owed = owedPaise({ salePaise: found.salePaise, transferFeePaise: feesPaise });
  const feesReceived = await transferFeesReceivedPaise(tdb, saleId);
  const feeText = feePaise > 0 ? `; transfer fee ${formatRupees(toRupees(feePaise))} to be received` : '';
  return {
    message: `${SALE_TRANSFERRED} Plot ${plot.plot_name} now belongs to ${buyer.name}${feeText}.`,
    transfer,
    owed,
    received: found.receivedPaise,
    pending: subPaise(owed, found.receivedPaise),
    transferFeeDue: maxPaise(ZERO_PAISE, subPaise(feesPaise, feesReceived)),
  };
}
