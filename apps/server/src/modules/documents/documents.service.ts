import {
  allocateInstallments,
  formatIndiaDateTime,
  formatMobile,
  type LateInterestSetting,
  lateInterestPaise,
  maxPaise,
  owedPaise,
  type Paise,
  paise,
  pendingBalancePaise,
  sumPaise,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { conflict, notFound } from '../../lib/app-error.js';
import { recordChange } from '../../lib/audit.js';
import { assertBuyer } from '../buyers/buyers.service.js';
import { getLetterhead } from '../company-profile/company-profile.service.js';
import { getCollectionSettings } from '../company-settings/company-settings.service.js';
import { getSaleSchedule } from '../sales/sales.service.js';
import { allotmentPdf } from './allotment-pdf.js';
import {
  countCopy,
  findReceiptForDocument,
  findRefund,
  findSaleForDocument,
  listBuyerSalesForDocument,
  listSaleReceiptsForDocument,
  type SaleForDocument,
} from './documents.repository.js';
import { type Party, receiptPdf } from './receipt-pdf.js';
import { type StatementSale, statementPdf } from './statement-pdf.js';

/** A document ready to send: its bytes, a file name with its number, and the buyer's email (for mailing it). */
export interface PdfFile {
  bytes: Buffer;
  fileName: string;
  title: string;
  buyerEmail: string | null;
  buyerName: string;
  /** The company's name as its letterhead prints it (a mail's subject names the sender by it). */
  companyName: string;
}

/** Who prints, and when (the app's clock). */
export interface PrintContext {
  companyId: string;
  now: Date;
  today: string;
}

type Buyer = Awaited<ReturnType<typeof assertBuyer>>;

async function buyerOf(tdb: TenantDb, sale: SaleForDocument): Promise<Buyer | null> {
  return sale.buyerId === null ? null : assertBuyer(tdb, sale.buyerId);
}

const partyOf = (buyer: Buyer | null, sale?: SaleForDocument): Party => ({
  name: buyer?.name ?? sale?.buyerName ?? '-',
  relativeName: buyer?.relativeName ?? null,
  mobile: formatMobile(buyer?.mobile ?? sale?.buyerMobile ?? null),
  address: buyer?.address ?? null,
  coBuyers: buyer?.coBuyers.map((c) => (c.relation ? `${c.name} (${c.relation})` : c.name)) ?? [],
});

/** `RCT/26-27/00042` → `RCT-26-27-00042`: a file name without slashes. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9-]+/g, '-');

/**
 * Logs a print (trail entity 'document', action 'print', the document's kind and copy) and, for a receipt or an
 * allotment letter, counts its copy: the second and later say DUPLICATE.
 */
async function logPrint(
  tdb: TenantDb,
  kind: 'receipt' | 'allotment-provisional' | 'allotment-final' | 'statement',
  refId: number,
  extra: Record<string, string> = {},
): Promise<number> {
  const copy = kind === 'statement' ? 1 : await countCopy(tdb, kind, refId);
  const changes: Record<string, [null, string | number]> = { kind: [null, kind], copy: [null, copy] };
  for (const [key, value] of Object.entries(extra)) changes[key] = [null, value];
  recordChange(tdb, { entity: 'document', entityId: refId, action: 'print', changes });
  return copy;
}

/** A receipt's PDF (customer and office copies), numbered; a Pending or Cancelled receipt has none (409). */
export async function receiptDocument(tdb: TenantDb, receiptId: number, ctx: PrintContext): Promise<PdfFile> {
  const receipt = await findReceiptForDocument(tdb, receiptId);
  if (!receipt) throw notFound('Receipt not found.');
  if (!receipt.receiptNo || receipt.saleId === null) {
    throw conflict(`This receipt is ${receipt.status}: only a Completed receipt has a numbered receipt to print.`);
  }
  const sale = await findSaleForDocument(tdb, receipt.saleId);
  if (!sale) throw notFound('Sale not found.');
  const [buyer, head, receipts] = await Promise.all([
    buyerOf(tdb, sale),
    getLetterhead(tdb, ctx.companyId),
    listSaleReceiptsForDocument(tdb, [sale.saleId]),
  ]);
  // The balance after it: what was owed less every Completed receipt of the sale up to this one.
  const upTo = receipts.filter((r) => r.status === 'Completed' && r.receiptId <= receiptId);
  const received = sumPaise(upTo.map((r) => r.totalPaise));
  const copy = await logPrint(tdb, 'receipt', receiptId, { receipt_no: receipt.receiptNo });
  const party = partyOf(buyer, sale);
  const bytes = await receiptPdf({
    head,
    receipt,
    sale,
    party,
    balanceAfterPaise: maxPaise(ZERO_PAISE, pendingBalancePaise(owedPaise(sale), received)),
    duplicate: copy > 1,
    printedOn: formatIndiaDateTime(ctx.now),
  });
  return {
    bytes,
    fileName: `${fileSafe(receipt.receiptNo)}.pdf`,
    title: `Receipt ${receipt.receiptNo}`,
    buyerEmail: buyer?.email ?? null,
    buyerName: party.name,
    companyName: head.companyName,
  };
}

/** One sale of a statement as of `asOf`: receipts dated by then, the schedule allocated from them. */
async function statementSale(
  tdb: TenantDb,
  sale: SaleForDocument,
  asOf: string,
  lateInterest: LateInterestSetting,
): Promise<StatementSale> {
  const [receipts, schedule, refund] = await Promise.all([
    listSaleReceiptsForDocument(tdb, [sale.saleId]),
    getSaleSchedule(tdb, sale.saleId, asOf),
    findRefund(tdb, sale.saleId),
  ]);
  const byThen = receipts.filter((r) => (r.lines[0]?.date ?? '9999-12-31') <= asOf);
  const completed = byThen.filter((r) => r.status === 'Completed');
  const receivedPaise = sumPaise(completed.map((r) => r.totalPaise));
  const installmentPaid = sumPaise(
    completed.flatMap((r) =>
      r.lines.filter((l) => l.particular === 'Installment' && l.date <= asOf).map((l) => l.amountPaise),
    ),
  );
  const plan = schedule.installments.map((i) => ({
    installmentNo: i.installmentNo,
    dueDate: i.dueDate,
    amountPaise: i.amount,
  }));
  const active = sale.status === 'Active';
  const installments = allocateInstallments(plan, installmentPaid, asOf).map((i) => ({
    installmentNo: i.installmentNo,
    dueDate: i.dueDate,
    amountPaise: i.amountPaise,
    paidPaise: i.paidPaise,
    state: i.state,
    // As Collections shows it (issue 22): on what is unpaid of an active sale's installment, never in the balance.
    interestPaise: active
      ? lateInterestPaise({ dueDate: i.dueDate, unpaidPaise: paise(i.amountPaise - i.paidPaise) }, asOf, lateInterest)
      : ZERO_PAISE,
  }));
  return {
    sale,
    installments,
    interestPaise: sumPaise(installments.map((i) => i.interestPaise)),
    receipts: byThen,
    receivedPaise,
    balancePaise: active ? maxPaise(ZERO_PAISE, pendingBalancePaise(owedPaise(sale), receivedPaise)) : ZERO_PAISE,
    refund:
      refund && refund.cancel_date <= asOf
        ? {
            date: refund.cancel_date,
            refundPaise: refund.refund_paise,
            retainedPaise: refund.retained_paise,
            status: refund.refund_status,
          }
        : null,
  };
}

/** A buyer's statement of account as of a date (today in India when left out); always an original. */
export async function statementDocument(
  tdb: TenantDb,
  buyerId: number,
  asOf: string | undefined,
  ctx: PrintContext,
): Promise<PdfFile> {
  const buyer = await assertBuyer(tdb, buyerId);
  const day = asOf ?? ctx.today;
  const [sales, head, settings] = await Promise.all([
    listBuyerSalesForDocument(tdb, buyerId),
    getLetterhead(tdb, ctx.companyId),
    getCollectionSettings(tdb),
  ]);
  const parts = [];
  for (const sale of sales.filter((s) => s.saleDate <= day)) {
    parts.push(await statementSale(tdb, sale, day, settings.lateInterest));
  }
  await logPrint(tdb, 'statement', buyerId, { as_of: day });
  const bytes = await statementPdf({
    head,
    party: partyOf(buyer),
    asOf: day,
    sales: parts,
    totalBalancePaise: sumPaise(parts.map((p) => p.balancePaise)),
    lateInterest: settings.lateInterest.enabled ? settings.lateInterest : null,
    totalInterestPaise: sumPaise(parts.map((p) => p.interestPaise)),
    printedOn: formatIndiaDateTime(ctx.now),
  });
  return {
    bytes,
    fileName: `statement-${buyerId}-${day}.pdf`,
    title: `Statement of account as of ${day}`,
    buyerEmail: buyer.email,
    buyerName: buyer.name,
    companyName: head.companyName,
  };
}

/** A sale's allotment letter: final once fully paid (received ≥ owed), provisional before; a reprint is a DUPLICATE. */
export async function allotmentDocument(tdb: TenantDb, saleId: number, ctx: PrintContext): Promise<PdfFile> {
  const sale = await findSaleForDocument(tdb, saleId);
  if (!sale) throw notFound('Sale not found.');
  if (sale.status !== 'Active') throw conflict('This sale is cancelled: it has no allotment letter.');
  const [buyer, head] = await Promise.all([buyerOf(tdb, sale), getLetterhead(tdb, ctx.companyId)]);
  const owed = owedPaise(sale);
  const balance: Paise = maxPaise(ZERO_PAISE, pendingBalancePaise(owed, sale.receivedPaise));
  const final = balance === paise(0);
  const copy = await logPrint(tdb, final ? 'allotment-final' : 'allotment-provisional', saleId);
  const party = partyOf(buyer, sale);
  const bytes = await allotmentPdf({
    head,
    sale,
    party,
    final,
    owedPaise: owed,
    balancePaise: balance,
    duplicate: copy > 1,
    letterDate: ctx.today,
    printedOn: formatIndiaDateTime(ctx.now),
  });
  return {
    bytes,
    fileName: `allotment-${final ? 'final' : 'provisional'}-ALLOT-${saleId}.pdf`,
    title: `${final ? 'Final' : 'Provisional'} allotment letter ALLOT/${saleId}`,
    buyerEmail: buyer?.email ?? null,
    buyerName: party.name,
    companyName: head.companyName,
  };
}
