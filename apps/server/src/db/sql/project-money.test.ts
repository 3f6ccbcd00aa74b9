import { paise, toRupees } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import type { TenantRecord } from '../tenancy.js';

/** project_money (db/sql/money.ts) against a recomputation from the rows and Project Wise. */
describe.each(engines)('project money on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;
  let token: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const { json } = reportExamples(() => ({ t, acme, token, f }));

  it('keeps each project’s land, development and sale totals equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 2 });
    const b = await f.project({ plots: 1 });
    const projectIds = [a.projectId, b.projectId];
    const [a1, a2] = a.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const kept = () =>
      t.asTenant(acme, (tdb) =>
        tdb
          .selectFrom('project_money')
          .select(['project_id', 'land_paise', 'development_paise', 'sale_paise'])
          .where('project_id', 'in', projectIds)
          .orderBy('project_id')
          .execute(),
      );
    const recomputed = () =>
      t.asTenant(acme, async (tdb) => {
        const sum = async (table: 'purchase_entries' | 'development_entries', projectId: number) =>
          Number(
            (
              await tdb
                .selectFrom(table)
                .select(sql<string>`coalesce(sum(amount_paise), 0)`.as('n'))
                .where('project_id', '=', projectId)
                .executeTakeFirstOrThrow()
            ).n,
          );
        const rows = [];
        for (const projectId of projectIds) {
          const sales = await tdb
            .selectFrom('sales')
            .select(['sale_amount_paise'])
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .execute();
          rows.push({
            project_id: projectId,
            land_paise: await sum('purchase_entries', projectId),
            development_paise: await sum('development_entries', projectId),
            sale_paise: sales.reduce((n, r) => n + Number(r.sale_amount_paise), 0),
          });
        }
        return rows;
      });
    const expectInStep = async (step: string, expected?: [number, number, number][]) => {
      // A project without a row yet (nothing written since it was made) has zero of each.
      const rows = await kept();
      const actual = projectIds.map((projectId) => {
        const r = rows.find((row) => row.project_id === projectId);
        return {
          project_id: projectId,
          land_paise: Number(r?.land_paise ?? 0),
          development_paise: Number(r?.development_paise ?? 0),
          sale_paise: Number(r?.sale_paise ?? 0),
        };
      });
      expect(actual, step).toEqual(await recomputed());
      if (expected) {
        expect(
          actual.map((r) => [r.land_paise, r.development_paise, r.sale_paise]),
          step,
        ).toEqual(expected);
      }
    };
    await expectInStep('new projects', [
      [0, 0, 0],
      [0, 0, 0],
    ]);

    const { id: purchase } = await f.purchase({ projectId: a.projectId, amount: 1000, date: '2026-02-01' });
    await f.purchase({ projectId: b.projectId, amount: 300, date: '2026-02-02' });
    await f.development({ projectId: a.projectId, amount: 200, date: '2026-04-01' });
    await f.development({
      projectId: a.projectId,
      amount: 50,
      category: 'per_plot',
      plotId: a1.plotId,
      particular: 'Marking Pole',
      date: '2026-04-02',
    });
    const sale = await f.sale({ projectId: a.projectId, plotId: a1.plotId, amountPaise: paise(5_000_00) });
    await f.sale({ projectId: a.projectId, plotId: a2.plotId, amountPaise: paise(2_000_00) });
    await expectInStep('entries and sales', [
      [1000_00, 250_00, 7_000_00],
      [300_00, 0, 0],
    ]);

    // Straight to the tables: an amount changed, an entry moved to the other project, one deleted, a sale
    // cancelled, and one statement inserting into both projects.
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('purchase_entries')
        .set({ amount_paise: paise(1500_00) })
        .where('id', '=', purchase)
        .execute();
      await tdb
        .updateTable('purchase_entries')
        .set({ project_id: b.projectId })
        .where('project_id', '=', a.projectId)
        .where('id', '<>', purchase)
        .execute();
      await tdb
        .deleteFrom('development_entries')
        .where('project_id', '=', a.projectId)
        .where('amount_paise', '=', paise(50_00))
        .execute();
      await tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', sale.saleId).execute();
      await tdb
        .insertInto('purchase_entries')
        .values(
          projectIds.map((projectId, i) => ({
            project_id: projectId,
            particular: 'Kharedikhar',
            entry_date: '2026-03-01',
            mode: 'Cash',
            amount_paise: paise(10_00 + i),
          })),
        )
        .execute();
      await tdb.updateTable('purchase_entries').set({ mode: 'Cheque' }).where('project_id', 'in', projectIds).execute();
    });
    await expectInStep('edited in place', [
      [1510_00, 200_00, 2_000_00],
      [310_01, 0, 0],
    ]);

    // Concurrent writers of one project, each in its own transaction: the project's row keeps them whole.
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.asTenant(acme, (tdb) =>
          tdb
            .insertInto('development_entries')
            .values({
              project_id: b.projectId,
              category: 'per_project',
              particular: 'Road Rate',
              entry_date: '2026-05-01',
              mode: 'Cash',
              amount_paise: paise(100 + i),
            })
            .execute(),
        ),
      ),
    );
    await expectInStep('concurrent inserts');

    // Voids (migration 0023), in the base tables: a voided entry leaves the totals; a change or move of a voided one,
    // or its removal, moves nothing.
    await t.asTenant(acme, async (tdb) => {
      const voider = await tdb.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const voided = { voided_at: new Date(), voided_by: voider.id, void_reason: 'Generated' };
      await tdb.updateTable('purchase_entry_rows').set(voided).where('id', '=', purchase).execute();
      await tdb
        .updateTable('development_entry_rows')
        .set(voided)
        .where('project_id', '=', b.projectId)
        .where('amount_paise', '=', paise(100))
        .execute();
      await tdb
        .updateTable('purchase_entry_rows')
        .set({ amount_paise: paise(9_999_00), project_id: a.projectId })
        .where('id', '=', purchase)
        .execute();
      await tdb
        .deleteFrom('development_entry_rows')
        .where('project_id', '=', b.projectId)
        .where('amount_paise', '=', paise(100))
        .execute();
    });
    await expectInStep('voided', [
      [10_00, 200_00, 2_000_00],
      [310_01, 615 - 100, 0],
    ]);

    // Project Wise reads the kept totals: its rows are the recomputed figures.
    const report = await json('/api/report/project-wise');
    const row = (report.data as { projectId: number; investment: number; saleAmount: number }[]).find(
      (r) => r.projectId === b.projectId,
    );
    expect(row).toMatchObject({ investment: toRupees(paise(310_01 + 515)), saleAmount: 0 });
  });
});
