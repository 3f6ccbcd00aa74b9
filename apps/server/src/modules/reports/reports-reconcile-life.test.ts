import { paise, toRupees } from '@plotbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import { reconcileReports } from '../../../test/reconcile.js';

/**
 * A sale's whole life through the API (issue 20): corrections up and down, TDS (194-IA) lines, a reversed receipt,
 * transfers with fees (one received by a Transfer Fee line), a cancellation with a refund and a forfeit, a resale.
 * Every report, Project Profile, Payment To Partner, the sales listing, the buyer pages and the dashboard agree to
 * the paisa (test/reconcile.ts), and with the figures worked out by hand.
 */
const TIMEOUT = 120_000;

describe.each(engines)('reconciliation of a sale’s whole life on $name', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it(
    'transfers with fees, TDS lines, a reversal, corrections and a cancellation: every figure agrees, to the paisa',
    async () => {
      const tenant = await t.createTenant('life');
      const token = await t.userToken(tenant);
      const g = factories(t, tenant, token);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
      const ok = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
        const res = await call(method, url, payload);
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return res.json();
      };
      const project = await g.project({ plots: 3 });
      const { projectId } = project;
      const [p1, p2, p3] = project.plots.map((p) => p.plotId) as [number, number, number];
      const asha = await g.partner({ projectId, share: 60, name: 'Asha' });
      const bhaskar = await g.partner({ projectId, share: 40, name: 'Bhaskar' });
      await g.purchase({ projectId, partnerId: asha, amount: 2000000, date: '2026-02-01' });
      await g.development({ projectId, partnerId: bhaskar, amount: 300000, date: '2026-03-01' });
      const buyer = async (name: string, mobile: string) =>
        (await ok('POST', '/api/buyer', { name, mobile })).buyerId as number;
      const [ravi, sita, gopal, meena] = [
        await buyer('Ravi Patil', '9876500001'),
        await buyer('Sita Rao', '9876500002'),
        await buyer('Gopal Das', '9876500003'),
        await buyer('Meena Joshi', '9876500004'),
      ];
      const sell = async (plotId: number, buyerId: number, body: object) =>
        (await ok('POST', '/api/sale', { projectId, plotId, saleDate: '2026-04-01', buyerId, ...body }))
          .saleId as number;
      const pay = async (plotId: number, status: string, lines: [string, number, string?][]) =>
        (
          await ok('POST', '/api/payment', {
            projectId,
            plotId,
            status,
            payments: lines.map(([particular, amount, modeDetail], i) => ({
              particular,
              date: '2026-05-10',
              mode: particular === 'TDS (194-IA)' ? 'Bank Transfer' : 'Cheque',
              modeDetail: modeDetail ?? `CHQ ${i}`,
              amount,
              partnerId: i % 2 === 0 ? asha : bhaskar,
            })),
          })
        ).receiptId as number;

      // Plot 1: ₹ 60,00,000 on EMI (1 % TDS due); 10,00,000 + a TDS line of 60,000 (Form 16B); a receipt of
      // 1,00,000 entered wrongly is reversed and the right one (1,00,500) recorded; the sale corrected up to 61 lakh.
      const s1 = await sell(p1, ravi, {
        saleAmount: 6000000,
        paymentType: 'EMI',
        advanceAmount: 1000000,
        visarpawatiAmount: 0,
        emiDuration: 10,
        emiDate: '2026-05-05',
      });
      await pay(p1, 'Completed', [
        ['Advance', 1000000],
        ['TDS (194-IA)', 60000, 'Form 16B AB1234567'],
      ]);
      const wrong = await pay(p1, 'Completed', [['Installment', 100000]]);
      await ok('POST', `/api/payment/${wrong}/reverse`, { reason: 'Amount entered wrongly' });
      await pay(p1, 'Completed', [['Installment', 100500]]);
      await ok('PUT', `/api/sale/${s1}`, {
        saleDate: '2026-04-01',
        saleAmount: 6100000,
        paymentType: 'EMI',
        advanceAmount: 1000000,
        visarpawatiAmount: 0,
        emiDuration: 12,
        emiDate: '2026-05-05',
        reason: 'Corner plot rate agreed',
      });

      // Plot 2: ₹ 10,00,000 to Ravi; 2,00,000 received; transferred to Sita for ₹ 25,000 (received by a Transfer Fee
      // line beside a Pending installment cheque), then to Gopal for ₹ 10,000.50 (not yet received); corrected
      // down to 9 lakh.
      const s2 = await sell(p2, ravi, { saleAmount: 1000000, paymentType: 'Cash' });
      await pay(p2, 'Completed', [['Advance', 200000]]);
      const transfer = (saleId: number, toBuyerId: number, transferFee: number) =>
        ok('POST', `/api/sale/${saleId}/transfer`, { date: '2026-06-01', toBuyerId, transferFee, reason: 'Resold' });
      await transfer(s2, sita, 25000);
      await pay(p2, 'Completed', [['Transfer Fee', 25000]]);
      await pay(p2, 'Pending', [['Installment', 50000]]);
      await transfer(s2, gopal, 10000.5);
      await ok('PUT', `/api/sale/${s2}`, {
        saleDate: '2026-04-01',
        saleAmount: 900000,
        paymentType: 'Cash',
        reason: 'Rate reduced',
      });

      // Plot 3: ₹ 5,00,000; 1,00,000 received; transferred for ₹ 5,000 (received); cancelled: of 1,05,000 received
      // 80,000 refunded by UPI and 25,000 kept; resold to Meena for 6 lakh, 50,000 received.
      const s3 = await sell(p3, gopal, { saleAmount: 500000, paymentType: 'Cash' });
      await pay(p3, 'Completed', [['Advance', 100000]]);
      await transfer(s3, sita, 5000);
      await pay(p3, 'Completed', [['Transfer Fee', 5000]]);
      await ok('POST', `/api/sale/${s3}/cancel`, {
        date: '2026-07-01',
        reason: 'Buyer withdrew',
        refundAmount: 80000,
        refundMode: 'UPI',
        modeDetail: 'UPI 4455',
        retainedAmount: 25000,
      });
      await sell(p3, meena, { saleAmount: 600000, paymentType: 'Cash' });
      await pay(p3, 'Completed', [['Advance', 50000]]);

      expect(await reconcileReports(t, tenant, token)).toBe(1);

      // By hand. Income: active sales 61,00,000 + 9,00,000 + 6,00,000; transfer fees of the active sales 25,000 +
      // 10,000.50 (plot 3's 5,000 went with its cancelled sale, into what it had received); forfeited 25,000.
      const income = 76_00_000_00 + 35_000_50 + 25_000_00;
      const cost = 23_00_000_00;
      // Completed lines: plot 1 11,60,500 (the reversed 1,00,000 not), plot 2 2,25,000, plot 3 1,05,000 + 50,000.
      const completed = 11_60_500_00 + 2_25_000_00 + 1_55_000_00;
      const activeReceived = 11_60_500_00 + 2_25_000_00 + 50_000_00;
      const rupees = (n: number) => toRupees(paise(n));
      const row = (await ok('GET', '/api/report/project-wise')).data[0];
      expect(row).toMatchObject({
        investment: rupees(cost),
        saleAmount: rupees(76_00_000_00),
        transferFees: rupees(35_000_50),
        forfeited: rupees(25_000_00),
        profit: rupees(income - cost),
        amountReceived: rupees(completed - 80_000_00),
        pendingBalance: rupees(76_00_000_00 + 35_000_50 - activeReceived),
        total: rupees(income),
      });
      expect((await ok('GET', '/api/dashboard')).totalRevenue).toBe(rupees(completed - 80_000_00));
      // Payment To Partner: 60 % and 40 % of the profit, to the paisa, and they add up to it.
      const partners = await ok('GET', `/api/payment/partners-summary?projectId=${projectId}`);
      const profit = (partnerId: number) =>
        partners.find((p: { partnerId: number }) => p.partnerId === partnerId).profit;
      expect([profit(asha), profit(bhaskar)]).toEqual([rupees(32_16_000_30), rupees(21_44_000_20)]);
      // The TDS line counts toward what Ravi paid on plot 1; the reversed receipt does not.
      const schedule = await ok('GET', `/api/sale/${s1}/schedule`);
      expect(schedule).toMatchObject({ received: 1160500, pending: 4939500, tdsReceived: 60000 });
      // Gopal holds plot 2 now, with what it owes: 9,00,000 + 35,000.50 − 2,25,000.
      const gopalPage = await ok('GET', `/api/buyer/${gopal}`);
      expect(gopalPage.sales.find((s: { saleId: number }) => s.saleId === s2)).toMatchObject({
        received: 225000,
        pending: 710000.5,
      });
    },
    TIMEOUT,
  );
});
