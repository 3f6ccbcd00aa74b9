import { paise } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../tenancy.js';

/** sale_rera_money (db/sql/rera-money.ts) against a recomputation from the sales and their receipt lines. */
describe.each(engines)('money received before the agreement for sale, kept per sale, on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, f } = c));

  const kept = (saleIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const rows = await tdb
        .selectFrom('sale_rera_money')
        .select(['sale_id', 'before_agreement_paise'])
        .where('sale_id', 'in', saleIds)
        .orderBy('sale_id')
        .execute();
      return rows.map((r) => ({ saleId: r.sale_id, before: r.before_agreement_paise })).filter((r) => r.before !== 0);
    });
  /** Σ each sale's Completed live lines (base table: voided ones too, then left out) dated before its agreement. */
  const recomputed = (saleIds: number[]) =>
    t.asTenant(acme, async (tdb) => {
      const sales = await tdb.selectFrom('sales').select(['id', 'agreement_date']).where('id', 'in', saleIds).execute();
      const lines = await tdb
        .selectFrom('receipt_line_rows as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select(['r.sale_id', 'r.status', 'l.voided_at', 'l.line_date', 'l.amount_paise'])
        .where('r.sale_id', 'in', saleIds)
        .execute();
      return sales
        .map((sale) => ({
          saleId: sale.id,
          before: lines
            .filter(
              (l) =>
                l.sale_id === sale.id &&
                l.status === 'Completed' &&
                l.voided_at === null &&
                (sale.agreement_date === null || l.line_date < sale.agreement_date),
            )
            .reduce((n, l) => n + Number(l.amount_paise), 0),
        }))
        .filter((r) => r.before !== 0)
        .sort((a, b) => a.saleId - b.saleId);
    });

  it('keeps each sale’s money before its agreement equal to a recomputation through every kind of change', async () => {
    const project = await f.project({ plots: 2 });
    const [p1, p2] = project.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const { projectId } = project;
    const one = await f.sale({ projectId, plotId: p1.plotId, amountPaise: paise(10_00_000_00) });
    const two = await f.sale({ projectId, plotId: p2.plotId, amountPaise: paise(5_00_000_00), emi: { months: 5 } });
    const saleIds = [one.saleId, two.saleId];
    const expectInStep = async (step: string) => {
      const actual = await kept(saleIds);
      expect(actual, step).toEqual(await recomputed(saleIds));
      return actual;
    };
    const write = <T>(fn: Parameters<typeof t.asTenant<T>>[1]) => t.asTenant(acme, fn);

    const pending = await f.receipt({
      projectId,
      plotId: p1.plotId,
      saleId: one.saleId,
      status: 'Pending',
      lines: [
        { amountPaise: paise(1_00_000_00), date: '2026-10-01', particular: 'Advance' },
        { amountPaise: paise(50_000_25), date: '2026-11-10' },
      ],
    });
    expect(await expectInStep('pending counts nowhere')).toEqual([]);
    await write((tdb) => tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', pending).execute());
    expect(await expectInStep('cleared')).toEqual([{ saleId: one.saleId, before: 1_50_000_25 }]);

    // The agreement registered on 1 November: only October's line was before it.
    await write((tdb) =>
      tdb.updateTable('sales').set({ agreement_date: '2026-11-01' }).where('id', '=', one.saleId).execute(),
    );
    expect(await expectInStep('agreement dated')).toEqual([{ saleId: one.saleId, before: 1_00_000_00 }]);

    // A line moved before the agreement, an amount changed, another sale's receipt, a voided line.
    await write((tdb) =>
      tdb
        .updateTable('receipt_lines')
        .set({ line_date: '2026-10-20', amount_paise: paise(60_000_00) })
        .where('receipt_id', '=', pending)
        .where('particular', '=', 'Installment')
        .execute(),
    );
    const other = await f.receipt({
      projectId,
      plotId: p2.plotId,
      saleId: two.saleId,
      status: 'Completed',
      lines: [
        { amountPaise: paise(25_000_00), date: '2026-09-01' },
        { amountPaise: paise(7_500_50), date: '2026-09-02' },
      ],
    });
    await expectInStep('moved, changed, another sale');
    await write((tdb) =>
      tdb
        .updateTable('receipt_line_rows')
        .set({ voided_at: new Date(), voided_by: 1, void_reason: 'typed twice' })
        .where('receipt_id', '=', other)
        .where('amount_paise', '=', paise(7_500_50))
        .execute(),
    );
    expect(await expectInStep('voided')).toEqual([
      { saleId: one.saleId, before: 1_60_000_00 },
      { saleId: two.saleId, before: 25_000_00 },
    ]);

    // Reversed, the agreement cleared (all lines count again), the receipt deleted with its lines.
    await write((tdb) =>
      tdb
        .updateTable('receipts')
        .set({ status: 'Reversed', reversed_at: new Date(), reversed_by: 1, reverse_reason: 'bounced' })
        .where('id', '=', other)
        .execute(),
    );
    await write((tdb) => tdb.updateTable('sales').set({ agreement_date: null }).where('id', '=', one.saleId).execute());
    expect(await expectInStep('reversed, agreement cleared')).toEqual([{ saleId: one.saleId, before: 1_60_000_00 }]);
    await write((tdb) => tdb.deleteFrom('receipts').where('id', '=', pending).execute());
    expect(await expectInStep('deleted')).toEqual([]);
  });

  it('keeps the sum whole when many receipts of one sale are cleared at once', async () => {
    const project = await f.project({ plots: 1 });
    const plotId = (project.plots[0] as { plotId: number }).plotId;
    const sale = await f.sale({ projectId: project.projectId, plotId, amountPaise: paise(20_00_000_00) });
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        f.receipt({
          projectId: project.projectId,
          plotId,
          saleId: sale.saleId,
          status: 'Pending',
          lines: [{ amountPaise: paise(1_000_00 + i), date: '2026-11-05' }],
        }),
      ),
    );
    await Promise.all(
      ids.map((id) =>
        t.asTenant(acme, (tdb) =>
          tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', id).execute(),
        ),
      ),
    );
    expect(await kept([sale.saleId])).toEqual([{ saleId: sale.saleId, before: 8_000_00 + 28 }]);
  });
});
