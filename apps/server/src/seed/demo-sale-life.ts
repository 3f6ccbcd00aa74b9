import {
  cancelSaleSchema,
  clearRefundSchema,
  createPaymentSchema,
  createSaleSchema,
  type ReceiptLineInput,
  saleTransferSchema,
  updateSaleSchema,
} from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { addBuyer, newBuyerValues } from '../modules/buyers/buyers.service.js';
import { getProject, getProjectPartners } from '../modules/projects/projects.service.js';
import { reverseReceipt } from '../modules/receipts/receipt-reversals.service.js';
import { savePayment } from '../modules/receipts/receipts.service.js';
import { cancelSale, clearRefund } from '../modules/sales/cancellations.service.js';
import { correctSale } from '../modules/sales/sale-corrections.service.js';
import { transferSale } from '../modules/sales/sale-transfers.service.js';
import { createSale } from '../modules/sales/sales.service.js';
import { monthsAgo } from './demo-dates.js';
import { modeDetail } from './demo-receipts.js';
import type { Mode } from './demo-sale-plans.js';

/** Someone of the demo company, and how a step of theirs runs (its own transaction, the person attached). */
interface Person {
  id: number;
  name: string;
}
type As = <T>(person: Person, work: (tdb: TenantDb) => Promise<T>) => Promise<T>;

/**
 * A sale's whole life in the demo company (issue 20), done through the services a clerk's screens call so every
 * rule and the audit trail hold, on free plots of the first project:
 * - Plot 12: a sale corrected (rate revised, with its reason) and a receipt keyed wrong, reversed with its reason
 *   and taken again right;
 * - Plot 5: a sale cancelled with a partial refund by cheque still Pending (a cancellation charge kept), the plot
 *   sold again to another buyer;
 * - Plot 6: a sale cancelled with its refund cheque since paid;
 * - Plot 9: a sale transferred to another buyer before registration, the Transfer Fee received.
 */
export async function seedDemoSaleLife(
  as: As,
  people: { clerk: Person; owner: Person; today: string },
  projectId: number,
): Promise<void> {
  const { clerk, owner, today } = people;
  const { plots, partners } = await as(clerk, async (tdb) => ({
    plots: (await getProject(tdb, projectId)).plots,
    partners: await getProjectPartners(tdb, projectId),
  }));
  const [first, second] = partners;
  const plotId = (name: string) => plots.find((p) => p.plotName === name && !p.isSold)?.plotId;
  const ids = ['Plot 12', 'Plot 5', 'Plot 6', 'Plot 9'].map(plotId);
  if (!first || !second || ids.some((id) => id === undefined)) return;
  const [corrected, cancelled, refunded, transferred] = ids as [number, number, number, number];

  const sell = (plot: number, date: string, amount: number, buyerName: string, buyerMobile: string) =>
    as(clerk, (tdb) =>
      createSale(
        tdb,
        createSaleSchema.parse({
          projectId,
          plotId: plot,
          saleDate: date,
          saleAmount: amount,
          paymentType: 'Cash',
          buyerName,
          buyerMobile,
          agreementDate: date,
        }),
        clerk.id,
        today,
      ),
    );
  let serial = 900;
  const detail = (mode: Mode, date: string) => {
    serial += 1;
    return modeDetail(mode, serial, date);
  };
  const receive = (plot: number, lines: Omit<ReceiptLineInput, 'creditTo' | 'modeDate' | 'modeDetail'>[]) =>
    as(clerk, (tdb) =>
      savePayment(
        tdb,
        createPaymentSchema.parse({
          projectId,
          plotId: plot,
          status: 'Completed',
          payments: lines.map((l) => ({
            creditTo: null,
            modeDate: l.date,
            modeDetail: detail(l.mode as Mode, l.date),
            ...l,
          })),
        }),
        clerk.id,
        // Numbered in the series of the day the money came (the seed back-dates its receipts).
        lines[0]?.date ?? today,
      ),
    );

  // Plot 12: corrected, and a receipt reversed.
  const day12 = monthsAgo(today, 4, 3);
  const sale12 = await sell(corrected, day12, 960000, 'Nilesh Bhagat', '+91 98232 64180');
  const a = first.partnerId;
  const b = second.partnerId;
  await receive(corrected, [{ particular: 'Advance', date: day12, mode: 'RTGS', amount: 200000, partnerId: a }]);
  const wrong = await receive(corrected, [
    {
      particular: 'Booking',
      date: monthsAgo(today, 2, 10),
      mode: 'Cheque',
      amount: 50000,
      partnerId: b,
    },
  ]);
  await as(owner, (tdb) =>
    reverseReceipt(
      tdb,
      wrong.receiptId,
      owner.id,
      'Keyed as ₹ 50,000; the cheque was for ₹ 5,000',
      monthsAgo(today, 2, 10),
    ),
  );
  await receive(corrected, [
    {
      particular: 'Booking',
      date: monthsAgo(today, 2, 10),
      mode: 'Cheque',
      amount: 5000,
      partnerId: b,
    },
  ]);
  await as(owner, (tdb) =>
    correctSale(
      tdb,
      sale12.saleId,
      updateSaleSchema.parse({
        saleDate: day12,
        saleAmount: 984000,
        paymentType: 'Cash',
        agreementDate: day12,
        reason: 'Corner plot: the rate agreed is ₹ 984 per sq ft, not ₹ 960',
      }),
      owner.id,
    ),
  );

  // Plot 5: cancelled, part refunded by a cheque not yet paid, and sold again.
  const day5 = monthsAgo(today, 6, 12);
  const sale5 = await sell(cancelled, day5, 840000, 'Kiran Thakre', '+91 98344 21057');
  await receive(cancelled, [
    { particular: 'Booking', date: day5, mode: 'UPI', amount: 51000, partnerId: a },
    {
      particular: 'Advance',
      date: monthsAgo(today, 5, 2),
      mode: 'Cheque',
      amount: 150000,
      partnerId: b,
    },
  ]);
  const cancelDay = monthsAgo(today, 1, 8);
  await as(clerk, (tdb) =>
    cancelSale(
      tdb,
      sale5.saleId,
      cancelSaleSchema.parse({
        date: cancelDay,
        reason: 'Buyer moved to Pune; cancellation charge as per the booking terms',
        refundAmount: 176000,
        refundMode: 'Cheque',
        modeDetail: 'CHQ 318204',
        retainedAmount: 25000,
      }),
      clerk.id,
    ),
  );
  const resaleDay = monthsAgo(today, 1, 20) < cancelDay ? cancelDay : monthsAgo(today, 1, 20);
  await sell(cancelled, resaleDay, 875000, 'Aarti Meshram', '+91 98605 33912');
  await receive(cancelled, [
    {
      particular: 'Booking',
      date: resaleDay,
      mode: 'RTGS',
      amount: 75000,
      partnerId: a,
    },
  ]);

  // Plot 6: cancelled, the refund cheque since paid.
  const day6 = monthsAgo(today, 8, 5);
  const sale6 = await sell(refunded, day6, 720000, 'Sachin Raut', '+91 98503 70426');
  await receive(refunded, [
    {
      particular: 'Advance',
      date: day6,
      mode: 'Bank Transfer',
      amount: 100000,
      partnerId: a,
    },
  ]);
  const cancel6 = monthsAgo(today, 3, 14);
  await as(clerk, (tdb) =>
    cancelSale(
      tdb,
      sale6.saleId,
      cancelSaleSchema.parse({
        date: cancel6,
        reason: 'Home loan refused',
        refundAmount: 90000,
        refundMode: 'Cheque',
        modeDetail: 'CHQ 318177',
        retainedAmount: 10000,
      }),
      clerk.id,
    ),
  );
  await as(clerk, (tdb) => clearRefund(tdb, sale6.saleId, clearRefundSchema.parse({ date: monthsAgo(today, 3, 21) })));

  // Plot 9: transferred before registration, the Transfer Fee received.
  const day9 = monthsAgo(today, 7, 9);
  const sale9 = await sell(transferred, day9, 1080000, 'Manoj Gawande', '+91 98236 14508');
  await receive(transferred, [{ particular: 'Advance', date: day9, mode: 'RTGS', amount: 300000, partnerId: b }]);
  const transferDay = monthsAgo(today, 2, 4);
  const newBuyer = await as(clerk, (tdb) => addBuyer(tdb, newBuyerValues('Prakash Wagh', '+919823047716'), clerk.id));
  await as(owner, (tdb) =>
    transferSale(
      tdb,
      sale9.saleId,
      saleTransferSchema.parse({
        date: transferDay,
        toBuyerId: newBuyer.id,
        transferFee: 15000,
        reason: 'Booking handed to his brother-in-law before registration',
      }),
      owner.id,
    ),
  );
  await receive(transferred, [
    {
      particular: 'Transfer Fee',
      date: transferDay,
      mode: 'UPI',
      amount: 15000,
      partnerId: a,
    },
  ]);
}
