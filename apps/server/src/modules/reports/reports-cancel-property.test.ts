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
  fc.record({ kind: fc.constant('sell' as const), plot: fc.nat(2), rupees: fc.integer({ min: 10_000, max: 90_000 }) }),
  fc.record({
    kind: fc.constant('receive' as const),
    plot: fc.nat(2),
    paise: fc.integer({ min: 1, max: 20_000_00 }),
    status: fc.constantFrom('Completed', 'Completed', 'Pending'),
  }),
  fc.record({ kind: fc.constant('clear' as const), plot: fc.nat(2), bounce: fc.boolean() }),
  fc.record({
    kind: fc.constant('cancel' as const),
    plot: fc.nat(2),
    refundShare: fc.double({ min: 0, max: 1, noNaN: true }),
    mode: fc.constantFrom('Cheque', 'UPI', 'Cash'),
  }),
  fc.record({ kind: fc.constant('refund' as const), plot: fc.nat(2) }),
);

/**
 * Random sequences of sales, receipts (cleared or bounced), cancellations with refunds and forfeits, refund cheques
 * cleared and resales: after each sequence every report, Project Profile, Payment To Partner and the dashboard agree
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

  it('keeps every figure in agreement whatever the order of sales, receipts, cancels, refunds and resales', async () => {
    const g = factories(t, tenant, token);
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.call(tenant.tenantId, { method, url, token, ...(payload ? { payload } : {}) });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const project = await g.project({ plots: 3 });
        const { projectId } = project;
        const partners = [await g.partner({ projectId, share: 60 }), await g.partner({ projectId, share: 40 })];
        const plotIds = project.plots.map((p) => p.plotId);
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
            const amount = toRupees(paise(Math.min(s.paise, Math.round(summary.pendingBalance * 100))));
            const res = await call('POST', '/api/payment', {
              projectId,
              plotId,
              status: s.status,
              payments: [
                {
                  particular: 'Advance',
                  date: date(),
                  mode: 'Cheque',
                  amount,
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
            expect(res.statusCode === 201 || (res.statusCode === 409 && summary.awaitingClearance > 0), res.body).toBe(
              true,
            );
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
              const res = await call('POST', `/api/sale/${pendingRefund.sale_id}/refund/clear`, { date: '2026-12-01' });
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
      }),
      { numRuns: 6 },
    );
  }, 300_000);
});
