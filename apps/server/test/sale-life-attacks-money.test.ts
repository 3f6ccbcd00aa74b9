import { describe, expect, it } from 'vitest';
import { engines } from './helpers.js';
import { attackSuite, INTERNALS, saleBody } from './sale-life-attack-suite.js';
import { trailOf } from './voids.js';

/** Issue 20's money routes against a hostile client: bad money, double submits, races and frozen cancelled sales. */
describe.each(engines)(
  "Issue 20's money routes against a hostile client: bad money, double submits, races and frozen cancelled sales on $name",
  (engine) => {
    const { s, api, buyer, sold, pay, transfer, cancel, summary, money, expectPlain } = attackSuite(engine);

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
  },
);
