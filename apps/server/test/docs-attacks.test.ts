import { SaxesParser } from 'saxes';
import { beforeAll, describe, expect, it } from 'vitest';
import { buyerWithSale, documentsSuite } from './documents-suite.js';
import { engines } from './helpers.js';
import { xlsxCells } from './xlsx-cells.js';

/**
 * Attacks on collections, receipt numbers, the PDFs, the Company Profile and the Tally export (issue 22), through
 * the real server. Each attack keeps guarding as a test.
 */
describe.each(engines)('documents, collections and Tally under attack on $name', (engine) => {
  const s = documentsSuite(engine, () => {});
  const { api } = s;
  let sold: Awaited<ReturnType<typeof buyerWithSale>>;
  const pay = (status: 'Completed' | 'Pending', amount: number, on = '2026-11-05') =>
    api('POST', '/api/payment', {
      projectId: sold.projectId,
      plotId: sold.plotId,
      status,
      payments: [
        {
          particular: 'Advance',
          date: on,
          mode: 'Cheque',
          modeDetail: 'HDFC 000123',
          amount,
          partnerId: sold.partnerId,
        },
      ],
    });
  const noLeak = (body: string) => {
    expect(body).not.toMatch(/select |insert |violates|constraint|out of range|at \/|\.ts:\d+|stack/i);
  };
  beforeAll(async () => {
    await s.setUp();
    sold = await buyerWithSale(api, s.get().f, { mobile: '9822011901', email: 'attack@example.com' });
  });

  it('refuses a Pending receipt’s PDF, bad ids and a bad asOf with plain 4xx answers', async () => {
    const pending = (await pay('Pending', 700)).json();
    const pdf = await api('GET', `/api/payment/${pending.receiptId}/pdf`);
    expect(pdf.statusCode).toBe(409);
    expect(pdf.json().message).toBe(
      'This receipt is Pending: only a Completed receipt has a numbered receipt to print.',
    );
    for (const url of ['/api/payment/abc/pdf', '/api/payment/99999999999/pdf', '/api/sale/0/allotment-letter/pdf']) {
      const res = await api('GET', url);
      expect(res.statusCode, url).toBe(400);
      noLeak(res.body);
    }
    for (const asOf of ['2026-02-30', '28/11/2026', '2026-11-28T00:00:00Z', "2026-11-28' or 1=1"]) {
      const res = await api('GET', `/api/buyer/${sold.buyerId}/statement/pdf?asOf=${encodeURIComponent(asOf)}`);
      expect(res.statusCode, asOf).toBe(400);
      expect(res.json().message, asOf).toContain('asOf must be a date, YYYY-MM-DD');
    }
  });

  it('answers a mail of an id out of range with a 400 or 404, never a 500 leaking SQL', async () => {
    for (const id of [99999999999, 2147483648]) {
      const res = await api('POST', '/api/document/mail', { kind: 'receipt', id });
      expect([400, 404], String(id)).toContain(res.statusCode);
      noLeak(res.body);
    }
    const bad = await api('POST', '/api/document/mail', { kind: 'receipt\r\nBcc: x@evil.example', id: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('kind must be receipt, statement or allotment-letter');
  });

  it('names the company, not its internal id, in a mailed document’s subject', async () => {
    const saved = (await pay('Completed', 800)).json();
    const res = await api('POST', '/api/document/mail', { kind: 'receipt', id: saved.receiptId });
    expect(res.statusCode).toBe(200);
    const mail = await s.get().t.mail.latest('attack@example.com');
    expect(mail.subject).toBe(`Receipt ${saved.receiptNo} from श्री गणेश लँड डेव्हलपर्स (Shree Ganesh Land Developers)`);
  });

  it('gives one number to a receipt cleared twice at once, and one reversal to two at once', async () => {
    const pending = (await pay('Pending', 900)).json();
    const url = `/api/payment/${pending.receiptId}/status`;
    const cleared = await Promise.all([
      api('PUT', url, { status: 'Completed' }),
      api('PUT', url, { status: 'Completed' }),
    ]);
    expect(cleared.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const numbers = await s
      .get()
      .t.asTenant(s.get().acme, (tdb) =>
        tdb.selectFrom('receipts').select('receipt_no').where('id', '=', pending.receiptId).execute(),
      );
    expect(numbers[0]?.receipt_no).toMatch(/^PBK\/26-27\/\d{5}$/);
    const reversed = await Promise.all([
      api('POST', `/api/payment/${pending.receiptId}/reverse`, { reason: 'Cheque returned' }),
      api('POST', `/api/payment/${pending.receiptId}/reverse`, { reason: 'Cheque returned' }),
    ]);
    expect(reversed.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const r of reversed) noLeak(r.body);
  });

  it('keeps the reminders of another company’s installments, duplicates and floods from sending', async () => {
    const overdue = await api('GET', '/api/collections/overdue');
    const row = overdue.json().data.find((r: { buyerName: string }) => r.buyerName === 'विठ्ठल पांडुरंग क्षीरसागर');
    expect(row).toBeDefined();
    const { t, second, secondToken } = s.get();
    const theirs = await t.call(second.tenantId, {
      method: 'POST',
      url: '/api/collections/reminders',
      token: secondToken,
      payload: { installmentIds: [row.installmentId] },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().sent).toEqual([]);
    const before = t.mail.countFor('attack@example.com');
    const [a, b] = await Promise.all([
      api('POST', '/api/collections/reminders', { installmentIds: [row.installmentId, row.installmentId] }),
      api('POST', '/api/collections/reminders', { installmentIds: [row.installmentId] }),
    ]);
    const sent = [...a.json().sent, ...b.json().sent];
    expect(sent).toEqual([{ buyerName: 'विठ्ठल पांडुरंग क्षीरसागर', email: 'attack@example.com', installments: 1 }]);
    await t.mail.latest('attack@example.com');
    await new Promise((r) => setTimeout(r, 200));
    expect(t.mail.countFor('attack@example.com')).toBe(before + 1);
    const flood = await api('POST', '/api/collections/reminders', {
      installmentIds: Array.from({ length: 5000 }, (_, i) => i + 1),
    });
    expect(flood.statusCode).toBe(400);
    expect(flood.json().message).toMatch(/^At most \d+ installments at a time/);
  });

  it('lets only a tenant admin map ledgers, and refuses over-long or control-character names', async () => {
    const current = (await api('GET', '/api/tally/ledgers')).json();
    const byUser = await api('PUT', '/api/tally/ledgers', current);
    expect(byUser.statusCode).toBe(403);
    const admin = s.get().adminToken;
    const long = await api('PUT', '/api/tally/ledgers', { ...current, refund: 'R'.repeat(101) }, admin);
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ refund: 'Refund may have at most 100 characters' });
    const control = await api('PUT', '/api/tally/ledgers', { ...current, refund: 'Refund\u0000\u0008' }, admin);
    expect(control.statusCode).toBe(400);
    expect(control.json().fields).toEqual({ refund: 'Refund may not contain control characters' });
    const junk = await api('PUT', '/api/tally/ledgers', { ...current, __proto__: { x: 1 }, evil: '<x/>' }, admin);
    expect(junk.statusCode).toBe(200);
    expect(junk.json()).not.toHaveProperty('evil');
  });

  it('writes well-formed XML and formula-free cells from names full of XML and spreadsheet tricks', async () => {
    const admin = s.get().adminToken;
    const current = (await api('GET', '/api/tally/ledgers')).json();
    const trickLedger = `Cash ]]> <LEDGER> & "Co" 'x' =1+1`;
    const mapped = await api(
      'PUT',
      '/api/tally/ledgers',
      { ...current, modes: { ...current.modes, Cash: trickLedger } },
      admin,
    );
    expect(mapped.statusCode).toBe(200);
    const name = `=HYPERLINK("http://evil.example","Click") ]]><![CDATA[ & <x>`;
    const buyer = await api('POST', '/api/buyer', { name, mobile: '9822011977' });
    expect(buyer.statusCode).toBe(201);
    const project = await s.get().f.project({ plots: 1 });
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const partnerId = await s.get().f.partner({ projectId: project.projectId });
    const sale = await api('POST', '/api/sale', {
      projectId: project.projectId,
      plotId,
      saleDate: '2026-11-02',
      saleAmount: 100000,
      paymentType: 'Cash',
      buyerId: buyer.json().buyerId,
    });
    expect(sale.statusCode).toBe(201);
    const receipt = await api('POST', '/api/payment', {
      projectId: project.projectId,
      plotId,
      status: 'Completed',
      payments: [{ particular: 'Advance', date: '2026-11-03', mode: 'Cash', amount: 1234.5, partnerId }],
    });
    expect(receipt.statusCode).toBe(201);

    const xml = await api('GET', '/api/export/tally?from=2026-11-03&to=2026-11-03');
    expect(xml.statusCode).toBe(200);
    const texts: string[] = [];
    const parser = new SaxesParser();
    parser.on('text', (t) => texts.push(t));
    parser.write(xml.body).close();
    expect(texts.join('')).toContain(name);
    expect(texts).toContain(trickLedger);

    const xlsx = await api('GET', '/api/export/tally/xlsx?from=2026-11-03&to=2026-11-03');
    expect(xlsx.statusCode).toBe(200);
    const cells = await xlsxCells(xlsx.rawPayload);
    expect(cells.filter((c) => c.formula)).toEqual([]);
    expect(cells.some((c) => typeof c.value === 'string' && c.value.includes(name))).toBe(true);
    expect(cells.some((c) => c.value === trickLedger)).toBe(true);
  });

  it('refuses bad and huge Tally ranges, and answers 401 without a sign-in', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30&to=2026-03-01', 'Enter a real calendar date'],
      ['from=2026-04-01&to=2026-03-01', 'From date may not be after To date'],
      ['from=1900-01-01&to=2199-12-31', 'Export at most 366 days at a time'],
      ['from=2026-04-01', ''],
    ];
    for (const [query, message] of cases) {
      for (const path of ['/api/export/tally', '/api/export/tally/xlsx']) {
        const res = await api('GET', `${path}?${query}`);
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        if (message) expect(res.body, query).toContain(message);
        noLeak(res.body);
      }
    }
    const { t, acme } = s.get();
    for (const url of [
      '/api/export/tally?from=2026-04-01&to=2026-04-02',
      '/api/collections/overdue',
      '/api/tally/ledgers',
    ]) {
      expect((await t.call(acme.tenantId, { method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('refuses a logo whose bytes lie or that is too large, and keeps script in text fields as text', async () => {
    const admin = s.get().adminToken;
    const put = (body: object) => api('PUT', '/api/company-profile', { receiptPrefix: 'PBK', ...body }, admin);
    const html = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('<script>alert(1)</script>')]);
    const lie = await put({ logo: html.toString('base64') });
    expect(lie.statusCode).toBe(400);
    const huge = await put({ logo: Buffer.alloc(3 * 1024 * 1024, 1).toString('base64') });
    expect([400, 413]).toContain(huge.statusCode);
    noLeak(huge.body);
    const scripted = await put({
      companyName: '<script>alert(1)</script> & Co',
      address: '<img src=x onerror=alert(1)>',
      logo: null,
    });
    expect(scripted.statusCode).toBe(200);
    expect(scripted.json().companyName).toBe('<script>alert(1)</script> & Co');
  });
});
