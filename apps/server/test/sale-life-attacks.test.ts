import { describe, expect, it } from 'vitest';
import { engines } from './helpers.js';
import { attackSuite, INTERNALS, saleBody } from './sale-life-attack-suite.js';
import { trailOf } from './voids.js';

/** Issue 20's routes against a hostile client: other companies' ids, roles, PANs and buyers. */
describe.each(engines)(
  "Issue 20's routes against a hostile client: other companies' ids, roles, PANs and buyers on $name",
  (engine) => {
    const { s, api, buyer, sold, pay, transfer, adminToken, as, globex, cancel, summary, expectPlain } =
      attackSuite(engine);

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
      const admin = (await as(adminToken(), 'GET', `/api/buyer/${id}`)).json();
      expect(admin.pan).toBe('ABCDE1234F');
      expect(admin.coBuyers[0].pan).toBe('PQRST9876Z');
      expect((await as(adminToken(), 'GET', '/api/buyer?q=Pan%20Holder')).json()[0].pan).toBe('ABCDE1234F');
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
      const kept = (await as(adminToken(), 'GET', `/api/buyer/${id}`)).json();
      expect(kept.pan).toBe('ABCDE1234F');
      expect(kept.coBuyers[0].pan).toBe('PQRST9876Z');
      expect(kept.aadhaar).toBe('XXXX XXXX 9012');
    });

    it('keeps each PAN its own when a clerk sends back two PANs that mask alike, and refuses a masked PAN it cannot match', async () => {
      const created = await as(adminToken(), 'POST', '/api/buyer', {
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
      const kept = (await as(adminToken(), 'GET', `/api/buyer/${id}`)).json();
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
  },
);
