import { paise, sumRupees, toRupees } from '@plotbook/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import { readExportTotals, reconcileReports } from '../../../test/reconcile.js';
import { seedBusinessData } from '../../seed/demo-data.js';

/**
 * Every report's totals, on the screen (JSON) and in its .xlsx (read back with ExcelJS), against the rows, the
 * tables and the other screens (Project Wise, Payment To Partner, the dashboard): see test/reconcile.ts.
 */
/** Every report and its export of a whole company, read through: longer than one request's test on a busy machine. */
const RECONCILE_TIMEOUT = 180_000;

describe.each(engines)('report reconciliation on $name', (engine) => {
  let t: TestContext;

  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  it(
    'reconciles on the demo seed: every report agrees with its rows, the tables and the other screens',
    async () => {
      const tenant = await t.createTenant('demo');
      // The seed records who entered its sales and receipts: the tenant's user, made by userToken.
      const token = await t.userToken(tenant);
      await t.asTenant(tenant, async (tdb) => {
        const user = await tdb.selectFrom('users').select('id').executeTakeFirstOrThrow();
        await seedBusinessData(tdb, { userId: user.id });
      });
      const checked = await reconcileReports(t, tenant, token);
      expect(checked).toBeGreaterThan(0);
    },
    RECONCILE_TIMEOUT,
  );

  /** A small deterministic random source, so a failure can be replayed. */
  const random = (seed: number) => () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };

  it(
    'reconciles on generated data with voids in it: every total row is the sum of its rows and the figure from the entries',
    async () => {
      const tenant = await t.createTenant('recon');
      const reconToken = await t.userToken(tenant);
      const g = factories(t, tenant, reconToken);
      const api = async (url: string) => {
        const res = await t.call(tenant.tenantId, { method: 'GET', url, token: reconToken });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json();
      };
      const voidIt = async (method: 'DELETE' | 'POST', url: string) => {
        const res = await t.call(tenant.tenantId, {
          method,
          url,
          token: reconToken,
          payload: { reason: 'Entered twice' },
        });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      };
      const rnd = random(20261123);
      const pick = <T>(items: readonly T[]) => items[Math.floor(rnd() * items.length)] as T;
      const randomPaise = (max: number) => 1 + Math.floor(rnd() * max);
      const months = ['2026-01', '2026-02', '2026-03', '2026-05', '2026-08', '2026-10', '2026-11', '2026-12'];
      const day = () => `${pick(months)}-${String(1 + Math.floor(rnd() * 28)).padStart(2, '0')}`;

      let receivedAll = 0;
      const expected = new Map<
        number,
        {
          land: number;
          development: number;
          sale: number;
          /** Net: Completed lines − refunds paid. */
          received: number;
          emi: number;
          forfeited: number;
          cancelledReceived: number;
        }
      >();
      for (let p = 0; p < 2; p += 1) {
        const project = await g.project({ plots: 4, plotSize: 1000 + p * 37 });
        const { projectId } = project;
        const e = { land: 0, development: 0, sale: 0, received: 0, emi: 0, forfeited: 0, cancelledReceived: 0 };
        const partners = [
          await g.partner({ projectId, share: 50 }),
          await g.partner({ projectId, share: 30.5 }),
          await g.partner({ projectId, share: null }),
        ];
        const purchases = Array.from({ length: 5 }, () => ({
          projectId,
          partnerId: pick(partners),
          particular: 'Kharedikhar',
          date: day(),
          mode: 'Cash',
          amount: toRupees(paise(randomPaise(5_000_000_00))),
        }));
        const { ids: purchaseIds } = await g.purchases(purchases);
        e.land = purchases.reduce((s, r) => s + Math.round(r.amount * 100), 0);
        // A voided entry stays in its table and leaves every report (before the payouts: nothing to guard yet).
        await voidIt('DELETE', `/api/purchase/${purchaseIds[0]}`);
        e.land -= Math.round((purchases[0]?.amount ?? 0) * 100);
        const development = Array.from({ length: 6 }, (_, i) => {
          const category = pick(['per_project', 'per_plot', 'per_sqft'] as const);
          return {
            projectId,
            partnerId: pick(partners),
            category,
            plotId: category === 'per_project' ? null : (project.plots[i % 4]?.plotId as number),
            particular: pick(['Road Rate', 'JCB Work', 'Marking Pole']),
            date: day(),
            mode: 'Online',
            amount: toRupees(paise(randomPaise(1_000_000_00))),
          };
        });
        const { ids: developmentIds } = await g.developmentRows(development);
        e.development = development.reduce((s, r) => s + Math.round(r.amount * 100), 0);
        await voidIt('DELETE', `/api/development/${developmentIds[1]}`);
        e.development -= Math.round((development[1]?.amount ?? 0) * 100);

        for (const [i, plot] of project.plots.slice(0, 3).entries()) {
          const salePaise = 1_000_000_00 + randomPaise(9_000_000_00);
          if (i === 2) {
            // A sale cancelled with a refund (issue 20): its sale amount counts nowhere, the retained part is
            // income, the refund money out (a cheque cleared in the first project, UPI in the second); the plot
            // is sold again.
            const cancelledPaise = randomPaise(50_000_00);
            const cancelled = await g.sale({
              projectId,
              plotId: plot.plotId,
              amountPaise: paise(99_999_00),
              receipts: [{ status: 'Completed', amountPaise: paise(cancelledPaise), date: '2026-10-03' }],
            });
            await g.creditReceipt(cancelled.receiptIds[0] as number, pick(partners));
            const refundPaise = Math.floor(cancelledPaise * rnd());
            const res = await t.call(tenant.tenantId, {
              method: 'POST',
              url: `/api/sale/${cancelled.saleId}/cancel`,
              token: reconToken,
              payload: {
                date: '2026-10-20',
                reason: 'Buyer withdrew',
                refundAmount: toRupees(paise(refundPaise)),
                refundMode: p === 0 ? 'Cheque' : 'UPI',
                modeDetail: 'REF 1',
                retainedAmount: toRupees(paise(cancelledPaise - refundPaise)),
              },
            });
            expect(res.statusCode, res.body).toBe(201);
            if (p === 0) {
              const cleared = await t.call(tenant.tenantId, {
                method: 'POST',
                url: `/api/sale/${cancelled.saleId}/refund/clear`,
                token: reconToken,
                payload: { date: '2026-12-05' },
              });
              expect(cleared.statusCode, cleared.body).toBe(200);
            }
            e.received += cancelledPaise - refundPaise;
            e.forfeited += cancelledPaise - refundPaise;
            e.cancelledReceived += cancelledPaise;
          }
          const months = 3 + i * 5;
          const { saleId } = await g.sale({
            projectId,
            plotId: plot.plotId,
            amountPaise: paise(salePaise),
            emi: i === 1 ? undefined : { advancePaise: paise(100_000_00), months, emiDate: '2026-06-10' },
          });
          e.sale += salePaise;
          if (i !== 1) e.emi += salePaise - 100_000_00;
          for (const status of ['Completed', 'Pending', 'Cancelled', 'Completed'] as const) {
            const amountPaise = randomPaise(200_000_00);
            const id = await g.receipt({
              projectId,
              plotId: plot.plotId,
              saleId,
              status,
              lines: [
                {
                  amountPaise: paise(amountPaise),
                  date: day(),
                  particular: pick(['Installment', 'Advance', 'Visarpawati'] as const),
                },
                { amountPaise: paise(12_34), date: day() },
              ],
            });
            if (status === 'Completed') e.received += amountPaise + 12_34;
            if (rnd() < 0.6) await g.creditReceipt(id, pick(partners));
            if (status === 'Pending') {
              // A Pending receipt's line voided: the receipt's total and the month totals lose it.
              const receipts: { receiptId: number; lines: { receiptLineId: number }[] }[] = await api(
                `/api/payment/plot/${plot.plotId}`,
              );
              const line = receipts.find((r) => r.receiptId === id)?.lines[1];
              await voidIt('POST', `/api/payment/line/${line?.receiptLineId}/void`);
            }
          }
        }
        // A payout may not be more than what is due to the partner (docs/design.md §7).
        const dues: { partnerId: number; due: number }[] = await api(
          `/api/payment/partners-summary?projectId=${projectId}`,
        );
        for (const partnerId of partners.slice(0, 2)) {
          const amount = toRupees(paise(randomPaise(50_000_00)));
          const due = dues.find((d) => d.partnerId === partnerId)?.due ?? 0;
          if (due <= 0) continue;
          const res = await t.call(tenant.tenantId, {
            method: 'POST',
            url: '/api/partner-payout',
            token: reconToken,
            payload: { projectId, partnerId, date: day(), mode: 'Cash', amount: Math.min(amount, due) },
          });
          expect(res.statusCode, res.body).toBe(201);
          // Every first payout is voided: Payment To Partner and the reports leave it out.
          if (partnerId === partners[0]) await voidIt('POST', `/api/partner-payout/${res.json().payoutId}/void`);
        }
        receivedAll += e.received;
        expected.set(projectId, e);
      }

      const checked = await reconcileReports(t, tenant, reconToken);
      expect(checked).toBe(2);
      const projectWise = await api('/api/report/project-wise');
      expect(projectWise.totals.amountReceived).toBe(toRupees(paise(receivedAll)));
      for (const [projectId, e] of expected) {
        const row = projectWise.data.find((r: { projectId: number }) => r.projectId === projectId);
        // The cancelled sale's received, less its refund, is the retained part: income, in received and profit.
        expect(row).toMatchObject({
          investment: toRupees(paise(e.land + e.development)),
          saleAmount: toRupees(paise(e.sale)),
          forfeited: toRupees(paise(e.forfeited)),
          profit: toRupees(paise(e.sale + e.forfeited - e.land - e.development)),
          amountReceived: toRupees(paise(e.received)),
          pendingBalance: toRupees(paise(e.sale - (e.received - e.forfeited))),
          total: toRupees(paise(e.sale + e.forfeited)),
        });
        const monthWise = await api(`/api/report/payment-month-wise/${projectId}`);
        expect(monthWise.totals.expectedEmi).toBe(toRupees(paise(e.emi)));
      }
    },
    RECONCILE_TIMEOUT,
  );

  it(
    'a bounced cheque, a pending one and a cancelled receipt: every report says received what the other screens say',
    async () => {
      const tenant = await t.createTenant('bounce');
      const token = await t.userToken(tenant);
      const g = factories(t, tenant, token);
      const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
      const project = await g.project({ plots: 2 });
      const { projectId } = project;
      const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
      const asha = await g.partner({ projectId, share: 60, name: 'Asha' });
      const bhaskar = await g.partner({ projectId, share: 40, name: 'Bhaskar' });
      await g.purchase({ projectId, partnerId: asha, amount: 2500000, date: '2026-02-01' });
      await g.development({ projectId, partnerId: bhaskar, amount: 210002, date: '2026-03-01' });
      await g.sale({ projectId, plotId: p1.plotId, amountPaise: paise(30_00_000_00) });
      await g.sale({ projectId, plotId: p2.plotId, amountPaise: paise(10_00_000_00) });
      const pay = async (plotId: number, status: string, amount: number, partnerId = bhaskar) => {
        const res = await call('POST', '/api/payment', {
          projectId,
          plotId,
          status,
          payments: [{ particular: 'Advance', date: '2026-10-05', mode: 'Cheque', amount, partnerId }],
        });
        expect(res.statusCode, res.body).toBe(201);
        return res.json().receiptId as number;
      };
      await pay(p1.plotId, 'Completed', 2748709.31, asha);
      await pay(p2.plotId, 'Completed', 83333.31);
      const bounced = await pay(p1.plotId, 'Pending', 83333.31);
      const cleared = await pay(p2.plotId, 'Pending', 1000);
      await pay(p2.plotId, 'Pending', 5000.5);
      await pay(p1.plotId, 'Cancelled', 1234.56);
      expect((await call('PUT', `/api/payment/${bounced}/status`, { status: 'Cancelled' })).statusCode).toBe(200);
      expect((await call('PUT', `/api/payment/${cleared}/status`, { status: 'Completed' })).statusCode).toBe(200);
      const payout = await call('POST', '/api/partner-payout', {
        projectId,
        partnerId: bhaskar,
        date: '2026-11-01',
        mode: 'Bank Transfer',
        amount: 50000,
      });
      expect(payout.statusCode, payout.body).toBe(201);

      expect(await reconcileReports(t, tenant, token)).toBe(1);

      // The figures by hand: received is what cleared, never the bounced, pending or cancelled cheques.
      const received = sumRupees([2748709.31, 83333.31, 1000]);
      const dashboard = (await call('GET', '/api/dashboard')).json();
      expect(dashboard.totalRevenue).toBe(received);
      const receipts = (await call('GET', `/api/report/payment-receipts/${projectId}`)).json();
      expect(receipts.data).toHaveLength(6);
      expect(receipts.totals).toEqual({
        completed: received,
        pending: 5000.5,
        cancelled: sumRupees([83333.31, 1234.56]),
      });
      const file = await call('GET', `/api/report/payment-receipts/${projectId}/export`);
      const totals = await readExportTotals(file.rawPayload, 'paymentReceipts', 6, projectId);
      expect(totals.map((row) => [row.label, row.money.amount])).toEqual([
        ['Received (Completed)', received],
        ['Pending', 5000.5],
        ['Cancelled / Bounced', sumRupees([83333.31, 1234.56])],
      ]);

      // The partner exports: Pay, Receive and Net apart, as on the screen; no row adds Pay and Receive.
      const details = (await call('GET', `/api/partner-payment-details/${projectId}/${asha}`)).json();
      expect(details.totals).toEqual({ pay: 2500000, receive: 2748709.31, net: -248709.31 });
      const detailsFile = await call('GET', `/api/partner-payment-details/${projectId}/${asha}/export`);
      const detailRows = await readExportTotals(detailsFile.rawPayload, 'partnerPaymentDetails', 2);
      expect(detailRows.map((row) => [row.label, row.money.amount])).toEqual([
        ['Total Pay', 2500000],
        ['Total Receive', 2748709.31],
        ['Net (Pay − Receive)', -248709.31],
      ]);
      const summaryFile = await call('GET', `/api/partner-summary/${projectId}/export`);
      // Purchase, development, three cleared receipts and the payout.
      const summaryRows = await readExportTotals(summaryFile.rawPayload, 'partnerSummary', 6);
      expect(summaryRows.map((row) => [row.label, row.money.amount])).toEqual([
        ['Total Pay', 2710002],
        ['Total Receive', sumRupees([received, 50000])],
        ['Net (Pay − Receive)', sumRupees([2710002, -received, -50000])],
      ]);
    },
    RECONCILE_TIMEOUT,
  );
});
