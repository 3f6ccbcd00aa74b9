import { paise } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../tenancy.js';

/** receipt_month_totals and emi_month_totals (db/sql/receipts.ts, emi.ts) against a recomputation from the rows. */
describe.each(engines)('month totals on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, f } = c));

  it('keeps each project’s installment and receipt-line month totals equal to a recomputation from the rows', async () => {
    const a = await f.project({ plots: 2 });
    const b = await f.project({ plots: 1 });
    const projectIds = [a.projectId, b.projectId];
    const [a1, a2] = a.plots as [{ plotId: number; plotName: string }, { plotId: number; plotName: string }];
    const b1 = (b.plots[0] as { plotId: number }).plotId;
    const nonZero = <R extends Record<string, unknown>>(rows: R[], keys: (keyof R)[]) =>
      rows.filter((r) => keys.some((k) => Number(r[k]) !== 0));
    /** emi_month_totals and receipt_month_totals.lines beside the same figures recomputed from the rows. */
    const kept = () =>
      t.asTenant(acme, async (tdb) => ({
        installments: nonZero(
          (
            await tdb
              .selectFrom('emi_month_totals')
              .select(['project_id', 'month', 'installments', 'amount_paise', 'paid_paise'])
              .where('project_id', 'in', projectIds)
              .orderBy('project_id')
              .orderBy('month')
              .execute()
          ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise), paid_paise: Number(r.paid_paise) })),
          ['installments', 'amount_paise', 'paid_paise'],
        ),
        lines: nonZero(
          await tdb
            .selectFrom('receipt_month_totals')
            .select(['project_id', 'month', 'status', 'lines'])
            .where('project_id', 'in', projectIds)
            .orderBy('project_id')
            .orderBy('month')
            .orderBy('status')
            .execute(),
          ['lines'],
        ),
        // The copies on each installment: the sale's project, and whether the sale is Active.
        copies: await tdb
          .selectFrom('emi_installments as i')
          .innerJoin('sales as s', 's.id', 'i.sale_id')
          .select(sql<number>`count(*)`.as('n'))
          .where('s.project_id', 'in', projectIds)
          .where(sql<boolean>`(i.project_id, i.active) is distinct from (s.project_id, s.status = 'Active')`)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      }));
    const recomputed = () =>
      t.asTenant(acme, async (tdb) => ({
        installments: (
          await tdb
            .selectFrom('emi_installments as i')
            .innerJoin('sales as s', 's.id', 'i.sale_id')
            .select([
              's.project_id',
              sql<string>`date_trunc('month', i.due_date)::date`.as('month'),
              sql<number>`count(*)::integer`.as('installments'),
              sql<number>`sum(i.amount_paise)`.as('amount_paise'),
              sql<number>`sum(i.paid_paise)`.as('paid_paise'),
            ])
            .where('s.project_id', 'in', projectIds)
            .where('s.status', '=', 'Active')
            .groupBy(['s.project_id', sql`2`])
            .orderBy('s.project_id')
            .orderBy(sql`2`)
            .execute()
        ).map((r) => ({ ...r, amount_paise: Number(r.amount_paise), paid_paise: Number(r.paid_paise) })),
        lines: await tdb
          .selectFrom('receipt_lines')
          .select([
            'project_id',
            sql<string>`date_trunc('month', line_date)::date`.as('month'),
            'receipt_status as status',
            sql<number>`count(*)::integer`.as('lines'),
          ])
          .where('project_id', 'in', projectIds)
          .groupBy(['project_id', sql`2`, 'receipt_status'])
          .orderBy('project_id')
          .orderBy(sql`2`)
          .orderBy('receipt_status')
          .execute(),
        copies: 0,
      }));
    const expectInStep = async (step: string) => {
      const actual = await kept();
      expect(actual, step).toEqual(await recomputed());
      return actual;
    };

    // Two schedules of project A (3 × ₹ 1,000 from November, 2 × ₹ 500 from December) and one of B.
    const first = await f.sale({
      projectId: a.projectId,
      plotId: a1.plotId,
      amountPaise: paise(3_000_00),
      emi: { months: 3 },
    });
    await f.sale({
      projectId: a.projectId,
      plotId: a2.plotId,
      amountPaise: paise(1_000_00),
      emi: { months: 2, emiDate: '2026-12-15' },
    });
    await f.sale({ projectId: b.projectId, plotId: b1, amountPaise: paise(2_000_00), emi: { months: 1 } });
    const sold = await expectInStep('schedules written');
    expect(
      sold.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      ['2026-11-01', 1, 1_000_00, 0],
      ['2026-12-01', 2, 1_500_00, 0],
      ['2027-01-01', 2, 1_500_00, 0],
    ]);

    // Installment money paid, a line edited, a receipt's status moved, a line moved to another month.
    const receiptId = await f.receipt({
      projectId: a.projectId,
      plotId: a1.plotId,
      saleId: first.saleId,
      status: 'Completed',
      lines: [
        { amountPaise: paise(1_500_00), date: '2026-11-05' },
        { amountPaise: paise(200_00), date: '2026-11-05', particular: 'Advance' },
      ],
    });
    const paid = await expectInStep('receipt');
    expect(paid.installments.filter((r) => r.project_id === a.projectId).map((r) => r.paid_paise)).toEqual([
      1_000_00, 500_00, 0,
    ]);
    expect(paid.lines.filter((r) => r.project_id === a.projectId)).toEqual([
      { project_id: a.projectId, month: '2026-11-01', status: 'Completed', lines: 2 },
    ]);
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('receipt_lines')
        .set({ amount_paise: paise(2_500_00) })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Installment')
        .execute();
      await tdb
        .updateTable('receipt_lines')
        .set({ line_date: '2026-12-01' })
        .where('receipt_id', '=', receiptId)
        .where('particular', '=', 'Advance')
        .execute();
    });
    await expectInStep('lines edited');
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('receipts').set({ status: 'Pending' }).where('id', '=', receiptId).execute(),
    );
    const pending = await expectInStep('receipt pending');
    expect(pending.installments.filter((r) => r.project_id === a.projectId).map((r) => r.paid_paise)).toEqual([
      0, 0, 0,
    ]);
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', receiptId).execute(),
    );
    await expectInStep('receipt completed again');

    // The sale cancelled: its installments leave the totals; a new sale of the plot brings its own, at 0.
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('sales').set({ status: 'Cancelled' }).where('id', '=', first.saleId).execute(),
    );
    const cancelled = await expectInStep('sale cancelled');
    expect(
      cancelled.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      ['2026-12-01', 1, 500_00, 0],
      ['2027-01-01', 1, 500_00, 0],
    ]);
    await f.sale({ projectId: a.projectId, plotId: a1.plotId, amountPaise: paise(4_000_00), emi: { months: 2 } });
    const resold = await expectInStep('plot sold again');
    expect(
      resold.installments
        .filter((r) => r.project_id === a.projectId)
        .map((r) => [r.month, r.installments, r.amount_paise, r.paid_paise]),
    ).toEqual([
      // The new sale starts at 0: the cancelled sale's receipts stay its own (issue 20).
      ['2026-11-01', 1, 2_000_00, 0],
      ['2026-12-01', 2, 2_500_00, 0],
      ['2027-01-01', 1, 500_00, 0],
    ]);

    // Installments edited, moved and deleted in place; a receipt deleted.
    await t.asTenant(acme, async (tdb) => {
      await tdb
        .updateTable('emi_installments')
        .set({ due_date: '2027-03-01' })
        .where('project_id', '=', b.projectId)
        .execute();
      await tdb
        .updateTable('emi_installments')
        .set({ amount_paise: paise(700_00) })
        .where('project_id', '=', a.projectId)
        .where('due_date', '=', '2027-01-15')
        .execute();
      await tdb
        .deleteFrom('emi_installments')
        .where('project_id', '=', a.projectId)
        .where('active', '=', false)
        .execute();
      await tdb.deleteFrom('receipts').where('id', '=', receiptId).execute();
    });
    const edited = await expectInStep('edited and deleted');
    expect(edited.lines.filter((r) => r.project_id === a.projectId)).toEqual([]);
    expect(edited.installments.filter((r) => r.project_id === b.projectId).map((r) => r.month)).toEqual(['2027-03-01']);

    // Concurrent receipts of one project, each its own transaction: the month rows keep them whole.
    await Promise.all(
      [a1.plotId, a2.plotId, a1.plotId].map((plotId, i) =>
        f.receipt({
          projectId: a.projectId,
          plotId,
          status: 'Completed',
          lines: [{ amountPaise: paise(300_00 + i), date: '2026-11-05' }],
        }),
      ),
    );
    const concurrent = await expectInStep('concurrent receipts');
    expect(concurrent.lines.filter((r) => r.project_id === a.projectId)).toEqual([
      { project_id: a.projectId, month: '2026-11-01', status: 'Completed', lines: 3 },
    ]);
  });
});
