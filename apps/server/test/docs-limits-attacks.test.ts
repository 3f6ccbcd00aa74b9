import { beforeAll, describe, expect, it } from 'vitest';
import { buyerWithSale, documentsSuite, pdfText } from './documents-suite.js';
import { engines } from './helpers.js';
import { xlsxCells } from './xlsx-cells.js';

/**
 * Attacks on the edges of collections and the PDFs (issue 22): dates at the ends of the calendar, the longest
 * Devanagari names the forms allow, and the settings only a tenant admin may change.
 */
describe.each(engines)('collections and PDFs at their limits on $name', (engine) => {
  const s = documentsSuite(engine, () => {});
  const { api } = s;
  let sold: Awaited<ReturnType<typeof buyerWithSale>>;
  beforeAll(async () => {
    await s.setUp();
    sold = await buyerWithSale(api, s.get().f, { mobile: '9822011801', email: 'limits@example.com' });
  });

  it('answers overdue and a statement as of the ends of the calendar quickly, with sane figures', async () => {
    const settings = await api(
      'PUT',
      '/api/collections/settings',
      {
        lateInterestEnabled: true,
        lateInterestRate: 100,
        graceDays: 0,
        autoRemindersEnabled: false,
        remindDaysBefore: 0,
        remindDaysAfter: 0,
      },
      s.get().adminToken,
    );
    expect(settings.statusCode).toBe(200);
    for (const asOf of ['9999-12-31', '0001-01-01']) {
      const started = Date.now();
      const overdue = await api('GET', `/api/collections/overdue?asOf=${asOf}`);
      expect([200, 400], asOf).toContain(overdue.statusCode);
      if (overdue.statusCode === 200) {
        for (const row of overdue.json().data) {
          expect(Number.isSafeInteger(Math.round(row.interest * 100)), asOf).toBe(true);
        }
      } else expect(overdue.json().message).toContain('Enter a date between 01/01/1900 and 31/12/2199');
      const statement = await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=${asOf}`);
      expect([200, 400], asOf).toContain(statement.statusCode);
      if (statement.statusCode === 400) {
        expect(statement.json().message).toContain('Enter a date between 01/01/1900 and 31/12/2199');
      }
      expect(Date.now() - started, asOf).toBeLessThan(10_000);
    }
  });

  it('prints the longest Devanagari names and a long address without losing them', async () => {
    const name = 'क्षीरसागर'.repeat(11).slice(0, 100);
    const buyer = await api('PUT', `/api/buyer/${sold.buyerId}`, {
      name,
      relativeName: 'पांडुरंग',
      mobile: '9822011801',
      email: 'limits@example.com',
      address: 'सदाशिव पेठ, पुणे 411030 '.repeat(8).trim(),
      coBuyers: [],
    });
    expect(buyer.statusCode, buyer.body).toBe(200);
    const pdf = await api('GET', `/api/sale/${sold.saleId}/allotment-letter/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload, `${engine.name}-long-name`).replace(/\s+/g, '');
    expect(text).toContain('क्षीरसागरक्षीरसागर');
  });

  it('lets only a tenant admin change the collection settings, with plain messages for bad ones', async () => {
    const body = {
      lateInterestEnabled: true,
      lateInterestRate: 18,
      graceDays: 7,
      autoRemindersEnabled: false,
      remindDaysBefore: 3,
      remindDaysAfter: 3,
    };
    expect((await api('PUT', '/api/collections/settings', body)).statusCode).toBe(403);
    const bad = await api('PUT', '/api/collections/settings', { ...body, lateInterestRate: 1e308 }, s.get().adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ lateInterestRate: 'Interest rate may be at most 100 % a year' });
  });
  it('writes a formula-looking buyer name as text in the overdue export, and refuses junk filters', async () => {
    const other = await buyerWithSale(api, s.get().f, { mobile: '9822011802', email: null });
    const name = '=HYPERLINK("http://evil.example","Pay here")';
    const renamed = await api('PUT', `/api/buyer/${other.buyerId}`, { name, mobile: '9822011802' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const xlsx = await api('GET', `/api/collections/overdue/export?projectId=${other.projectId}`);
    expect(xlsx.statusCode).toBe(200);
    const cells = await xlsxCells(xlsx.rawPayload);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.some((c) => c.value === name)).toBe(true);
    for (const query of ['projectId=abc', 'asOf=2026-02-30', 'q=%00', 'cursor=%27;drop', 'limit=-1']) {
      const res = await api('GET', `/api/collections/overdue?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body).not.toMatch(/select |violates|stack/i);
    }
    // The house id rule: hex, exponents and spaces are no ids (they read as another project), nor is a huge one.
    for (const projectId of ['99999999999', '0x10', '1e3', ' 5']) {
      const res = await api('GET', `/api/collections/overdue?projectId=${encodeURIComponent(projectId)}`);
      expect(res.statusCode, projectId).toBe(400);
      expect(res.json().fields, projectId).toEqual({ projectId: 'Project must be a whole number above 0' });
    }
    const none = await api('GET', '/api/collections/overdue?projectId=987654');
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe('Project not found');
  });
});
