import { paise, toRupees } from '@plotbook/domain';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { factories } from '../../../test/factories.js';
import { buildTestApp, engines, type TestContext } from '../../../test/helpers.js';
import { reconcileReports } from '../../../test/reconcile.js';
import type { TenantRecord } from '../../db/tenancy.js';

/** A step of a sale's life on one of three plots, chosen at random (issue 20). */
const step = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('sell' as const),
      plot: fc.nat(2),
      rupees: fc.integer({ min: 10_000, max: 90_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      plot: fc.nat(2),
      paise: fc.integer({ min: 1, max: 20_000_00 }),
      status: fc.constantFrom('Completed', 'Completed', 'Pending'),
      // A TDS (194-IA) line (its certificate number as mode detail) or a Transfer Fee line, or an Advance.
      particular: fc.constantFrom('Advance', 'Advance', 'TDS (194-IA)', 'Transfer Fee'),
    }),
  },
  fc.record({ kind: fc.constant('clear' as const), plot: fc.nat(2), bounce: fc.boolean() }),
  fc.record({
    kind: fc.constant('cancel' as const),
    plot: fc.nat(2),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    mode: fc.constantFrom('Cheque', 'UPI', 'Cash'),
  }),
  fc.record({ kind: fc.constant('refund' as const), plot: fc.nat(2) }),
  fc.record({
    kind: fc.constant('transfer' as const),
    plot: fc.nat(2),
    buyer: fc.nat(2),
    feePaise: fc.integer({ min: 0, max: 5_000_00 }),
  }),
  fc.record({ kind: fc.constant('reverse' as const), plot: fc.nat(2) }),
  fc.record({
    kind: fc.constant('correct' as const),
    plot: fc.nat(2),
    deltaRupees: fc.integer({ min: -50_000, max: 50_000 }),
  }),
);

/**
 * Random sequences of sales, receipts (Advance, TDS (194-IA) and Transfer Fee lines; cleared or bounced), transfers
 * with fees, reversals, corrections up and down, cancellations with refunds and forfeits, refund cheques cleared and
 * resales: after each sequence every report, Project Profile, Payment To Partner and the dashboard agree
 * to the paisa (test/reconcile.ts), each cancellation's refund + retained is what its sale had received, and each
 * plot's kept money is its active sale's Completed receipts only.
 */
describe.each(engines)('cancellations in random sequences on $name', (engine) => {
  let t: TestContext;
  let tenant: TenantRecord;
  let token: string;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    tenant = await t.createTenant('cancelprop');
    token = await t.userToken(tenant);
  });
  afterAll(() => t.close());

  it('keeps every figure in agreement whatever the order of sales, receipts, transfers, reversals, corrections, cancels, refunds and resales', async () => {
    const g = factories(t, tenant, token);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
    const buyers: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call('POST', '/api/buyer', { name: `Buyer ${n}`, mobile: `98765000${20 + n}` });
      expect(res.statusCode, res.body).toBe(201);
      buyers.push(res.json().buyerId);
    }
    /** The transfer fees charged on a sale less its Completed and Pending Transfer Fee lines, in paise. */
    const feeUnpaidPaise = (saleId: number) =>
      t.asTenant(tenant, async (tdb) => {
        const row = await tdb
          .selectFrom('sales')
          .select([
            'transfer_fee_paise',
            sql<number>`(select coalesce(sum(l.amount_paise), 0) from receipt_lines l join receipts r on r.id = l.receipt_id where r.sale_id = sales.id and l.particular = 'Transfer Fee' and l.receipt_status in ('Completed', 'Pending'))`.as(
              'taken',
            ),
          ])
          .where('id', '=', saleId)
          .executeTakeFirstOrThrow();
        return Number(row.transfer_fee_paise) - Number(row.taken);
      });
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 6, maxLength: 16 }),
        fc.array(fc.integer({ min: 10_000, max: 90_000 }), { minLength: 3, maxLength: 3 }),
        async (steps, first) => {
          const project = await g.project({ plots: 3 });
          const { projectId } = project;
          const partners = [await g.partner({ projectId, share: 60 }), await g.partner({ projectId, share: 40 })];
          const plotIds = project.plots.map((p) => p.plotId);
          const holder = new Map<number, number>();
          // Every plot starts sold (most steps need a sale); a 'sell' step sells a plot freed by a cancellation.
          for (const [i, plotId] of plotIds.entries()) {
            const res = await call('POST', '/api/sale', {
              projectId,
              plotId,
              saleDate: '2026-11-01',
              saleAmount: first[i],
              paymentType: 'Cash',
            });
            expect(res.statusCode, res.body).toBe(201);
          }
          let day = 1;
          const date = () => `2026-11-${String(Math.min(28, day)).padStart(2, '0')}`;
          for (const s of steps) {
            day += 1;
            const plotId = plotIds[s.plot] as number;
            const summary = (await call('GET', `/api/payment/pending/${plotId}`)).json();
            if (s.kind === 'sell' && !summary.isSold) {
              const res = await call('POST', '/api/sale', {
                projectId,
                plotId,
                saleDate: '2026-11-01',
                saleAmount: s.rupees,
                paymentType: 'Cash',
              });
              expect(res.statusCode, res.body).toBe(201);
            } else if (s.kind === 'receive' && summary.isSold && summary.pendingBalance > 0) {
              // A Transfer Fee line pays no more than the fee still unpaid (Completed and Pending fee lines count).
              const cap =
                s.particular === 'Transfer Fee' ? await feeUnpaidPaise(summary.saleId) : Number.POSITIVE_INFINITY;
              const amountPaise = Math.min(s.paise, Math.round(summary.pendingBalance * 100), cap);
              if (amountPaise <= 0) continue;
              const res = await call('POST', '/api/payment', {
                projectId,
                plotId,
                status: s.status,
                payments: [
                  {
                    particular: s.particular,
                    date: date(),
                    mode: s.particular === 'TDS (194-IA)' ? 'Bank Transfer' : 'Cheque',
                    modeDetail: s.particular === 'TDS (194-IA)' ? `Form 16B AB${s.paise}` : `CHQ ${s.paise}`,
                    amount: toRupees(paise(amountPaise)),
                    partnerId: partners[s.paise % 2],
                  },
                ],
              });
              // A Pending cheque beside others may not fit the balance any more: refused, nothing saved.
              expect([201, 409], res.body).toContain(res.statusCode);
            } else if (s.kind === 'clear') {
              const receipts = (await call('GET', `/api/payment/plot/${plotId}`)).json();
              const pending = receipts.find((r: { status: string }) => r.status === 'Pending');
              if (pending) {
                const res = await call('PUT', `/api/payment/${pending.receiptId}/status`, {
                  status: s.bounce ? 'Cancelled' : 'Completed',
                });
                expect([200, 409], res.body).toContain(res.statusCode);
              }
            } else if (s.kind === 'cancel' && summary.isSold) {
              const receivedPaise = Math.round(summary.received * 100);
              const refundPaise = Math.floor(receivedPaise * s.refundShare);
              const res = await call('POST', `/api/sale/${summary.saleId}/cancel`, {
                date: date(),
                reason: 'Random cancel',
                refundAmount: toRupees(paise(refundPaise)),
                refundMode: s.mode,
                modeDetail: 'R',
                retainedAmount: toRupees(paise(receivedPaise - refundPaise)),
              });
              // 409 while a Pending receipt waits.
              expect(
                res.statusCode === 201 || (res.statusCode === 409 && summary.awaitingClearance > 0),
                res.body,
              ).toBe(true);
            } else if (s.kind === 'transfer' && summary.isSold) {
              const toBuyerId = buyers[s.buyer] as number;
              const res = await call('POST', `/api/sale/${summary.saleId}/transfer`, {
                date: date(),
                toBuyerId,
                transferFee: toRupees(paise(s.feePaise)),
                reason: 'Random transfer',
              });
              // 409 only when the buyer already holds the sale.
              expect(
                res.statusCode === 201 || (res.statusCode === 409 && holder.get(summary.saleId) === toBuyerId),
              ).toBe(true);
              holder.set(summary.saleId, toBuyerId);
            } else if (s.kind === 'reverse' && summary.isSold) {
              const receipts = (await call('GET', `/api/payment/plot/${plotId}`)).json();
              const completed = receipts.filter(
                (r: { status: string; saleId: number | null }) =>
                  r.status === 'Completed' && r.saleId === summary.saleId,
              );
              const last = completed[completed.length - 1];
              if (last) {
                const res = await call('POST', `/api/payment/${last.receiptId}/reverse`, { reason: 'Wrong amount' });
                expect(res.statusCode, res.body).toBe(200);
                expect(res.json().pendingBalance).toBe(
                  toRupees(
                    paise(Math.round((summary.saleAmount + summary.transferFee - summary.received + last.total) * 100)),
                  ),
                );
              }
            } else if (s.kind === 'correct' && summary.isSold) {
              // Up or down, never below what has been received less the transfer fees (nor to nothing).
              const least = Math.max(1, Math.round((summary.received - summary.transferFee) * 100));
              const salePaise = Math.max(least, Math.round(summary.saleAmount * 100) + s.deltaRupees * 100);
              const res = await call('PUT', `/api/sale/${summary.saleId}`, {
                saleAmount: toRupees(paise(salePaise)),
                paymentType: 'Cash',
                reason: 'Random correction',
              });
              expect(res.statusCode, res.body).toBe(200);
            } else if (s.kind === 'refund') {
              const pendingRefund = await t.asTenant(tenant, (tdb) =>
                tdb
                  .selectFrom('sale_cancellations')
                  .select('sale_id')
                  .where('plot_id', '=', plotId)
                  .where('refund_status', '=', 'Pending')
                  .executeTakeFirst(),
              );
              if (pendingRefund) {
                const res = await call('POST', `/api/sale/${pendingRefund.sale_id}/refund/clear`, {
                  date: '2026-12-01',
                });
                expect(res.statusCode, res.body).toBe(200);
              }
            }
          }
          await reconcileReports(t, tenant, token);
          await t.asTenant(tenant, async (tdb) => {
            const cancellations = await tdb
              .selectFrom('sale_cancellations as c')
              .select([
                'c.received_paise',
                'c.refund_paise',
                'c.retained_paise',
                sql<number>`(select coalesce(sum(total_paise), 0) from receipts r where r.sale_id = c.sale_id and r.status = 'Completed')`.as(
                  'completed',
                ),
              ])
              .where('c.project_id', '=', projectId)
              .execute();
            for (const c of cancellations) {
              expect(Number(c.refund_paise) + Number(c.retained_paise)).toBe(Number(c.received_paise));
              expect(Number(c.completed)).toBe(Number(c.received_paise));
            }
            const kept = await tdb
              .selectFrom('plots')
              .leftJoin('plot_money', 'plot_money.plot_id', 'plots.id')
              .select([
                'plots.id',
                'plot_money.received_paise',
                sql<number>`(select coalesce(sum(r.total_paise), 0) from receipts r join sales s on s.id = r.sale_id where r.plot_id = plots.id and r.status = 'Completed' and s.status = 'Active')`.as(
                  'active',
                ),
              ])
              .where('plots.project_id', '=', projectId)
              .execute();
            for (const k of kept) expect(Number(k.received_paise ?? 0), `plot ${k.id}`).toBe(Number(k.active));
          });
        },
      ),
      { numRuns: 6 },
    );
  }, 300_000);
});
