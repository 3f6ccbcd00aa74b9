import { allocateInstallments, paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../tenancy.js';

const TODAY = new Date().toISOString().slice(0, 10);

/** plot_money and emi_installments.paid_paise (db/sql/plot-money.ts) against a recomputation from the rows. */
describe.each(engines)('plot money and installments’ paid share on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, f } = c));

  /** What the triggers keep, and the same figures recomputed from receipts, lines, sales and schedules. */
  const keptMoney = (plotIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const money = await tdb
        .selectFrom('plot_money')
        .select(['plot_id', 'received_paise', 'installment_paise'])
        .where('plot_id', 'in', plotIds)
        .orderBy('plot_id')
        .execute();
      const paid = await tdb
        .selectFrom('emi_installments as i')
        .innerJoin('sales as s', 's.id', 'i.sale_id')
        .select(['i.sale_id', 'i.installment_no', 'i.paid_paise'])
        .where('s.plot_id', 'in', plotIds)
        .orderBy('i.sale_id')
        .orderBy('i.installment_no')
        .execute();
      return {
        money: money
          .map((m) => ({
            plotId: m.plot_id,
            received: Number(m.received_paise),
            installment: Number(m.installment_paise),
          }))
          .filter((m) => m.received !== 0 || m.installment !== 0),
        paid: paid.map((r) => ({ saleId: r.sale_id, no: r.installment_no, paid: Number(r.paid_paise) })),
      };
    });
  const recomputedMoney = (plotIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const lines = await tdb
        .selectFrom('receipt_lines as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .leftJoin('sales as sa', 'sa.id', 'r.sale_id')
        .select(['r.plot_id', 'r.status', 'r.sale_id', 'sa.status as sale_status', 'l.particular', 'l.amount_paise'])
        .where('r.plot_id', 'in', plotIds)
        .execute();
      // A receipt of a cancelled sale is no longer its plot's money (issue 20).
      const money = plotIds
        .map((plotId) => {
          const completed = lines.filter(
            (l) =>
              l.plot_id === plotId && l.status === 'Completed' && (l.sale_id === null || l.sale_status === 'Active'),
          );
          const sum = (rows: typeof completed) => rows.reduce((n, l) => n + Number(l.amount_paise), 0);
          return {
            plotId,
            received: sum(completed),
            installment: sum(completed.filter((l) => l.particular === 'Installment')),
          };
        })
        .filter((m) => m.received !== 0 || m.installment !== 0);
      const sales = await tdb
        .selectFrom('sales')
        .select(['id', 'plot_id', 'status'])
        .where('plot_id', 'in', plotIds)
        .orderBy('id')
        .execute();
      const paid: { saleId: number; no: number; paid: number }[] = [];
      for (const sale of sales) {
        const schedule = await tdb
          .selectFrom('emi_installments')
          .select(['installment_no', 'due_date', 'amount_paise'])
          .where('sale_id', '=', sale.id)
          .orderBy('installment_no')
          .execute();
        const installmentMoney = money.find((m) => m.plotId === sale.plot_id)?.installment ?? 0;
        const rows = allocateInstallments(
          schedule.map((i) => ({
            installmentNo: i.installment_no,
            dueDate: i.due_date,
            amountPaise: i.amount_paise,
          })),
          paise(installmentMoney),
          TODAY,
        );
        for (const r of rows) {
          paid.push({ saleId: sale.id, no: r.installmentNo, paid: sale.status === 'Active' ? r.paidPaise : 0 });
        }
      }
      return { money, paid };
    });
  it('keeps each plot’s money and each installment’s paid share equal to a recomputation from the rows', async () => {
    const project = await f.project({ plots: 2 });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { projectId } = project;
    const plotIds = [p1.plotId, p2.plotId];
    // 3 × ₹ 1,000 on P1 (cancelled later, then sold again) and 4 × ₹ 500 on P2.
    const first = await f.sale({ projectId, plotId: p1.plotId, amountPaise: paise(3_000_00), emi: { months: 3 } });
    const second = await f.sale({ projectId, plotId: p2.plotId, amountPaise: paise(2_000_00), emi: { months: 4 } });

    const expectInStep = async (step: string) => {
      const actual = await keptMoney(plotIds);
      expect(actual, step).toEqual(await recomputedMoney(plotIds));
      return actual;
    };

    // A Pending receipt of ₹ 1,500 Installment + ₹ 200 Advance on P1 counts nowhere yet.
    const receiptId = await f.receipt({
      projectId,
      plotId: p1.plotId,
      saleId: first.saleId,
      status: 'Pending',
      lines: [
        { amountPaise: paise(1_500_00), date: '2026-11-05' },
        { amountPaise: paise(200_00), date: '2026-11-05', particular: 'Advance' },
      ],
    });
    expect((await expectInStep('pending')).money).toEqual([]);
    const setStatus = (status: 'Pending' | 'Completed' | 'Cancelled') =>
      t.asTenant(acme, (tdb) => tdb.updateTable('receipts').set({ status }).where('id', '=', receiptId).execute());

    await setStatus('Completed');
    const completed = await expectInStep('completed');
    expect(completed.money).toEqual([{ plotId: p1.plotId, received: 1_700_00, installment: 1_500_00 }]);
    expect(completed.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([1_000_00, 500_00, 0]);

    // A Completed receipt on P2 and a changed line amount on P1.
    await f.receipt({
      projectId,
      plotId: p2.plotId,
      saleId: second.saleId,
      status: 'Completed',
      lines: [{ amountPaise: paise(700_00), date: '2026-11-06' }],
    });
    await t.asTenant(acme, (tdb) =>
      tdb
        .updateTable('receipt_lines')
        .set({ amount_paise: paise(2_500_00) })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Installment')
        .execute(),
    );
    const edited = await expectInStep('line edited');
    expect(edited.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([
      1_000_00, 1_000_00, 500_00,
    ]);
    expect(edited.paid.filter((r) => r.saleId === second.saleId).map((r) => r.paid)).toEqual([500_00, 200_00, 0, 0]);

    await setStatus('Cancelled');
    const cancelled = await expectInStep('cancelled receipt');
    expect(cancelled.money).toEqual([{ plotId: p2.plotId, received: 700_00, installment: 700_00 }]);
    expect(cancelled.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([0, 0, 0]);

    // Back to Completed, then the sale is cancelled: its schedule holds nothing; a new sale of P1 takes the money.
    await setStatus('Completed');
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', first.saleId).execute(),
    );
    const saleCancelled = await expectInStep('cancelled sale');
    expect(saleCancelled.paid.filter((r) => r.saleId === first.saleId).map((r) => r.paid)).toEqual([0, 0, 0]);
    const again = await f.sale({ projectId, plotId: p1.plotId, amountPaise: paise(6_000_00), emi: { months: 2 } });
    const resold = await expectInStep('new sale');
    // The new sale starts at 0: the cancelled sale's receipts stay its own (issue 20).
    expect(resold.money).toEqual([{ plotId: p2.plotId, received: 700_00, installment: 700_00 }]);
    expect(resold.paid.filter((r) => r.saleId === again.saleId).map((r) => r.paid)).toEqual([0, 0]);

    // A deleted receipt takes its money with it.
    await t.asTenant(acme, (tdb) => tdb.deleteFrom('receipts').where('id', '=', receiptId).execute());
    const deleted = await expectInStep('deleted receipt');
    expect(deleted.money).toEqual([{ plotId: p2.plotId, received: 700_00, installment: 700_00 }]);
  });

  it('keeps the totals right when receipts of one plot are cleared at once beside its sale being cancelled', async () => {
    const project = await f.project({ plots: 1 });
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const { projectId } = project;
    const sale = await f.sale({ projectId, plotId, amountPaise: paise(10_000_00), emi: { months: 4 } });
    const receiptIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      receiptIds.push(
        await f.receipt({
          projectId,
          plotId,
          saleId: sale.saleId,
          status: 'Pending',
          lines: [{ amountPaise: paise(300_00 + i), date: '2026-11-05' }],
        }),
      );
    }
    // Each its own transaction (its own connection on PostgreSQL), straight to the tables: only the triggers' row
    // locks keep the totals whole.
    await Promise.all([
      ...receiptIds.map((id) =>
        t.asTenant(acme, (tdb) =>
          tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', id).execute(),
        ),
      ),
      t.asTenant(acme, (tdb) =>
        tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', sale.saleId).execute(),
      ),
    ]);
    const kept = await keptMoney([plotId]);
    expect(kept).toEqual(await recomputedMoney([plotId]));
    // The sale is cancelled: its receipts' money is no longer the plot's (issue 20).
    expect(kept.money).toEqual([]);
    expect(kept.paid.map((r) => r.paid)).toEqual([0, 0, 0, 0]);
  });
});
