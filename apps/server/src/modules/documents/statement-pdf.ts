import { amountInWords, type LateInterestSetting, type Paise } from '@plotbook/domain';
import type { ReceiptForDocument, SaleForDocument } from './documents.repository.js';
import {
  day,
  fields,
  type Letterhead,
  letterhead,
  money,
  newPdf,
  paragraph,
  pdfBytes,
  signature,
  table,
  title,
} from './pdf-layout.js';
import { areaText, type Party, partyLines, plotText } from './receipt-pdf.js';

/** One sale of the statement, as of its date. */
export interface StatementSale {
  sale: SaleForDocument;
  /** Each installment with its state as of the date (the domain's `installmentState`). */
  installments: {
    installmentNo: number;
    dueDate: string;
    amountPaise: Paise;
    paidPaise: Paise;
    state: string;
    /** Late-payment interest on what is unpaid of it as of the date (`lateInterestPaise`), 0 when the setting is off. */
    interestPaise: Paise;
  }[];
  /** Σ the installments' interest. */
  interestPaise: Paise;
  /** The sale's receipts dated on or before the date. */
  receipts: ReceiptForDocument[];
  /** Σ Completed receipts dated on or before the date. */
  receivedPaise: Paise;
  /** Owed (sale amount + transfer fees) − received; 0 for a cancelled sale. */
  balancePaise: Paise;
  refund: { date: string; refundPaise: Paise; retainedPaise: Paise; status: string } | null;
}

export interface StatementDocument {
  head: Letterhead;
  party: Party;
  asOf: string;
  sales: StatementSale[];
  totalBalancePaise: Paise;
  /** The company's late-payment interest when it is on: the schedule shows each installment's, the end their sum. */
  lateInterest: LateInterestSetting | null;
  totalInterestPaise: Paise;
  printedOn: string;
}

const STATE_LABELS: Record<string, string> = { paid: 'Paid', 'part-paid': 'Part-paid', due: 'Due', overdue: 'Overdue' };

function drawSale(doc: PDFKit.PDFDocument, s: StatementSale, withInterest: boolean): void {
  paragraph(doc, `${plotText(s.sale)} — ${s.sale.status === 'Cancelled' ? 'Cancelled' : 'Active'}`, { bold: true });
  fields(doc, [
    ['Sale date', day(s.sale.saleDate)],
    ['Area', areaText(s.sale)],
    ['Sale amount', money(s.sale.salePaise)],
    ['Transfer fees', money(s.sale.transferFeePaise)],
    ['Received', money(s.receivedPaise)],
    ['Balance', money(s.balancePaise)],
  ]);
  if (s.installments.length > 0) {
    const widths = withInterest ? [0.07, 0.16, 0.2, 0.2, 0.15, 0.22] : [0.08, 0.2, 0.24, 0.24, 0.24];
    const headers = ['No.', 'Due date', 'Amount', 'Paid', 'State', ...(withInterest ? ['Interest'] : [])];
    table(
      doc,
      headers.map((header, n) => ({
        header,
        width: widths[n] ?? 0,
        ...(header === 'Amount' || header === 'Paid' || header === 'Interest' ? { align: 'right' as const } : {}),
      })),
      s.installments.map((i) => [
        String(i.installmentNo),
        day(i.dueDate),
        money(i.amountPaise),
        money(i.paidPaise),
        STATE_LABELS[i.state] ?? i.state,
        ...(withInterest ? [money(i.interestPaise)] : []),
      ]),
    );
  }
  table(
    doc,
    [
      { header: 'Receipt No.', width: 0.22 },
      { header: 'Date', width: 0.14 },
      { header: 'Particulars', width: 0.3 },
      { header: 'Status', width: 0.12 },
      { header: 'Amount', width: 0.22, align: 'right' },
    ],
    s.receipts.length === 0
      ? [['No receipts', '', '', '', '']]
      : s.receipts.map((r) => [
          r.receiptNo ?? '-',
          day(r.lines[0]?.date ?? null),
          r.lines.map((l) => `${l.particular} (${l.mode})`).join(', '),
          r.status,
          money(r.totalPaise),
        ]),
  );
  if (s.refund) {
    paragraph(
      doc,
      `Cancelled on ${day(s.refund.date)}: refund ${money(s.refund.refundPaise)} (${s.refund.status}), retained ${money(s.refund.retainedPaise)}.`,
    );
  }
  doc.moveDown(0.5);
}

/** A buyer's statement of account as of a date: each sale, its schedule and states, receipts, refunds, balance. */
export async function statementPdf(s: StatementDocument): Promise<Buffer> {
  const doc = await newPdf(`Statement of account as of ${day(s.asOf)}`);
  letterhead(doc, s.head);
  title(doc, `STATEMENT OF ACCOUNT AS OF ${day(s.asOf)}`);
  fields(doc, partyLines(s.party));
  if (s.sales.length === 0) paragraph(doc, 'No sales are recorded for this buyer.');
  for (const sale of s.sales) drawSale(doc, sale, s.lateInterest !== null);
  paragraph(doc, `Total balance as of ${day(s.asOf)}: ${money(s.totalBalancePaise)}`, { bold: true });
  paragraph(doc, `(${amountInWords(s.totalBalancePaise)})`);
  if (s.lateInterest) {
    const { rateHundredths, graceDays } = s.lateInterest;
    paragraph(
      doc,
      `Late-payment interest as of ${day(s.asOf)}: ${money(s.totalInterestPaise)} (${rateHundredths / 100} % a year on overdue amounts after ${graceDays} days' grace). It is not part of the balance above until charged.`,
    );
  }
  signature(doc, s.head.companyName, s.printedOn);
  return pdfBytes(doc);
}
