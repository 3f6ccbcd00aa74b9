import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers.js';
import { transferSuite } from './transfer-suite.js';
import { trailOf } from './voids.js';

/** A body that may leak internals: a stack, SQL, a constraint or a file path. */
const INTERNALS = /\b(select|insert|update) |constraint|violates|relation "|\.ts:|at [A-Za-z]+ \(|stack|TypeError/;

/** Issue 20's routes (buyers, corrections, cancel, transfer, reversal, tax rules) as a hostile or careless client sends them. */
describe.each(engines)('a sale’s whole life against a hostile client on $name', (engine) => {
  const { s, api, buyer, sold, pay, transfer } = transferSuite(engine);
  let adminToken: string;
  beforeAll(async () => {
    adminToken = await s.t.userToken(s.acme, 'TENANT_ADMIN');
  });
  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, tenant = s.acme) =>
    s.t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
  const globex = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    as(s.globexToken, method, url, payload, s.globex);
  const cancel = (saleId: number, body: object = {}, headers?: Record<string, string>) =>
    api('POST', `/api/sale/${saleId}/cancel`, { date: '2026-12-01', reason: 'Buyer withdrew', ...body }, headers);
  const summary = async (plotId: number) => (await api('GET', `/api/payment/pending/${plotId}`)).json();

  /** The money the database keeps for a plot and a sale: plot_money, Σ Completed lines of the active sale, the schedule. */
  const money = (plotId: number, saleId: number) =>
    s.t.asTenant(s.acme, async (tdb) => {
      const { rows } = await sql<{ held: number; counted: number; installments: number; emi_total: number }>`
        select (select received_paise from plot_money where plot_id = ${plotId})::bigint::float8 as held,
               (select coalesce(sum(l.amount_paise), 0) from receipt_lines l join receipts r on r.id = l.receipt_id
                  join sales sa on sa.id = r.sale_id
                 where r.plot_id = ${plotId} and r.status = 'Completed' and sa.status = 'Active' and l.voided_at is null)::float8 as counted,
               (select coalesce(sum(amount_paise), 0) from emi_installments where sale_id = ${saleId})::float8 as installments,
               (select emi_total_paise from sales where id = ${saleId})::float8 as emi_total`.execute(tdb);
      return rows[0] as { held: number; counted: number; installments: number; emi_total: number };
    });

  const expectPlain = (res: { statusCode: number; body: string; json: () => { message?: string } }, status: number) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().message).toBeTruthy();
    expect(res.body).not.toMatch(INTERNALS);
  };

  it("answers 404 for another company's sale, buyer, receipt and project ids, and changes nothing", async () => {
    const sale = await sold();
    const paid = await pay(sale, 50000);
    const receiptId = paid.json().receiptId as number;
    const other = await buyer('Ramesh Patil');
    const attempts = [
      globex('GET', `/api/buyer/${sale.fromBuyerId}`),
      globex('PUT', `/api/buyer/${sale.fromBuyerId}`, { name: 'Stolen' }),
      globex('PUT', `/api/sale/${sale.saleId}`, { ...saleBody(sale), reason: 'Steal' }),
      globex('PUT', `/api/sale/${sale.saleId}/agreement`, { agreementDate: '2026-10-10' }),
      globex('POST', `/api/sale/${sale.saleId}/cancel`, {
        date: '2026-12-01',
        reason: 'x',
        refundAmount: 50000,
        refundMode: 'Cheque',
        retainedAmount: 0,
      }),
      globex('POST', `/api/sale/${sale.saleId}/refund/clear`, { date: '2026-12-02' }),
      globex('GET', `/api/sale/${sale.saleId}/cancellation`),
      globex('POST', `/api/sale/${sale.saleId}/transfer`, {
        date: '2026-11-05',
        toBuyerId: other,
        transferFee: 0,
        reason: 'x',
      }),
      globex('POST', `/api/payment/${receiptId}/reverse`, { reason: 'x' }),
      globex('GET', `/api/report/tds-pending?projectId=${sale.projectId}`),
    ];
    for (const res of await Promise.all(attempts)) expectPlain(res, 404);
    // Globex's own sale cannot name acme's buyer either.
    const gp = await globex('POST', '/api/project', { projectName: 'Globex Site', plots: [] });
    expect([201, 400]).toContain(gp.statusCode);
    // Nothing moved at acme.
    const after = await summary(sale.plotId);
    expect(after.received).toBe(50000);
    expect(after.saleId).toBe(sale.saleId);
    const b = (await api('GET', `/api/buyer/${sale.fromBuyerId}`)).json();
    expect(b.name).toBe('Sunita Deshmukh');
    expect(b.sales.map((x: { saleId: number }) => x.saleId)).toEqual([sale.saleId]);
    const trail = await trailOf(s.t, s.acme, 'sale', sale.saleId);
    expect(trail.map((r) => r.action)).toEqual(['create']);
  });

  it('refuses a sale naming a buyer of another company (404) and a transfer to one', async () => {
    const sale = await sold();
    const globexBuyer = await globex('POST', '/api/buyer', { name: 'Globex Buyer', mobile: '9000000001' });
    expect(globexBuyer.statusCode).toBe(201);
    const foreign = globexBuyer.json().buyerId as number;
    const res = await transfer(sale.saleId, { toBuyerId: foreign + 100000 });
    expectPlain(res, 404);
    const correction = await api('PUT', `/api/sale/${sale.saleId}`, {
      ...saleBody(sale),
      buyerId: foreign + 100000,
      reason: 'x',
    });
    expectPlain(correction, 404);
  });

  it('lets only a tenant admin set the tax rules, and shows whole PANs only to one (list, page, trail)', async () => {
    const put = await api('PUT', '/api/company-settings', { cashRule: 'refuse' });
    expectPlain(put, 403);
    expect((await api('GET', '/api/company-settings')).json().cashRule).toBe('warn');

    const created = await api('POST', '/api/buyer', {
      name: 'Pan Holder',
      mobile: '9812345670',
      pan: 'abcde1234f',
      aadhaar: '1234 5678 9012',
      coBuyers: [{ name: 'Co Holder', relation: 'Wife', pan: 'PQRST9876Z' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().buyerId as number;
    expect(created.json().pan).toBe('XXXXX1234X');
    expect(created.json().aadhaar).toBe('XXXX XXXX 9012');
    const asUser = [
      (await api('GET', `/api/buyer/${id}`)).body,
      (await api('GET', '/api/buyer?q=Pan%20Holder')).body,
      (await api('GET', '/api/buyer?q=98123')).body,
      (await api('GET', `/api/audit?entity=buyer&entityId=${id}`)).body,
    ];
    for (const body of asUser) {
      expect(body).not.toContain('ABCDE1234F');
      expect(body).not.toContain('PQRST9876Z');
      expect(body).not.toContain('123456789012');
    }
    expect(asUser[1]).toContain('XXXXX1234X');
    const admin = (await as(adminToken, 'GET', `/api/buyer/${id}`)).json();
    expect(admin.pan).toBe('ABCDE1234F');
    expect(admin.coBuyers[0].pan).toBe('PQRST9876Z');
    expect((await as(adminToken, 'GET', '/api/buyer?q=Pan%20Holder')).json()[0].pan).toBe('ABCDE1234F');
    // The trail (and so the admin's export of it) holds the PANs masked, the Aadhaar as its last 4 digits.
    const stored = JSON.stringify(await trailOf(s.t, s.acme, 'buyer', id));
    expect(stored).not.toContain('ABCDE1234F');
    expect(stored).not.toContain('PQRST9876Z');
    // A clerk sending the masked PAN back keeps the stored one.
    const edit = await api('PUT', `/api/buyer/${id}`, {
      name: 'Pan Holder',
      mobile: '9812345670',
      pan: 'XXXXX1234X',
      coBuyers: [{ name: 'Co Holder', relation: 'Wife', pan: 'XXXXX9876X' }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = (await as(adminToken, 'GET', `/api/buyer/${id}`)).json();
    expect(kept.pan).toBe('ABCDE1234F');
    expect(kept.coBuyers[0].pan).toBe('PQRST9876Z');
    expect(kept.aadhaar).toBe('XXXX XXXX 9012');
  });

  it('keeps each PAN its own when a clerk sends back two PANs that mask alike, and refuses a masked PAN it cannot match', async () => {
    const created = await as(adminToken, 'POST', '/api/buyer', {
      name: 'Twin Pans',
      mobile: '9812300001',
      pan: 'ABCDE1234F',
      coBuyers: [{ name: 'Co Twin', relation: 'Brother', pan: 'PQRST1234Z' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().buyerId as number;
    const shown = (await api('GET', `/api/buyer/${id}`)).json();
    expect([shown.pan, shown.coBuyers[0].pan]).toEqual(['XXXXX1234X', 'XXXXX1234X']);
    const edit = await api('PUT', `/api/buyer/${id}`, {
      name: 'Twin Pans',
      mobile: '9812300001',
      address: 'Dharampeth, Nagpur',
      pan: shown.pan,
      coBuyers: [{ name: 'Co Twin', relation: 'Brother', pan: shown.coBuyers[0].pan }],
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const kept = (await as(adminToken, 'GET', `/api/buyer/${id}`)).json();
    expect([kept.pan, kept.coBuyers[0].pan]).toEqual(['ABCDE1234F', 'PQRST1234Z']);
    // A masked PAN that is no stored PAN's is not a PAN.
    for (const body of [
      { name: 'Masked New', pan: 'XXXXX9999X' },
      { name: 'Masked Co', coBuyers: [{ name: 'C', pan: 'XXXXX9999X' }] },
    ]) {
      const res = await api('POST', '/api/buyer', body);
      expectPlain(res, 400);
      expect(JSON.stringify(res.json().fields)).toContain('pan');
    }
  });

  it('finds a buyer by a search with LIKE wildcards only where the name holds them', async () => {
    const res = await api('POST', '/api/buyer', { name: '100% Sure_Buyer', mobile: '9812300002' });
    expect(res.statusCode).toBe(201);
    const found = (await api('GET', `/api/buyer?q=${encodeURIComponent('0% S')}`)).json();
    expect(found.map((b: { name: string }) => b.name)).toEqual(['100% Sure_Buyer']);
    expect((await api('GET', `/api/buyer?q=${encodeURIComponent('%')}`)).json().length).toBe(1);
    expect((await api('GET', `/api/buyer?q=${encodeURIComponent('q'.repeat(10_000))}`)).statusCode).toBe(400);
  });

  it('refuses a cancellation dated before a receipt of the sale or before its last transfer, and a transfer dated before the last one', async () => {
    const sale = await sold();
    await pay(sale, 10000); // dated 10/11/2026
    const early = await cancel(sale.saleId, {
      date: '2026-11-01',
      refundAmount: 10000,
      refundMode: 'Cheque',
      retainedAmount: 0,
    });
    expectPlain(early, 400);
    expect(early.json().message).toBe('The cancellation date is before a receipt of this sale dated 10/11/2026.');
    const b = await buyer('Second Holder');
    expect((await transfer(sale.saleId, { toBuyerId: b, date: '2026-11-20' })).statusCode).toBe(201);
    const back = await transfer(sale.saleId, { toBuyerId: await buyer('Third Holder'), date: '2026-11-15' });
    expectPlain(back, 400);
    expect(back.json().message).toBe('The transfer date is before the last transfer of this sale, dated 20/11/2026.');
    const beforeTransfer = await cancel(sale.saleId, {
      date: '2026-11-15',
      refundAmount: 10000,
      refundMode: 'Cheque',
      retainedAmount: 0,
    });
    expectPlain(beforeTransfer, 400);
    expect(beforeTransfer.json().message).toBe(
      'The cancellation date is before the last transfer of this sale, dated 20/11/2026.',
    );
    const ok = await cancel(sale.saleId, {
      date: '2026-11-20',
      refundAmount: 10000,
      refundMode: 'Cheque',
      retainedAmount: 0,
    });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a refund paid from another project's partner", async () => {
    const sale = await sold();
    await pay(sale, 10000);
    const elsewhere = await sold();
    const res = await cancel(sale.saleId, {
      refundAmount: 10000,
      refundMode: 'Cheque',
      retainedAmount: 0,
      partnerId: elsewhere.partnerId,
    });
    expect([400, 404], res.body).toContain(res.statusCode);
    expect(res.body).not.toMatch(INTERNALS);
    expect((await summary(sale.plotId)).saleId).toBe(sale.saleId);
  });

  it('refuses malformed buyers with a 400 naming the field, and keeps Marathi, SQL and HTML text as typed', async () => {
    const refused: [object, string][] = [
      [{ name: 'x'.repeat(10_000) }, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'A', pan: 'ABCDE12345' }, 'pan'],
      [{ name: 'A', pan: '1234567890' }, 'pan'],
      [{ name: 'A', aadhaar: '1234 5678' }, 'aadhaar'],
      [{ name: 'A', aadhaar: 'abcd efgh ijkl' }, 'aadhaar'],
      [{ name: 'A', mobile: '12345' }, 'mobile'],
      [{ name: 'A', mobile: '98765432101234' }, 'mobile'],
      [{ name: 'A', email: 'not an email' }, 'email'],
      [{ name: 'A', address: 'y'.repeat(10_000) }, 'address'],
      [{ name: 'A', coBuyers: Array.from({ length: 6 }, (_, i) => ({ name: `C${i}` })) }, 'coBuyers'],
    ];
    for (const [body, field] of refused) {
      const res = await api('POST', '/api/buyer', body);
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(JSON.stringify(res.json().fields ?? {}), field).toContain(field);
      expect(res.body).not.toMatch(INTERNALS);
    }
    const names = ['सुनीता देशमुख', "Robert'); DROP TABLE buyers;--", '<script>alert(1)</script>'];
    for (const [i, name] of names.entries()) {
      const res = await api('POST', '/api/buyer', { name, mobile: `+91 98${i}00 1111${i}` });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().name).toBe(name);
      const found = (await api('GET', `/api/buyer?q=${encodeURIComponent(name.slice(0, 6))}`)).json();
      expect(found.map((b: { name: string }) => b.name)).toContain(name);
    }
    // One mobile written three ways is one buyer's.
    const first = await api('POST', '/api/buyer', { name: 'One', mobile: '98220 22222' });
    expect(first.statusCode).toBe(201);
    for (const mobile of ['+919822022222', '09822022222', '+91-98220-22222']) {
      const dup = await api('POST', '/api/buyer', { name: 'Two', mobile });
      expect(dup.statusCode, `${mobile}: ${dup.body}`).toBe(409);
      expect(dup.json().message).toMatch(/^A buyer with mobile \+91 98220 22222 already exists: One/);
    }
  });

  it('lets one of 20 buyers sent at once with one mobile in (201), the rest 409, no 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api('POST', '/api/buyer', { name: `Racer ${i}`, mobile: '9700000020' })),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c !== 201).every((c) => c === 409)).toBe(true);
    for (const res of answers.filter((r) => r.statusCode === 409)) expect(res.body).not.toMatch(INTERNALS);
    // And sales naming a new buyer by that name + a new mobile, at once: one buyer, every sale on it.
    const project = await s.f.project({ plots: 5 });
    const sales = await Promise.all(
      project.plots.map((plot) =>
        api('POST', '/api/sale', {
          ...saleBody({ projectId: project.projectId, plotId: plot.plotId }),
          buyerName: 'Same Mobile',
          buyerMobile: '9700000021',
        }),
      ),
    );
    for (const res of sales) expect([201, 409]).toContain(res.statusCode);
    const found = (await api('GET', '/api/buyer?q=9700000021')).json();
    expect(found).toHaveLength(1);
  });

  it('refuses bad cancellation money and dates with a 400, and keeps the sale active', async () => {
    const sale = await sold();
    await pay(sale, 50000);
    const bad: [object, string][] = [
      [{ refundAmount: -1, retainedAmount: 50001, refundMode: 'Cheque' }, 'refundAmount'],
      [{ refundAmount: 100.005, retainedAmount: 49899.995, refundMode: 'Cheque' }, 'refundAmount'],
      [{ refundAmount: 1e15, retainedAmount: 0, refundMode: 'Cheque' }, 'refundAmount'],
      [{ refundAmount: 'NaN', retainedAmount: 0, refundMode: 'Cheque' }, 'refundAmount'],
      [{ refundAmount: 40000, retainedAmount: 5000, refundMode: 'Cheque' }, 'refundAmount'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Cheque', date: '1900-01-01' }, 'date'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Cheque', date: '2999-01-01' }, 'date'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Cheque', date: '2026-02-30' }, 'date'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Cheque', reason: 'r'.repeat(10_000) }, 'reason'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Gold' }, 'refundMode'],
      [{ refundAmount: 50000, retainedAmount: 0 }, 'refundMode'],
      [{ refundAmount: 50000, retainedAmount: 0, refundMode: 'Cheque', date: '2026-09-01' }, 'date'],
    ];
    for (const [body, field] of bad) {
      const res = await cancel(sale.saleId, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body).toContain(field);
      expect(res.body).not.toMatch(INTERNALS);
    }
    expect((await summary(sale.plotId)).saleId).toBe(sale.saleId);
    expect((await trailOf(s.t, s.acme, 'sale', sale.saleId)).map((r) => r.action)).toEqual(['create']);
  });

  it('refuses bad corrections and transfers with a 400 naming the field', async () => {
    const sale = await sold();
    const other = await buyer('Kiran Jadhav');
    const corrections: [object, string][] = [
      [{ saleAmount: -5 }, 'saleAmount'],
      [{ saleAmount: 500000.123 }, 'saleAmount'],
      [{ saleAmount: 1e16 }, 'saleAmount'],
      [{ saleDate: '1800-01-01' }, 'saleDate'],
      [{ reason: '' }, 'reason'],
      [{ reason: 'z'.repeat(10_000) }, 'reason'],
      [{ emiDuration: 100000 }, 'emiDuration'],
    ];
    for (const [change, field] of corrections) {
      const res = await api('PUT', `/api/sale/${sale.saleId}`, { ...saleBody(sale), reason: 'Fix', ...change });
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(JSON.stringify(res.json().fields ?? {}), field).toContain(field);
    }
    const transfers: [object, string][] = [
      [{ toBuyerId: other, transferFee: -1 }, 'transferFee'],
      [{ toBuyerId: other, transferFee: 0.001 }, 'transferFee'],
      [{ toBuyerId: other, transferFee: 1e15 }, 'transferFee'],
      [{ toBuyerId: other, date: '2999-12-31' }, 'date'],
      [{ toBuyerId: other, reason: '' }, 'reason'],
      [{ toBuyerId: 'abc' }, 'toBuyerId'],
      [{ toBuyerId: other, date: '2026-01-01' }, 'date'],
    ];
    for (const [body, field] of transfers) {
      const res = await transfer(sale.saleId, body);
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(JSON.stringify(res.json().fields ?? {}), field).toContain(field);
    }
    for (const reason of ['', '   ', 'q'.repeat(10_000)]) {
      const paid = await pay(sale, 1000);
      expect((await api('POST', `/api/payment/${paid.json().receiptId}/reverse`, { reason })).statusCode).toBe(400);
    }
    expect((await summary(sale.plotId)).received).toBe(3000);
    expect((await trailOf(s.t, s.acme, 'sale', sale.saleId)).map((r) => r.action)).toEqual(['create']);
  });

  it('answers a double cancel with one Idempotency-Key once, and without a key one 201 and one 409', async () => {
    const sale = await sold();
    await pay(sale, 30000);
    const body = { refundAmount: 20000, refundMode: 'Bank Transfer', retainedAmount: 10000 };
    const headers = { 'idempotency-key': `cancel-${sale.saleId}` };
    const [a, b] = await Promise.all([cancel(sale.saleId, body, headers), cancel(sale.saleId, body, headers)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json()).toEqual(b.json());
    const other = await sold();
    await pay(other, 30000);
    const both = await Promise.all([cancel(other.saleId, body), cancel(other.saleId, body)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    for (const x of [sale, other]) {
      const cancels = (await trailOf(s.t, s.acme, 'sale', x.saleId)).filter((r) => r.action === 'cancel');
      expect(cancels).toHaveLength(1);
    }
  });

  it('lets 20 parallel cancels, transfers and reversals each in once; the money stays whole', async () => {
    const sale = await sold();
    await pay(sale, 40000);
    const cancels = await Promise.all(
      Array.from({ length: 20 }, () =>
        cancel(sale.saleId, { refundAmount: 30000, refundMode: 'Cheque', retainedAmount: 10000 }),
      ),
    );
    expect(cancels.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(cancels.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    const c = (await api('GET', `/api/sale/${sale.saleId}/cancellation`)).json();
    expect(c.refund + c.retained).toBe(c.received);
    expect(c.received).toBe(40000);

    const t2 = await sold();
    const to = await buyer('Prakash More');
    const transfers = await Promise.all(
      Array.from({ length: 20 }, () => transfer(t2.saleId, { toBuyerId: to, transferFee: 5000 })),
    );
    expect(transfers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(transfers.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 409)).toBe(true);
    expect((await summary(t2.plotId)).transferFee).toBe(5000);

    const r3 = await sold();
    const receiptId = (await pay(r3, 25000)).json().receiptId as number;
    const reversals = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Wrong amount' })),
    );
    expect(reversals.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(reversals.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 409)).toBe(true);
    expect((await summary(r3.plotId)).received).toBe(0);
    const m = await money(r3.plotId, r3.saleId);
    expect(m.held).toBe(m.counted);
  });

  it('leaves received = refund + retained when a cancel races receipts, and a transfer races a cancel', async () => {
    for (let round = 0; round < 3; round += 1) {
      const sale = await sold();
      await pay(sale, 10000);
      const [cancelled, ...receipts] = await Promise.all([
        cancel(sale.saleId, { refundAmount: 10000, refundMode: 'Cheque', retainedAmount: 0 }),
        ...Array.from({ length: 5 }, () => pay(sale, 1000)),
      ]);
      for (const r of receipts) expect([201, 409]).toContain(r.statusCode);
      if (cancelled?.statusCode === 201) {
        const c = (await api('GET', `/api/sale/${sale.saleId}/cancellation`)).json();
        expect(c.refund + c.retained).toBe(c.received);
        expect(c.received).toBe(10000);
        expect(receipts.every((r) => r.statusCode === 409)).toBe(true);
      } else {
        expect(cancelled?.statusCode).toBe(400);
      }
      const m = await money(sale.plotId, sale.saleId);
      expect(m.held).toBe(m.counted);
    }
    const sale = await sold();
    const to = await buyer('Vaishali Kale');
    const [moved, cancelled] = await Promise.all([
      transfer(sale.saleId, { toBuyerId: to, transferFee: 2000 }),
      cancel(sale.saleId, { refundAmount: 0, retainedAmount: 0 }),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(201);
    expect([201, 409]).toContain(moved.statusCode);
    const list = (await api('GET', `/api/buyer/${to}`)).json();
    expect(list.sales.every((x: { pending: number }) => x.pending === 0)).toBe(true);
  });

  it('serialises a correction racing a reversal: the schedule matches the EMI total and plot money matches the lines', async () => {
    const sale = await sold();
    const receiptId = (await pay(sale, 100000)).json().receiptId as number;
    await pay(sale, 20000, 'Installment');
    const [corrected, reversed] = await Promise.all([
      api('PUT', `/api/sale/${sale.saleId}`, { ...saleBody(sale), saleAmount: 120000, reason: 'Discount' }),
      api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Bounced' }),
    ]);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect([200, 409]).toContain(corrected.statusCode);
    const m = await money(sale.plotId, sale.saleId);
    expect(m.installments).toBe(m.emi_total);
    expect(m.held).toBe(m.counted);
    // 20 corrections at once: all serialised, the schedule still whole.
    const many = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api('PUT', `/api/sale/${sale.saleId}`, {
          ...saleBody(sale),
          saleAmount: 200000 + i * 1000,
          reason: `Fix ${i}`,
        }),
      ),
    );
    // Each waits its turn on the project's and the sale's locks; on a loaded machine one may outwait the lock
    // timeout: a plain 503, never a 500, and it changed nothing.
    for (const r of many) expect([200, 409, 503], r.body).toContain(r.statusCode);
    for (const r of many.filter((x) => x.statusCode === 503)) {
      expect(r.json().message).toBe('The database is not answering in time. Please try again shortly.');
    }
    const after = await money(sale.plotId, sale.saleId);
    expect(after.installments).toBe(after.emi_total);
  });

  it('keeps a cancelled sale frozen: no receipt, status change, line edit, void, reversal, correction or transfer', async () => {
    const sale = await sold();
    const completed = (await pay(sale, 20000)).json().receiptId as number;
    const pendingRes = await pay(sale, 5000, 'Installment', 'Pending');
    const pendingId = pendingRes.json().receiptId as number;
    // A Pending receipt stops the cancel.
    expectPlain(await cancel(sale.saleId, { refundAmount: 20000, refundMode: 'Cheque', retainedAmount: 0 }), 409);
    expect((await api('PUT', `/api/payment/${pendingId}/status`, { status: 'Cancelled' })).statusCode).toBe(200);
    expect(
      (await cancel(sale.saleId, { refundAmount: 15000, refundMode: 'Cheque', retainedAmount: 5000 })).statusCode,
    ).toBe(201);
    const receipts = (await api('GET', `/api/payment/plot/${sale.plotId}?voided=include`)).json();
    const lineId = receipts.find((r: { receiptId: number }) => r.receiptId === completed).lines[0].receiptLineId;
    const refusals = [
      pay(sale, 1000),
      api('PUT', `/api/payment/${completed}/status`, { status: 'Cancelled' }),
      api('PUT', `/api/payment/line/${lineId}`, { amount: 100 }),
      api('POST', `/api/payment/line/${lineId}/void`, { reason: 'x' }),
      api('POST', `/api/payment/${completed}/reverse`, { reason: 'x' }),
      api('PUT', `/api/sale/${sale.saleId}`, { ...saleBody(sale), reason: 'x' }),
      api('PUT', `/api/sale/${sale.saleId}/agreement`, { agreementDate: '2026-10-05' }),
      transfer(sale.saleId, { toBuyerId: await buyer('Late Buyer') }),
      cancel(sale.saleId, { refundAmount: 20000, refundMode: 'Cheque', retainedAmount: 0 }),
    ];
    for (const res of await Promise.all(refusals)) expectPlain(res, 409);
    // Resold: the new sale counts only its own receipts; the old receipt still cannot be reversed.
    const resale = await api('POST', '/api/sale', {
      ...saleBody(sale),
      buyerName: 'New Owner',
      buyerMobile: '9600000001',
    });
    expect(resale.statusCode, resale.body).toBe(201);
    expect((await summary(sale.plotId)).received).toBe(0);
    expectPlain(await api('POST', `/api/payment/${completed}/reverse`, { reason: 'x' }), 409);
    expectPlain(await api('PUT', `/api/payment/line/${lineId}`, { amount: 100 }), 409);
    const c = (await api('GET', `/api/sale/${sale.saleId}/cancellation`)).json();
    expect(c.refund + c.retained).toBe(c.received);
    // The refund cheque clears once, not before the cancellation.
    expectPlain(await api('POST', `/api/sale/${sale.saleId}/refund/clear`, { date: '2026-11-30' }), 400);
    const cleared = await Promise.all([
      api('POST', `/api/sale/${sale.saleId}/refund/clear`, { date: '2026-12-05' }),
      api('POST', `/api/sale/${sale.saleId}/refund/clear`, { date: '2026-12-05' }),
    ]);
    expect(cleared.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('cancels a transferred sale: the fee received is part of what is refunded or retained', async () => {
    const sale = await sold();
    await pay(sale, 100000);
    const to = await buyer('Meena Pawar');
    expect((await transfer(sale.saleId, { toBuyerId: to, transferFee: 10000 })).statusCode).toBe(201);
    expect((await pay(sale, 10000, 'Transfer Fee')).statusCode).toBe(201);
    const wrong = await cancel(sale.saleId, { refundAmount: 100000, refundMode: 'Cheque', retainedAmount: 0 });
    expectPlain(wrong, 400);
    expect(wrong.json().message).toContain('₹ 1,10,000.00');
    const ok = await cancel(sale.saleId, { refundAmount: 90000, refundMode: 'Cheque', retainedAmount: 20000 });
    expect(ok.statusCode, ok.body).toBe(201);
    const page = (await api('GET', `/api/buyer/${to}`)).json();
    expect(page.sales[0]).toMatchObject({ status: 'Cancelled', received: 110000, pending: 0 });
    expect((await api('GET', `/api/buyer/${sale.fromBuyerId}`)).json().pending).toBe(0);
  });

  it('refuses a Transfer Fee line on a sale with no fee and one above the fee, with a clear 409', async () => {
    const sale = await sold();
    const none = await pay(sale, 500, 'Transfer Fee');
    expectPlain(none, 409);
    expect(none.json().message).toBe(
      'The Transfer Fee lines total ₹ 500.00, but no transfer fee is unpaid on this sale.',
    );
    await transfer(sale.saleId, { toBuyerId: await buyer('Fee Payer'), transferFee: 1000 });
    const over = await pay(sale, 1000.01, 'Transfer Fee');
    expectPlain(over, 409);
    const twice = await Promise.all([pay(sale, 600, 'Transfer Fee'), pay(sale, 600, 'Transfer Fee')]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a TDS (194-IA) line above the TDS still due on the sale, and one on a sale that owes none', async () => {
    const big = await sold();
    const corrected = await api('PUT', `/api/sale/${big.saleId}`, {
      ...saleBody(big),
      saleAmount: 60_00_000,
      reason: 'Agreed price',
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const tds = (on: typeof big, amount: number) =>
      api('POST', '/api/payment', {
        projectId: on.projectId,
        plotId: on.plotId,
        status: 'Completed',
        payments: [
          {
            particular: 'TDS (194-IA)',
            date: '2026-11-10',
            mode: 'Bank Transfer',
            modeDetail: 'Form 16B AB1',
            amount,
            partnerId: on.partnerId,
          },
        ],
      });
    const over = await tds(big, 60_001);
    expectPlain(over, 409);
    expect(over.json().message).toBe(
      'The TDS (194-IA) lines total ₹ 60,001.00, more than the TDS still due of ₹ 60,000.00 on this sale.',
    );
    expect((await tds(big, 40_000)).statusCode).toBe(201);
    expectPlain(await tds(big, 20_000.01), 409);
    expect((await tds(big, 20_000)).statusCode).toBe(201);
    expect((await summary(big.plotId)).tdsReceived).toBe(60_000);
    const small = await sold();
    const none = await tds(small, 5_000);
    expectPlain(none, 409);
    expect(none.json().message).toBe(
      'The TDS (194-IA) lines total ₹ 5,000.00, but no TDS (194-IA) is due on this sale.',
    );
    expect((await summary(small.plotId)).received).toBe(0);
  });

  it('warns (or refuses, when the company says so) a cash receipt of ₹ 20,000 and a cash refund of ₹ 20,000 (s.269T)', async () => {
    const sale = await sold();
    const warned = await pay(sale, 20000);
    expect(warned.statusCode).toBe(201);
    expect(warned.json().warnings.join(' ')).toContain('Section 269SS');
    const refund = await cancel(sale.saleId, { refundAmount: 20000, refundMode: 'Cash', retainedAmount: 0 });
    expect(refund.statusCode, refund.body).toBe(201);
    expect((refund.json().warnings ?? []).join(' ')).toContain('Section 269T');

    const settings = (await api('GET', '/api/company-settings')).json();
    const strict = await as(adminToken, 'PUT', '/api/company-settings', { ...settings, cashRule: 'refuse' });
    expect(strict.statusCode, strict.body).toBe(200);
    try {
      const other = await sold();
      const refused = await pay(other, 20000);
      expectPlain(refused, 400);
      expect(refused.json().message).toContain('Section 269SS');
      await api('POST', '/api/payment', {
        projectId: other.projectId,
        plotId: other.plotId,
        status: 'Completed',
        payments: [
          { particular: 'Advance', date: '2026-11-10', mode: 'Cheque', amount: 20000, partnerId: other.partnerId },
        ],
      });
      const cashRefund = await cancel(other.saleId, { refundAmount: 20000, refundMode: 'Cash', retainedAmount: 0 });
      expectPlain(cashRefund, 400);
      expect(cashRefund.json().message).toContain('Section 269T');
      expect((await summary(other.plotId)).saleId).toBe(other.saleId);
    } finally {
      await as(adminToken, 'PUT', '/api/company-settings', { ...settings, cashRule: 'warn' });
    }
  });

  it("counts one buyer's cash of one day over all their plots (s.269SS), and over two receipts of one plot", async () => {
    const first = await sold();
    const project = await s.f.project({ plots: 1 });
    const partnerId = await s.f.partner({ projectId: project.projectId, share: 100 });
    const plot = project.plots[0] as { plotId: number };
    const second = await api('POST', '/api/sale', {
      ...saleBody({ projectId: project.projectId, plotId: plot.plotId }),
      buyerId: first.fromBuyerId,
    });
    expect(second.statusCode, second.body).toBe(201);
    const other = { projectId: project.projectId, plotId: plot.plotId, partnerId, saleId: second.json().saleId };
    expect((await pay(first, 15000)).json().warnings).toEqual([]);
    const same = await pay(first, 5000);
    expect(same.json().warnings.join(' ')).toContain('Section 269SS: cash of ₹ 20,000.00');
    const elsewhere = await pay(other, 15000);
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expect(elsewhere.json().warnings.join(' ')).toContain('Section 269SS: cash of ₹ 35,000.00');
  });

  it('makes no sale when the buyer it names is refused, and serialises two buyers edited to one mobile', async () => {
    const project = await s.f.project({ plots: 1 });
    const plot = project.plots[0] as { plotId: number };
    const body = saleBody({ projectId: project.projectId, plotId: plot.plotId });
    const taken = await buyer('Mobile Holder');
    const takenMobile = (await api('GET', `/api/buyer/${taken}`)).json().mobile as string;
    const refused = [
      api('POST', '/api/sale', { ...body, buyerId: 2147483647 }),
      api('POST', '/api/sale', { ...body, buyer: { name: 'Copy', mobile: takenMobile } }),
      api('POST', '/api/sale', { ...body, buyer: { name: 'Bad Pan', pan: 'NOTAPAN' } }),
    ];
    const [missing, dup, bad] = await Promise.all(refused);
    expectPlain(missing as never, 404);
    expectPlain(dup as never, 409);
    expectPlain(bad as never, 400);
    const plots = (await api('GET', `/api/sale/project/${project.projectId}`)).json();
    expect(plots).toEqual([]);
    const [a, b] = [await buyer('Edit A'), await buyer('Edit B')];
    const edits = await Promise.all([
      api('PUT', `/api/buyer/${a}`, { name: 'Edit A', mobile: '9500000077' }),
      api('PUT', `/api/buyer/${b}`, { name: 'Edit B', mobile: '9500000077' }),
    ]);
    expect(edits.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const r of edits) expect(r.body).not.toMatch(INTERNALS);
  });

  it('replays a transfer and a reversal sent twice with one Idempotency-Key, doing each once', async () => {
    const sale = await sold();
    const receiptId = (await pay(sale, 5000)).json().receiptId as number;
    const to = await buyer('Key Holder');
    const key = { 'idempotency-key': `transfer-${sale.saleId}` };
    const transfers = await Promise.all([
      transfer(sale.saleId, { toBuyerId: to, transferFee: 1000 }, key),
      transfer(sale.saleId, { toBuyerId: to, transferFee: 1000 }, key),
    ]);
    expect(transfers.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(transfers[0]?.json()).toEqual(transfers[1]?.json());
    expect((await summary(sale.plotId)).transferFee).toBe(1000);
    const rkey = { 'idempotency-key': `reverse-${receiptId}` };
    const reversals = await Promise.all([
      api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Twice' }, rkey),
      api('POST', `/api/payment/${receiptId}/reverse`, { reason: 'Twice' }, rkey),
    ]);
    expect(reversals.map((r) => r.statusCode)).toEqual([200, 200]);
    const trail = await trailOf(s.t, s.acme, 'receipt', receiptId);
    expect(trail.filter((r) => r.action === 'reverse')).toHaveLength(1);
    expect((await trailOf(s.t, s.acme, 'sale', sale.saleId)).filter((r) => r.action === 'transfer')).toHaveLength(1);
  });

  it('answers ids out of range with a 400 and unknown ones with a 404 on every new route', async () => {
    for (const bad of ['0', '-1', 'abc', '99999999999']) {
      expect((await api('GET', `/api/buyer/${bad}`)).statusCode, bad).toBe(400);
      expect((await api('GET', `/api/sale/${bad}/cancellation`)).statusCode, bad).toBe(400);
      expect((await api('POST', `/api/payment/${bad}/reverse`, { reason: 'x' })).statusCode, bad).toBe(400);
    }
    const unknown = 2147483647;
    for (const res of [
      await api('GET', `/api/buyer/${unknown}`),
      await api('PUT', `/api/buyer/${unknown}`, { name: 'Nobody' }),
      await api('PUT', `/api/sale/${unknown}`, { ...saleBody({ projectId: 1, plotId: 1 }), reason: 'x' }),
      await api('PUT', `/api/sale/${unknown}/agreement`, { agreementDate: null }),
      await cancel(unknown, { refundAmount: 0, retainedAmount: 0 }),
      await api('POST', `/api/sale/${unknown}/refund/clear`, { date: '2026-12-01' }),
      await transfer(unknown, { toBuyerId: await buyer('Unknown Sale') }),
      await api('POST', `/api/payment/${unknown}/reverse`, { reason: 'x' }),
    ]) {
      expectPlain(res, 404);
    }
  });

  it('answers settings with bad values with a 400, and the TDS list of a bad project id with 400/404', async () => {
    const settings = (await api('GET', '/api/company-settings')).json();
    for (const [field, value] of [
      ['cashRule', 'maybe'],
      ['cashLimit', -1],
      ['cashLimit', 0.001],
      ['tdsRate', 1000],
      ['tdsThreshold', 1e16],
      ['reraLimit', -5],
      ['tdsRate', 'x'.repeat(10_000)],
    ] as const) {
      const res = await as(adminToken, 'PUT', '/api/company-settings', { ...settings, [field]: value });
      expect(res.statusCode, `${field}: ${res.body.slice(0, 200)}`).toBe(400);
      expect(Object.keys(res.json().fields ?? {})).toEqual([field]);
      expect(res.body).not.toMatch(INTERNALS);
    }
    expect((await api('GET', '/api/company-settings')).json()).toEqual(settings);
    expect((await api('GET', '/api/report/tds-pending?projectId=abc')).statusCode).toBe(400);
    expect((await api('GET', '/api/report/tds-pending?projectId=2147483647')).statusCode).toBe(404);
  });
});

/** The body of POST /api/sale (and of a correction, with `reason`) for the suite's ₹ 5,00,000 EMI sale of a plot. */
function saleBody(sale: { projectId: number; plotId: number }) {
  return {
    projectId: sale.projectId,
    plotId: sale.plotId,
    saleDate: '2026-10-02',
    saleAmount: 500000,
    paymentType: 'EMI',
    advanceAmount: 100000,
    visarpawatiAmount: 0,
    emiDuration: 4,
    emiDate: '2026-11-01',
  };
}

/** Ends every other session of this test database that is running a statement or holds a transaction open. */
const TERMINATE_BUSY = `
  select count(pg_terminate_backend(pid))::int as ended from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
    and state in ('active', 'idle in transaction', 'idle in transaction (aborted)')`;

const postgres = engines.find((e) => e.name === 'postgres');

/** Only a PostgreSQL server can end a connection under a write: without TEST_DATABASE_URL the suite is skipped. */
describe.runIf(postgres)('PostgreSQL ending connections in the middle of cancels, transfers and reversals', () => {
  const { s, api, sold, pay, buyer, transfer } = transferSuite(postgres as (typeof engines)[number]);
  let killer: pg.Client;
  beforeAll(async () => {
    killer = new pg.Client({ connectionString: s.t.databaseUrl });
    await killer.connect();
  });
  afterAll(() => killer.end());

  it('leaves each sale whole: cancelled with its cancellation and trail row, or untouched', async () => {
    const sales: { saleId: number; plotId: number; receiptId: number; to: number }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const sale = await sold();
      const receiptId = (await pay(sale, 10000)).json().receiptId as number;
      sales.push({ ...sale, receiptId, to: await buyer(`Heir ${i}`) });
    }
    let isDone = false;
    const writes = Promise.all(
      sales.flatMap((sale, i) => [
        i % 2 === 0
          ? api('POST', `/api/sale/${sale.saleId}/cancel`, {
              date: '2026-12-01',
              reason: 'Lost connection',
              refundAmount: 6000,
              refundMode: 'Cheque',
              retainedAmount: 4000,
            })
          : transfer(sale.saleId, { toBuyerId: sale.to, transferFee: 1000 }),
        api('POST', `/api/payment/${sale.receiptId}/reverse`, { reason: 'Lost connection' }),
      ]),
    ).finally(() => {
      isDone = true;
    });
    while (!isDone) await killer.query(TERMINATE_BUSY);
    for (const res of await writes) expect([200, 201, 400, 409, 503], res.body).toContain(res.statusCode);

    const rows = await s.t.asTenant(s.acme, async (tdb) => {
      const ids = sales.map((x) => x.saleId);
      return (
        await sql<{
          id: number;
          status: string;
          cancels: number;
          cancel_trail: number;
          transfers: number;
          transfer_trail: number;
          fee: number;
          held: number;
          counted: number;
        }>`
          select sa.id, sa.status,
            (select count(*) from sale_cancellations c where c.sale_id = sa.id)::int as cancels,
            (select count(*) from audit_trail a where a.entity = 'sale' and a.entity_id = sa.id and a.action = 'cancel')::int as cancel_trail,
            (select count(*) from sale_transfers x where x.sale_id = sa.id)::int as transfers,
            (select count(*) from audit_trail a where a.entity = 'sale' and a.entity_id = sa.id and a.action = 'transfer')::int as transfer_trail,
            sa.transfer_fee_paise::float8 as fee,
            coalesce((select received_paise from plot_money pm where pm.plot_id = sa.plot_id and sa.status = 'Active'), 0)::float8 as held,
            (select coalesce(sum(l.amount_paise), 0) from receipt_lines l join receipts r on r.id = l.receipt_id
              where r.sale_id = sa.id and r.status = 'Completed' and sa.status = 'Active')::float8 as counted
          from sales sa where sa.id in (${sql.join(ids)}) order by sa.id`.execute(tdb)
      ).rows;
    });
    for (const row of rows) {
      expect(row.cancels).toBe(row.status === 'Cancelled' ? 1 : 0);
      expect(row.cancel_trail).toBe(row.cancels);
      expect(row.transfer_trail).toBe(row.transfers);
      expect(row.fee).toBe(row.transfers * 1000_00);
      expect(row.held).toBe(row.counted);
    }
    for (const sale of sales) {
      const trail = await trailOf(s.t, s.acme, 'receipt', sale.receiptId);
      const receipt = (await api('GET', `/api/payment/plot/${sale.plotId}`)).json();
      const reversed = receipt.some(
        (r: { receiptId: number; status: string }) => r.receiptId === sale.receiptId && r.status === 'Reversed',
      );
      expect(trail.filter((r) => r.action === 'reverse')).toHaveLength(reversed ? 1 : 0);
    }
    const admin = await s.t.userToken(s.acme, 'TENANT_ADMIN');
    const verify = await s.t.call(s.acme.tenantId, { method: 'GET', url: '/api/audit/verify', token: admin });
    expect(verify.json()).toMatchObject({ ok: true, firstBrokenId: null });
  });
});
