import { createRequire } from 'node:module';
import { formatDate, formatRupees, type Paise, toRupees } from '@plotbook/domain';

/**
 * The layout pieces every document shares (the letterhead, titles, label/value blocks, tables, the signature),
 * built once here; receipt-pdf.ts, statement-pdf.ts and allotment-pdf.ts draw with them.
 *
 * The face is Noto Sans Devanagari (an npm package of Google Fonts' TTFs): one file carries Latin, Devanagari and
 * ₹ (U+20B9), so a Marathi name beside an English word and an amount needs no change of font; fontkit shapes the
 * Devanagari (conjuncts, reph, the i-matra before its consonant) and pdfkit embeds the subset used.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: require.resolve('@expo-google-fonts/noto-sans-devanagari/400Regular/NotoSansDevanagari_400Regular.ttf'),
  bold: require.resolve('@expo-google-fonts/noto-sans-devanagari/700Bold/NotoSansDevanagari_700Bold.ttf'),
};

export type Pdf = PDFKit.PDFDocument;

/** What the letterhead says (Company Profile), with the logo's bytes when there is one. */
export interface Letterhead {
  companyName: string;
  address: string | null;
  gstin: string | null;
  pan: string | null;
  reraNo: string | null;
  logo: Buffer | null;
}

export const MARGIN = 40;
const INK = '#1f2933';
const MUTED = '#5f6b7a';
const RULE = '#c5ccd6';

/** An A4 document with the two faces registered; `title` goes in its metadata. pdfkit is loaded when first used. */
export async function newPdf(title: string): Promise<Pdf> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: title, Producer: 'Plotbook' } });
  doc.registerFont('regular', FONT_FILES.regular);
  doc.registerFont('bold', FONT_FILES.bold);
  doc.font('regular').fontSize(10).fillColor(INK);
  return doc;
}

/** The document's bytes once it is finished. */
export function pdfBytes(doc: Pdf): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

/** ₹ with Indian grouping: `₹ 1,20,500.50`. */
export const money = (amount: Paise) => formatRupees(toRupees(amount));
/** dd/mm/yyyy. */
export const day = (iso: string | null) => formatDate(iso);

const width = (doc: Pdf) => doc.page.width - MARGIN * 2;

/** The company's name, logo, address and registrations across the top of the page, then a rule. */
export function letterhead(doc: Pdf, head: Letterhead): void {
  const top = MARGIN;
  let left = MARGIN;
  if (head.logo) {
    try {
      doc.image(head.logo, MARGIN, top, { fit: [64, 64] });
      left = MARGIN + 76;
    } catch {
      // A logo pdfkit cannot read (checked by its first bytes only) leaves the letterhead without it.
    }
  }
  const textWidth = doc.page.width - MARGIN - left;
  doc.font('bold').fontSize(16).fillColor(INK).text(head.companyName, left, top, { width: textWidth });
  doc.font('regular').fontSize(9).fillColor(MUTED);
  if (head.address) doc.text(head.address, { width: textWidth });
  const ids = [
    head.gstin ? `GSTIN: ${head.gstin}` : null,
    head.pan ? `PAN: ${head.pan}` : null,
    head.reraNo ? `RERA: ${head.reraNo}` : null,
  ].filter(Boolean);
  if (ids.length > 0) doc.text(ids.join('   ·   '), { width: textWidth });
  const bottom = Math.max(doc.y, head.logo ? top + 64 : doc.y) + 6;
  doc
    .moveTo(MARGIN, bottom)
    .lineTo(doc.page.width - MARGIN, bottom)
    .lineWidth(1)
    .strokeColor(RULE)
    .stroke();
  doc.x = MARGIN;
  doc.y = bottom + 10;
  doc.fillColor(INK);
}

/** The document's title, centred; `marks` (DUPLICATE, CUSTOMER COPY) on the right above it. */
export function title(doc: Pdf, text: string, marks: readonly string[] = []): void {
  if (marks.length > 0) {
    doc
      .font('bold')
      .fontSize(9)
      .fillColor('#b42318')
      .text(marks.join('  ·  '), MARGIN, doc.y, { width: width(doc), align: 'right' });
  }
  doc
    .font('bold')
    .fontSize(14)
    .fillColor(INK)
    .text(text, MARGIN, doc.y, { width: width(doc), align: 'center' });
  doc.moveDown(0.6);
  doc.font('regular').fontSize(10);
}

/** Label: value pairs in two columns (left and right half). */
export function fields(doc: Pdf, pairs: readonly (readonly [string, string])[]): void {
  const half = width(doc) / 2;
  const rows = Math.ceil(pairs.length / 2);
  for (let r = 0; r < rows; r++) {
    const y = doc.y;
    let bottom = y;
    for (const [c, pair] of [pairs[r * 2], pairs[r * 2 + 1]].entries()) {
      if (!pair) continue;
      const x = MARGIN + c * half;
      doc.font('bold').fontSize(9).fillColor(MUTED).text(`${pair[0]}:`, x, y, { width: 95 });
      doc
        .font('regular')
        .fontSize(10)
        .fillColor(INK)
        .text(pair[1] || '-', x + 98, y, { width: half - 104 });
      bottom = Math.max(bottom, doc.y);
    }
    doc.y = bottom + 2;
  }
  doc.x = MARGIN;
  doc.moveDown(0.4);
}

export interface Column {
  header: string;
  /** Share of the table's width. */
  width: number;
  align?: 'left' | 'right' | 'center';
}

/** A table with a header row and rules; a row in bold when its first cell starts with `**`. Breaks pages as needed. */
export function table(doc: Pdf, columns: readonly Column[], rows: readonly (readonly string[])[]): void {
  const total = width(doc);
  const widths = columns.map((c) => c.width * total);
  const drawRow = (cells: readonly string[], bold: boolean, header = false) => {
    if (doc.y > doc.page.height - MARGIN - 60) doc.addPage();
    const y = doc.y;
    let x = MARGIN;
    let bottom = y;
    doc
      .font(bold || header ? 'bold' : 'regular')
      .fontSize(9)
      .fillColor(header ? MUTED : INK);
    for (const [i, column] of columns.entries()) {
      const cell = (cells[i] ?? '').replace(/^\*\*/, '');
      doc.text(cell, x + 3, y + 3, { width: (widths[i] as number) - 6, align: column.align ?? 'left' });
      bottom = Math.max(bottom, doc.y);
      x += widths[i] as number;
    }
    doc.y = bottom + 3;
    doc
      .moveTo(MARGIN, doc.y)
      .lineTo(MARGIN + total, doc.y)
      .lineWidth(header ? 0.8 : 0.4)
      .strokeColor(RULE)
      .stroke();
  };
  drawRow(
    columns.map((c) => c.header),
    false,
    true,
  );
  for (const row of rows) drawRow(row, (row[0] ?? '').startsWith('**'));
  doc.x = MARGIN;
  doc.moveDown(0.6);
  doc.font('regular').fontSize(10).fillColor(INK);
}

/** A line of text across the page (a paragraph); `bold` for emphasis. */
export function paragraph(doc: Pdf, text: string, options: { bold?: boolean; size?: number } = {}): void {
  doc
    .font(options.bold ? 'bold' : 'regular')
    .fontSize(options.size ?? 10)
    .fillColor(INK)
    .text(text, MARGIN, doc.y, { width: width(doc), lineGap: 2 });
  doc.moveDown(0.4);
}

/** The signature block on the right ("For <company>", "Authorised Signatory") and the generated-on note. */
export function signature(doc: Pdf, companyName: string, printedOn: string): void {
  doc.moveDown(1.5);
  const y = doc.y;
  doc
    .font('regular')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Printed on ${printedOn}`, MARGIN, y + 28, { width: 200 });
  doc
    .font('bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`For ${companyName}`, MARGIN, y, { width: width(doc), align: 'right' });
  doc
    .font('regular')
    .fontSize(9)
    .text('Authorised Signatory', MARGIN, y + 28, { width: width(doc), align: 'right' });
  doc.x = MARGIN;
  doc.moveDown(1);
}
