import { amountInWords, type Paise } from '@plotbook/domain';
import type { SaleForDocument } from './documents.repository.js';
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
  title,
} from './pdf-layout.js';
import { areaText, type Party, partyLines, plotText } from './receipt-pdf.js';

export interface AllotmentDocument {
  head: Letterhead;
  sale: SaleForDocument;
  party: Party;
  /** Final once the sale is fully paid (received ≥ owed), provisional before. */
  final: boolean;
  owedPaise: Paise;
  balancePaise: Paise;
  duplicate: boolean;
  /** The letter's date (today in India) and reference (`ALLOT/<sale id>`). */
  letterDate: string;
  printedOn: string;
}

/** The allotment letter: provisional at booking, final when fully paid. */
export async function allotmentPdf(a: AllotmentDocument): Promise<Buffer> {
  const kind = a.final ? 'FINAL' : 'PROVISIONAL';
  const doc = await newPdf(`${kind} allotment letter, sale ${a.sale.saleId}`);
  letterhead(doc, a.head);
  title(doc, `${kind} ALLOTMENT LETTER`, a.duplicate ? ['DUPLICATE'] : []);
  fields(doc, [['Reference', `ALLOT/${a.sale.saleId}`], ['Date', day(a.letterDate)], ...partyLines(a.party)]);
  paragraph(doc, `Subject: ${a.final ? 'Final' : 'Provisional'} allotment of ${plotText(a.sale)}`, { bold: true });
  paragraph(doc, `Dear ${a.party.name},`);
  paragraph(
    doc,
    `We are pleased to confirm the ${a.final ? 'final' : 'provisional'} allotment to you of ${plotText(a.sale)}, ` +
      `admeasuring ${areaText(a.sale)}, booked on ${day(a.sale.saleDate)} for a consideration of ` +
      `${money(a.sale.salePaise)} (${amountInWords(a.sale.salePaise)}).`,
  );
  fields(doc, [
    ['Consideration', money(a.sale.salePaise)],
    ['Transfer fees', money(a.sale.transferFeePaise)],
    ['Received', money(a.sale.receivedPaise)],
    ['Balance', money(a.balancePaise)],
    ['Payment', a.sale.paymentType === 'EMI' ? 'Instalments (EMI)' : 'Full payment'],
  ]);
  paragraph(
    doc,
    a.final
      ? 'The full consideration has been received. The plot will be conveyed to you by a registered sale deed; ' +
          'stamp duty and registration charges are payable by you.'
      : 'This allotment is provisional and becomes final when the full consideration is received as agreed. ' +
          'It is not transferable without our written consent.',
  );
  signature(doc, a.head.companyName, a.printedOn);
  return pdfBytes(doc);
}
