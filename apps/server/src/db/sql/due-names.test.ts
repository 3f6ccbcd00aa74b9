import { paise } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../tenancy.js';

/** emi_due_names (db/sql/emi.ts) against a recomputation from the rows. */
describe.each(engines)('due names on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, f } = c));

  it('keeps each project’s installment count, Σ and plot names by due date equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 3 });
    const b = await f.project({ plots: 1 });
    const c = await f.project({ plots: 4 });
    const projectIds = [a.projectId, b.projectId, c.projectId];
    const [a1, a2, a3] = a.plots.map((p) => p.plotId) as [number, number, number];
    const b1 = (b.plots[0] as { plotId: number }).plotId;
    const kept = () =>
      t.asTenant(acme, async (tdb) =>
        (
          await tdb
            .selectFrom('emi_due_names')
            .select(['project_id', 'due_date', 'installments', 'amount_paise', 'names'])
            .where('project_id', 'in', projectIds)
            .where('installments', '>', 0)
            .orderBy('project_id')
            .orderBy('due_date')
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise) })),
      );
    const recomputed = () =>
      t.asTenant(acme, async (tdb) =>
        (
          await tdb
            .selectFrom('emi_installments as i')
            .innerJoin('sales as s', 's.id', 'i.sale_id')
            .innerJoin('plots as pl', 'pl.id', 's.plot_id')
            .select([
              's.project_id',
              'i.due_date',
              sql<number>`count(*)::integer`.as('installments'),
              sql<number>`sum(i.amount_paise)`.as('amount_paise'),
              sql<string>`string_agg(to_json(pl.plot_name)::text, ',' order by pl.plot_name, s.id)`.as('names'),
            ])
            .where('s.project_id', 'in', projectIds)
            .where('s.status', '=', 'Active')
            .groupBy(['s.project_id', 'i.due_date'])
            .orderBy('s.project_id')
            .orderBy('i.due_date')
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise) })),
      );
    const expectInStep = async (step: string) => {
      const actual = await kept();
      expect(actual, step).toEqual(await recomputed());
      return actual.filter((r) => r.project_id === a.projectId).map((r) => [r.due_date, r.installments, r.names]);
    };

    const second = await f.sale({
      projectId: a.projectId,
      plotId: a2,
      amountPaise: paise(3_000_00),
      emi: { months: 3 },
    });
    const first = await f.sale({
      projectId: a.projectId,
      plotId: a1,
      amountPaise: paise(2_000_00),
      emi: { months: 2 },
    });
    const third = await f.sale({
      projectId: a.projectId,
      plotId: a3,
      amountPaise: paise(1_000_00),
      emi: { months: 1, emiDate: '2026-11-15' },
    });
    await f.sale({ projectId: b.projectId, plotId: b1, amountPaise: paise(1_000_00), emi: { months: 1 } });
    expect(await expectInStep('schedules written')).toEqual([
      ['2026-11-01', 2, '"P1","P2"'],
      ['2026-11-15', 1, '"P3"'],
      ['2026-12-01', 2, '"P1","P2"'],
      ['2027-01-01', 1, '"P2"'],
    ]);

    // Installment money paid changes no name; plots renamed one at a time and all at once (as Edit Project does).
    await f.receipt({
      projectId: a.projectId,
      plotId: a1,
      saleId: first.saleId,
      status: 'Completed',
      lines: [{ amountPaise: paise(1_500_00), date: '2026-11-05' }],
    });
    await expectInStep('paid');
    await t.asTenant(acme, (tdb) => tdb.updateTable('plots').set({ plot_name: 'Z1' }).where('id', '=', a1).execute());
    expect((await expectInStep('renamed'))[0]).toEqual(['2026-11-01', 2, '"P2","Z1"']);
    await t.asTenant(acme, (tdb) =>
      tdb
        .updateTable('plots')
        .set({ plot_name: sql`'Q' || plot_name` })
        .where('project_id', '=', a.projectId)
        .execute(),
    );
    expect((await expectInStep('all renamed'))[0]).toEqual(['2026-11-01', 2, '"QP2","QZ1"']);

    // A sale cancelled, another moved to the freed plot, installments moved, re-amounted and deleted in place.
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', second.saleId).execute(),
    );
    expect(await expectInStep('sale cancelled')).toEqual([
      ['2026-11-01', 1, '"QZ1"'],
      ['2026-11-15', 1, '"QP3"'],
      ['2026-12-01', 1, '"QZ1"'],
    ]);
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ plot_id: a2 }).where('id', '=', third.saleId).execute(),
    );
    expect((await expectInStep('sale moved'))[1]).toEqual(['2026-11-15', 1, '"QP2"']);
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('emi_installments')
        .set({ due_date: '2026-12-01' })
        .where('sale_id', '=', third.saleId)
        .execute();
      await tdb
        .updateTable('emi_installments')
        .set({ amount_paise: paise(10) })
        .where('sale_id', '=', first.saleId)
        .where('installment_no', '=', 1)
        .execute();
      await tdb.deleteFrom('emi_installments').where('sale_id', '=', second.saleId).execute();
    });
    expect(await expectInStep('installments edited')).toEqual([
      ['2026-11-01', 1, '"QZ1"'],
      ['2026-12-01', 2, '"QP2","QZ1"'],
    ]);

    // Concurrent sales of one project with the same due dates, each its own transaction.
    await Promise.all(
      c.plots.map((plot, i) =>
        f.sale({ projectId: c.projectId, plotId: plot.plotId, amountPaise: paise(1_000_00 + i), emi: { months: 2 } }),
      ),
    );
    await expectInStep('concurrent sales');
    const cDays = (await kept()).filter((r) => r.project_id === c.projectId);
    expect(cDays.map((r) => [r.due_date, r.installments, r.names])).toEqual([
      ['2026-11-01', 4, '"P1","P2","P3","P4"'],
      ['2026-12-01', 4, '"P1","P2","P3","P4"'],
    ]);
  });
});
