import {
  addPaise,
  type CreatePayment,
  formatDate,
  formatRupees,
  maxPaise,
  overpaymentPaise,
  owedPaise,
  type Paise,
  type PaymentSavedAnswer,
  type PaymentSummaryAnswer,
  pendingBalancePaise,
  type ReceiptAnswer,
  type ReceiptStatus,
  type ReceiptStatusChange,
  sumPaise,
  toPaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { checkRowRefs, refuseArchived } from '../../lib/entry-rows.service.js';
import { keepPayoutsCovered, lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import { assertTdsFits, receiptTaxWarnings, saleAgreementFigures, saleTds } from '../sale-tax/sale-tax.service.js';
import { assertTransferFeeFits } from '../sales/transfer-fee.service.js';
import { numberReceipt } from './receipt-numbers.repository.js';
import {
  type ActiveSale,
  findActiveSale,
  findPlot,
  findReceipt,
  insertReceipt,
  listPlotReceipts,
  type PlotRef,
  sumPlotReceipts,
  updateReceiptStatus,
} from './receipts.repository.js';

export const PAYMENT_SAVED = 'Payment saved successfully!';
export const NOT_SOLD = 'This plot is not sold: only a sold plot takes receipts.';

async function assertPlot(tdb: TenantDb, plotId: number): Promise<PlotRef> {
  const plot = await findPlot(tdb, plotId);
  if (!plot) throw notFound('Plot not found.');
  return plot;
}

/** The plot's active sale, locked so that receipts of one plot are checked and saved (or a line changed) one at a time. */
export async function lockSale(tdb: TenantDb, plotId: number): Promise<ActiveSale> {
  const sale = await findActiveSale(tdb, plotId, { lock: true });
  if (!sale) throw conflict(NOT_SOLD);
  return sale;
}

/** Refuses a receipt that would take received above the sale amount (docs/design.md §7). */
export function assertFits(
  sale: ActiveSale,
  receivedPaise: Paise,
  amountPaise: Paise,
  message: (amount: string, pending: string) => string,
): void {
  if (overpaymentPaise(owedPaise(sale), receivedPaise, amountPaise) === 0) return;
  const pending = maxPaise(ZERO_PAISE, pendingBalancePaise(owedPaise(sale), receivedPaise));
  throw conflict(message(formatRupees(toRupees(amountPaise)), formatRupees(toRupees(pending))));
}

/** Where the plot's money stands: its active sale, Σ Completed (received), Σ Pending, and the balance. */
export async function getPaymentSummary(tdb: TenantDb, plotId: number): Promise<PaymentSummaryAnswer> {
  const plot = await assertPlot(tdb, plotId);
  const [sale, sums] = await Promise.all([findActiveSale(tdb, plotId), sumPlotReceipts(tdb, plotId)]);
  const [tds, agreement] = await Promise.all([saleTds(tdb, sale), saleAgreementFigures(tdb, sale)]);
  return { ...summaryOf(plot, sale, sums), ...tds, ...agreement };
}

function summaryOf(
  plot: PlotRef,
  sale: ActiveSale | undefined,
  sums: Record<ReceiptStatus, Paise>,
): Omit<PaymentSummaryAnswer, 'tdsDue' | 'tdsReceived' | 'agreementDate' | 'receivedBeforeAgreement'> {
  return {
    projectId: plot.projectId,
    plotId: plot.plotId,
    isSold: sale !== undefined,
    saleId: sale?.saleId ?? null,
    saleAmount: sale?.salePaise ?? ZERO_PAISE,
    transferFee: sale?.transferFeePaise ?? ZERO_PAISE,
    paymentType: sale?.paymentType ?? null,
    monthlyAmount: sale?.paymentType === 'EMI' ? sale.monthlyPaise : ZERO_PAISE,
    received: sums.Completed,
    awaitingClearance: sums.Pending,
    pendingBalance: sale ? pendingBalancePaise(owedPaise(sale), sums.Completed) : ZERO_PAISE,
  };
}

/**
 * Records a receipt with its lines, all or nothing. Only a sold plot takes receipts, no line may be dated before
 * the sale, and a receipt (of any status) may not be more than the pending balance: a Completed one would
 * overpay now, a Pending one could never be cleared. Each line is money handed to the partner it is credited to
 * (a Pending one is reserved against their due), so the receipt is saved under the partners' dues' lock, the
 * payouts' own, and refused when it would leave a partner paid out more than is due to them (`keepPayoutsCovered`).
 */
export async function savePayment(
  tdb: TenantDb,
  input: CreatePayment,
  userId: number,
  today: string,
): Promise<PaymentSavedAnswer> {
  const plot = await assertPlot(tdb, input.plotId);
  await checkRowRefs(
    tdb,
    input.payments.map((line) => ({ projectId: input.projectId, partnerId: line.partnerId })),
  );
  if (plot.projectId !== input.projectId) {
    throw badRequest('The plot does not belong to this project.', { plotId: 'Not a plot of this project' });
  }
  await refuseArchived(tdb, { projectIds: [], plotIds: [plot.plotId] });
  // The project's row first (the dues' lock), then the sale's: a status change takes only the sale's, and
  // needs no check (clearing moves a line from reserved to received, cancelling frees it).
  return keepPayoutsCovered(tdb, [input.projectId], 'Saving this receipt', () =>
    saveReceipt(tdb, plot, input, userId, today),
  );
}

async function saveReceipt(
  tdb: TenantDb,
  plot: PlotRef,
  input: CreatePayment,
  userId: number,
  today: string,
): Promise<PaymentSavedAnswer> {
  const sale = await lockSale(tdb, plot.plotId);
  const sums = await sumPlotReceipts(tdb, plot.plotId);
  // The request's rupees become paise here, once; the lines are stored and totalled in paise.
  const lines = input.payments.map(({ amount, ...line }) => ({ ...line, amountPaise: toPaise(amount) }));
  const totalPaise = sumPaise(lines.map((line) => line.amountPaise));
  const early = input.payments.findIndex((line) => line.date < sale.saleDate);
  if (early >= 0) {
    const message = `Row ${early + 1}: the date is before the sale date ${formatDate(sale.saleDate)}.`;
    throw badRequest(message, { [`${early}.date`]: `Not before the sale date ${formatDate(sale.saleDate)}` });
  }
  // Every receipt, whatever its status: a Cancelled one is still a record of money that fits the sale, and
  // the cap keeps every sum of receipts within what paise can count exactly.
  await assertTransferFeeFits(tdb, sale, lines);
  await assertTdsFits(tdb, sale, lines);
  assertFits(
    sale,
    sums.Completed,
    totalPaise,
    (amount, pending) =>
      `The receipt total ${amount} is more than the pending balance of ${pending}: money received may not exceed the sale amount.`,
  );
  // s.269SS cash and RERA s.13: warnings in the answer, or a 400 when the company refuses such cash.
  const warnings = await receiptTaxWarnings(tdb, sale.saleId, lines, input.status);
  // A Completed receipt takes its number from the year's counter row here, in this transaction.
  const saved = await insertReceipt(
    tdb,
    { ...plot, saleId: sale.saleId, status: input.status, userId, numberedOn: today },
    lines,
  );
  // One row for the receipt; its lines are part of it (`lines`: how many, `total_paise`: their sum).
  const after = {
    project_id: plot.projectId,
    plot_id: plot.plotId,
    sale_id: sale.saleId,
    status: input.status,
    total_paise: totalPaise,
    lines: lines.length,
    receipt_no: saved.receiptNo,
  };
  recordChange(tdb, {
    entity: 'receipt',
    entityId: saved.receiptId,
    action: 'create',
    changes: changedFields(null, after),
  });
  const received = addPaise(sums.Completed, input.status === 'Completed' ? totalPaise : ZERO_PAISE);
  return {
    message: PAYMENT_SAVED,
    receiptId: saved.receiptId,
    receiptNo: saved.receiptNo,
    status: input.status,
    total: totalPaise,
    received,
    pendingBalance: pendingBalancePaise(owedPaise(sale), received),
    warnings,
  };
}

export async function getPlotReceipts(tdb: TenantDb, plotId: number, withVoided = false): Promise<ReceiptAnswer[]> {
  await assertPlot(tdb, plotId);
  return listPlotReceipts(tdb, plotId, withVoided);
}

/**
 * A Pending receipt is cleared (Completed) or bounced (Cancelled). Completed and Cancelled are final: a cleared
 * receipt may already have let the plot be registered. Clearing is refused when it would overpay.
 */
export async function changeReceiptStatus(
  tdb: TenantDb,
  receiptId: number,
  change: ReceiptStatusChange,
  today: string,
): Promise<PaymentSavedAnswer> {
  const found = await findReceipt(tdb, receiptId);
  if (!found) throw notFound('Receipt not found.');
  // The project's row, the sale, then the receipt: the order saving a receipt and a sale take, so none deadlock.
  await lockPartnerDues(tdb, [found.projectId]);
  const sale = await lockSale(tdb, found.plotId);
  const receipt = await findReceipt(tdb, receiptId, { lock: true });
  if (!receipt) throw notFound('Receipt not found.');
  if (receipt.status !== 'Pending') {
    throw conflict(`This receipt is already ${receipt.status}: only a Pending receipt can be cleared or cancelled.`);
  }
  if (receipt.saleId !== null && receipt.saleId !== sale.saleId) {
    throw conflict('This receipt belongs to a sale that is no longer active.');
  }
  const sums = await sumPlotReceipts(tdb, receipt.plotId);
  if (change.status === 'Completed') {
    assertFits(
      sale,
      sums.Completed,
      receipt.totalPaise,
      (amount, pending) =>
        `This receipt of ${amount} cannot be cleared: it is more than the pending balance of ${pending}, and money received may not exceed the sale amount.`,
    );
  }
  await updateReceiptStatus(tdb, receipt.receiptId, change.status);
  // A cleared receipt takes its number now, in this transaction, from the series of today's financial year.
  const receiptNo =
    change.status === 'Completed' ? await numberReceipt(tdb, 'receipt', receipt.receiptId, today) : null;
  recordChange(tdb, {
    entity: 'receipt',
    entityId: receipt.receiptId,
    action: 'status',
    changes: { status: [receipt.status, change.status], ...(receiptNo ? { receipt_no: [null, receiptNo] } : {}) },
  });
  const received = addPaise(sums.Completed, change.status === 'Completed' ? receipt.totalPaise : ZERO_PAISE);
  return {
    message: change.status === 'Completed' ? 'Receipt marked as cleared.' : 'Receipt marked as cancelled.',
    receiptId: receipt.receiptId,
    receiptNo,
    status: change.status,
    total: receipt.totalPaise,
    received,
    pendingBalance: pendingBalancePaise(owedPaise(sale), received),
  };
}
