import { amountInWords, formatNumber, type Paise } from '@plotbook/domain';
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

/** The people a document is made out to: the buyer and the co-buyers. */
export interface Party {
  name: string;
  relativeName: string | null;
  mobile: string | null;
  address: string | null;
  coBuyers: readonly string[];
}

export interface ReceiptDocument {
  head: Letterhead;
  receipt: ReceiptForDocument;
  sale: SaleForDocument;
  party: Party;
  /** What the buyer still owed after this receipt (owed − Σ Completed receipts of the sale up to it). */
  balanceAfterPaise: Paise;
  duplicate: boolean;
  printedOn: string;
}

/** The buyer, their relative (said as the buyer's page says it) and the co-buyers, as the documents name them. */
export const partyLines = (party: Party): [string, string][] => [
  ['Buyer', party.relativeName ? `${party.name} (S/o, W/o or D/o ${party.relativeName})` : party.name],
  ['Mobile', party.mobile ?? '-'],
  ...(party.coBuyers.length > 0 ? [['Co-buyers', party.coBuyers.join(', ')] as [string, string]] : []),
  ...(party.address ? [['Address', party.address] as [string, string]] : []),
];

/** The plot as the documents name it: `Plot 12 (No. 12-A), Green Meadows, Nagpur`. */
export const plotText = (sale: SaleForDocument) =>
  `${sale.plotName}${sale.plotNumber ? ` (No. ${sale.plotNumber})` : ''}, ${sale.projectName}, ${sale.city}`;

/** The plot's area: `1,200 sq ft`. */
export const areaText = (sale: SaleForDocument) => `${formatNumber(sale.plotSize, 0)} sq ft`;

/** One copy of the receipt on its own page. */
function drawCopy(doc: PDFKit.PDFDocument, r: ReceiptDocument, copy: string): void {
  const { receipt } = r;
  letterhead(doc, r.head);
  const marks = [copy, ...(r.duplicate ? ['DUPLICATE'] : []), ...(receipt.status === 'Reversed' ? ['REVERSED'] : [])];
  title(doc, 'RECEIPT', marks);
  fields(doc, [
    ['Receipt No.', receipt.receiptNo ?? '-'],
    ['Date', day(receipt.lines[0]?.date ?? null)],
    ...partyLines(r.party),
    ['Plot', plotText(r.sale)],
    ['Area', areaText(r.sale)],
  ]);
  table(
    doc,
    [
      { header: 'Particular', width: 0.22 },
      { header: 'Date', width: 0.14 },
      { header: 'Mode', width: 0.14 },
      { header: 'Reference', width: 0.28 },
      { header: 'Amount', width: 0.22, align: 'right' },
    ],
    [
      ...receipt.lines.map((l) => [l.particular, day(l.date), l.mode, l.modeDetail ?? '-', money(l.amountPaise)]),
      ['**Total', '', '', '', money(receipt.totalPaise)],
    ],
  );
  paragraph(doc, `Received with thanks ${amountInWords(receipt.totalPaise)}.`, { bold: true });
  fields(doc, [
    ['Sale amount', money(r.sale.salePaise)],
    ['Balance after it', money(r.balanceAfterPaise)],
  ]);
  if (receipt.status === 'Reversed') {
    paragraph(doc, `Reversed by ${receipt.reversalNo ?? '-'}: this receipt no longer counts as money received.`);
  }
  paragraph(doc, 'Cheques and transfers are subject to realisation.', { size: 8 });
  signature(doc, r.head.companyName, r.printedOn);
}

/** The receipt, a customer copy and an office copy, each on its page. */
export async function receiptPdf(r: ReceiptDocument): Promise<Buffer> {
  const doc = await newPdf(`Receipt ${r.receipt.receiptNo ?? r.receipt.receiptId}`);
  drawCopy(doc, r, 'CUSTOMER COPY');
  doc.addPage();
  drawCopy(doc, r, 'OFFICE COPY');
  return pdfBytes(doc);
}
