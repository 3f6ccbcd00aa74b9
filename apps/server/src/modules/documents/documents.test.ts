import { existsSync, statSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { LATE_INTEREST_ON } from '../../../test/collections-suite.js';
import { buyerWithSale, documentsSuite, pdfPng, pdfText } from '../../../test/documents-suite.js';
import { engines } from '../../../test/helpers.js';

/** Spaces collapsed: pdftotext -layout pads columns. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe.each(engines)('documents as PDF on $name', (engine) => {
  const s = documentsSuite(engine, () => {});
  const { api } = s;
  beforeAll(() => s.setUp());

  const line = (partnerId: number, amount: number, particular = 'Advance', date = '2026-10-05') => ({
    particular,
    date,
    mode: 'RTGS',
    modeDetail: 'UTR 4471',
    amount,
    partnerId,
  });
  const pay = (sold: { projectId: number; plotId: number }, status: string, lines: object[]) =>
    api('POST', '/api/payment', { projectId: sold.projectId, plotId: sold.plotId, status, payments: lines });

  it('prints a numbered receipt with the figures, the words, both copies, and DUPLICATE on a reprint', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011101' });
    const saved = (await pay(sold, 'Completed', [line(sold.partnerId, 120500.5)])).json();
    expect(saved.receiptNo).toBe('PBK/26-27/00001');
    const res = await api('GET', `/api/payment/${saved.receiptId}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="PBK-26-27-00001.pdf"');
    const text = flat(pdfText(res.rawPayload, `${engine.name}-receipt`));
    expect(text).toContain('Receipt No.: PBK/26-27/00001');
    expect(text).toContain('₹ 1,20,500.50');
    expect(text).toContain('Rupees One Lakh Twenty Thousand Five Hundred and Fifty Paise Only');
    expect(text).toContain('GSTIN: 27ABCDE1234F1Z5');
    expect(text).toContain('RERA: P50500012345');
    expect(text).toContain('CUSTOMER COPY');
    // The relative's name is said as such, not in bare brackets.
    expect(text).toContain('क्षीरसागर (S/o, W/o or');
    expect(text).toContain('OFFICE COPY');
    // ₹ 5,00,000 owed, ₹ 1,20,500.50 received: the balance after it.
    expect(text).toContain('Balance after it: ₹ 3,79,499.50');
    expect(text).not.toContain('DUPLICATE');
    const png = pdfPng(`${engine.name}-receipt`);
    expect(existsSync(png) && statSync(png).size).toBeGreaterThan(5000);

    const again = await api('GET', `/api/payment/${saved.receiptId}/pdf`);
    expect(flat(pdfText(again.rawPayload, `${engine.name}-receipt-again`))).toContain('DUPLICATE');
    const trail = (await api('GET', `/api/audit?entity=document&entityId=${saved.receiptId}`)).json();
    const prints = (trail.rows ?? trail).filter((r: { action: string }) => r.action === 'print');
    expect(prints).toHaveLength(2);
  });

  it('refuses a Pending receipt (no number yet), and 404s a receipt that does not exist', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011102' });
    const pending = (await pay(sold, 'Pending', [{ ...line(sold.partnerId, 5000), mode: 'Cheque' }])).json();
    const res = await api('GET', `/api/payment/${pending.receiptId}/pdf`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'This receipt is Pending: only a Completed receipt has a numbered receipt to print.',
    );
    expect((await api('GET', '/api/payment/999999/pdf')).statusCode).toBe(404);
  });

  it('prints a statement of account as of a date: schedule states, receipts by then, the balance', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011103' });
    const first = (await pay(sold, 'Completed', [line(sold.partnerId, 100000, 'Advance', '2026-10-05')])).json();
    await pay(sold, 'Completed', [line(sold.partnerId, 100000, 'Installment', '2026-11-03')]);
    const res = await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=2026-10-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="statement-${sold.buyerId}-2026-10-31.pdf"`);
    const text = flat(pdfText(res.rawPayload, `${engine.name}-statement`));
    expect(text).toContain('STATEMENT OF ACCOUNT AS OF 31/10/2026');
    expect(text).toContain(first.receiptNo);
    // By 31/10 only the advance: ₹ 4,00,000 left, the first installment (due 01/11) still Due.
    expect(text).toContain('Balance: ₹ 4,00,000.00');
    expect(text).toMatch(/1 01\/11\/2026 ₹ 1,00,000.00 ₹ 0.00 Due/);
    expect(text).toContain('Rupees Four Lakh Only');
    expect(text).toContain('Mobile: +91 98220 11103');
    pdfPng(`${engine.name}-statement`);

    const later = flat(
      pdfText((await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=2026-12-15`)).rawPayload, 'later'),
    );
    expect(later).toMatch(/1 01\/11\/2026 ₹ 1,00,000.00 ₹ 1,00,000.00 Paid/);
    expect(later).toMatch(/2 01\/12\/2026 ₹ 1,00,000.00 ₹ 0.00 Overdue/);
    expect(later).toContain('Balance: ₹ 3,00,000.00');
    expect((await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=31-10-2026`)).statusCode).toBe(400);
  });

  it('shows late-payment interest on the statement when the company turns it on, outside the balance', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011109' });
    const settings = LATE_INTEREST_ON;
    const put = (payload: object) => api('PUT', '/api/collections/settings', payload, s.get().adminToken);
    expect((await put(settings)).statusCode).toBe(200);
    try {
      const url = `/api/buyer/${sold.buyerId}/statement/pdf?asOf=2026-12-15`;
      const text = flat(pdfText((await api('GET', url)).rawPayload, `${engine.name}-statement-interest`));
      // ₹ 1,00,000 × 18 % × (44 − 10) / 365 = ₹ 1,676.71; (14 − 10) days: ₹ 197.26.
      expect(text).toMatch(/1 01\/11\/2026 ₹ 1,00,000.00 ₹ 0.00 Overdue ₹ 1,676.71/);
      expect(text).toMatch(/2 01\/12\/2026 ₹ 1,00,000.00 ₹ 0.00 Overdue ₹ 197.26/);
      expect(text).toContain('Late-payment interest as of 15/12/2026: ₹ 1,873.97 (18 % a year');
      expect(text).toContain('Balance: ₹ 5,00,000.00');
    } finally {
      expect((await put({ ...settings, lateInterestEnabled: false })).statusCode).toBe(200);
    }
    const off = flat(
      pdfText((await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=2026-12-15`)).rawPayload, 'off'),
    );
    expect(off).not.toContain('Late-payment interest');
  });

  it('prints a provisional allotment letter at booking and a final one when fully paid; a reprint is a DUPLICATE', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011104' });
    const url = `/api/sale/${sold.saleId}/allotment-letter/pdf`;
    const provisional = await api('GET', url);
    expect(provisional.statusCode).toBe(200);
    expect(provisional.headers['content-disposition']).toBe(
      `attachment; filename="allotment-provisional-ALLOT-${sold.saleId}.pdf"`,
    );
    const text = flat(pdfText(provisional.rawPayload, `${engine.name}-allotment`));
    expect(text).toContain('PROVISIONAL ALLOTMENT LETTER');
    expect(text).toContain('Rupees Five Lakh Only');
    expect(text).not.toContain('DUPLICATE');
    pdfPng(`${engine.name}-allotment`);
    expect(flat(pdfText((await api('GET', url)).rawPayload, 'again'))).toContain('DUPLICATE');
    await pay(sold, 'Completed', [line(sold.partnerId, 500000)]);
    const final = flat(pdfText((await api('GET', url)).rawPayload, `${engine.name}-allotment-final`));
    expect(final).toContain('FINAL ALLOTMENT LETTER');
    expect(final).not.toContain('DUPLICATE');
    expect(final).toContain('Balance: ₹ 0.00');
  });

  it('mails a receipt to the buyer as a PDF attachment, and says so when the buyer has no email', async () => {
    const sold = await buyerWithSale(api, s.get().f, { mobile: '9822011105', email: 'kshirsagar@example.com' });
    const saved = (await pay(sold, 'Completed', [line(sold.partnerId, 2500)])).json();
    const res = await api('POST', '/api/document/mail', { kind: 'receipt', id: saved.receiptId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: `Receipt ${saved.receiptNo} was mailed to kshirsagar@example.com.`,
      to: 'kshirsagar@example.com',
    });
    const mail = await s.get().t.mail.latest('kshirsagar@example.com');
    expect(mail.subject).toContain(`Receipt ${saved.receiptNo}`);
    expect(mail.text).toContain(`filename=${saved.receiptNo.replaceAll('/', '-')}.pdf`);
    expect(mail.text).toContain('application/pdf');

    const silent = await buyerWithSale(api, s.get().f, { mobile: '9822011106', email: null });
    const refused = await api('POST', '/api/document/mail', { kind: 'statement', id: silent.buyerId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "विठ्ठल पांडुरंग क्षीरसागर has no email address: add one on the buyer's page to mail documents.",
    );
  });
});
