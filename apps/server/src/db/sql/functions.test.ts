import { addMonths, addPaise, allocateInstallments, paise, sumPaise, toRupees } from '@plotbook/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import { reportExamples } from '../../../test/report-examples.js';
import { allocatedInstallmentsDue } from '../../modules/reports/reports-months.repository.js';
import type { TenantRecord } from '../tenancy.js';

/**
 * The SQL functions of db/sql held to their twins (docs/architecture.md "Where a rule lives") on generated cases:
 * allocate_plot_installments to the domain's allocateInstallments (with the report's installmentState), and
 * receipt_lines_totals to Σ of the lines. The trigger-kept totals are held to recomputations from the rows in
 * plot-money.test.ts, month-totals.test.ts, due-names.test.ts and project-money.test.ts beside this file.
 */
describe.each(engines)('SQL functions held to their domain twins on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let f: ReturnType<typeof factories>;
  let token: string;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  const { json } = reportExamples(() => ({ t, acme, token, f }));

  it('allocates in SQL exactly as the domain’s allocateInstallments, on generated schedules and receipts', async () => {
    const statuses = ['Completed', 'Pending', 'Cancelled'] as const;
    const line = fc.record({
      status: fc.constantFrom(...statuses),
      particular: fc.constantFrom('Installment', 'Installment', 'Advance'),
      paise: fc.integer({ min: 1, max: 30_000_00 }).map(paise),
    });
    const plan = fc.record({
      // Each plot's schedule: uneven amounts (0 included), due monthly from a start month.
      plots: fc.array(
        fc.record({
          amounts: fc.array(fc.integer({ min: 0, max: 20_000_00 }).map(paise), { minLength: 1, maxLength: 6 }),
          start: fc.constantFrom('2026-01-31', '2026-02-15', '2026-06-01'),
          lines: fc.array(line, { maxLength: 4 }),
          // A cancelled earlier sale of the plot: its schedule counts nowhere, its plot's receipts still do.
          cancelledBefore: fc.boolean(),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      today: fc.constantFrom('2026-01-31', '2026-03-15', '2026-07-01', '2027-01-01'),
    });
    await fc.assert(
      fc.asyncProperty(plan, async ({ plots, today }) => {
        const project = await f.project({ plots: plots.length });
        const expected: { saleId: number; rows: ReturnType<typeof allocateInstallments> }[] = [];
        await t.asTenant(acme, async (tdb) => {
          for (const [i, spec] of plots.entries()) {
            const plot = project.plots[i] as { plotId: number };
            const sale = (status: 'Active' | 'Cancelled') =>
              tdb
                .insertInto('sales')
                .values({
                  project_id: project.projectId,
                  plot_id: plot.plotId,
                  sale_date: '2026-01-01',
                  sale_amount_paise: paise(1 + spec.amounts.reduce((a, b) => a + b, 0)),
                  payment_type: 'EMI',
                  emi_duration: spec.amounts.length,
                  emi_date: spec.start,
                  status,
                })
                .returning('id')
                .executeTakeFirstOrThrow();
            const schedule = spec.amounts.map((amountPaise, n) => ({
              installmentNo: n + 1,
              dueDate: addMonths(spec.start, n),
              amountPaise,
            }));
            const sales = spec.cancelledBefore ? [await sale('Cancelled')] : [];
            const active = await sale('Active');
            sales.push(active);
            for (const s of sales) {
              await tdb
                .insertInto('emi_installments')
                .values(
                  // Written in reverse: the allocation must go by installment number, not by row order.
                  [...schedule].reverse().map((x) => ({
                    sale_id: s.id,
                    installment_no: x.installmentNo,
                    due_date: x.dueDate,
                    amount_paise: x.amountPaise,
                  })),
                )
                .execute();
            }
            let paid = paise(0);
            for (const l of spec.lines) {
              const receipt = await tdb
                .insertInto('receipts')
                .values({ project_id: project.projectId, plot_id: plot.plotId, sale_id: active.id, status: l.status })
                .returning('id')
                .executeTakeFirstOrThrow();
              await tdb
                .insertInto('receipt_lines')
                .values({
                  receipt_id: receipt.id,
                  particular: l.particular,
                  line_date: '2026-02-01',
                  mode: 'Cash',
                  amount_paise: paise(l.paise),
                })
                .execute();
              if (l.status === 'Completed' && l.particular === 'Installment') paid = addPaise(paid, l.paise);
            }
            expected.push({ saleId: active.id, rows: allocateInstallments(schedule, paid, today) });
          }
        });
        const actual = await t.asTenant(acme, (tdb) =>
          allocatedInstallmentsDue(tdb, project.projectId, { from: '2000-01-01', before: '2100-01-01' }, today),
        );
        const bySale = (saleId: number) =>
          actual
            .filter((r) => r.saleId === saleId)
            .sort((a, b) => a.installmentNo - b.installmentNo)
            .map((r) => ({
              installmentNo: r.installmentNo,
              dueDate: r.dueDate,
              amountPaise: r.amountPaise,
              paidPaise: r.paidPaise,
              state: r.state,
            }));
        expect(actual).toHaveLength(expected.reduce((n, e) => n + e.rows.length, 0));
        for (const e of expected) expect(bySale(e.saleId)).toEqual(e.rows);

        // Payment Details – Month Wise: each month's pending EMI is what the domain leaves unpaid of it.
        const monthWise = await json(`/api/report/payment-month-wise/${project.projectId}`);
        const pending = new Map<string, number>();
        for (const e of expected) {
          for (const r of e.rows) {
            const m = r.dueDate.slice(0, 7);
            pending.set(m, (pending.get(m) ?? 0) + r.amountPaise - r.paidPaise);
          }
        }
        for (const row of monthWise.data as { month: string; pendingEmi: number }[]) {
          expect(row.pendingEmi, row.month).toBe(toRupees(paise(pending.get(row.month) ?? 0)));
        }
      }),
      { numRuns: 25, seed: 20261123 },
    );
  });

  it('keeps each receipt’s total and Installment part, and the month totals, equal to Σ of the live lines, on generated edits and voids', async () => {
    const statuses = ['Completed', 'Pending', 'Cancelled'] as const;
    const particular = fc.constantFrom('Installment', 'Advance', 'Booking');
    const date = fc.constantFrom('2026-01-05', '2026-01-31', '2026-02-01', '2026-03-15');
    const edit = fc.oneof(
      fc.record({
        op: fc.constant('add' as const),
        receipt: fc.nat(2),
        particular,
        date,
        paise: fc.integer({ min: 1, max: 9_000_00 }),
      }),
      fc.record({
        op: fc.constant('change' as const),
        line: fc.nat(9),
        particular,
        date,
        paise: fc.integer({ min: 1, max: 9_000_00 }),
      }),
      fc.record({ op: fc.constant('move' as const), line: fc.nat(9), receipt: fc.nat(2) }),
      fc.record({ op: fc.constant('remove' as const), line: fc.nat(9) }),
      // A void (migration 0023): the line stays in receipt_line_rows and counts as absent from then on.
      fc.record({ op: fc.constant('void' as const), line: fc.nat(9) }),
      fc.record({ op: fc.constant('status' as const), receipt: fc.nat(2), status: fc.constantFrom(...statuses) }),
    );
    const plan = fc.record({
      statuses: fc.tuple(...statuses.map(() => fc.constantFrom(...statuses))),
      edits: fc.array(edit, { minLength: 1, maxLength: 12 }),
    });
    await fc.assert(
      fc.asyncProperty(plan, async (p) => {
        const project = await f.project({ plots: 1 });
        const { projectId } = project;
        const plotId = (project.plots[0] as { plotId: number }).plotId;
        const receiptIds = await t.asTenant(acme, async (tdb) => {
          const ids: number[] = [];
          for (const status of p.statuses) {
            const row = await tdb
              .insertInto('receipts')
              .values({ project_id: projectId, plot_id: plotId, status })
              .returning('id')
              .executeTakeFirstOrThrow();
            ids.push(row.id);
          }
          const voider = await tdb.selectFrom('users').select('id').executeTakeFirstOrThrow();
          for (const e of p.edits) {
            // Every line, voided ones too: a change, move or removal of a voided line must move no total.
            const lines = await tdb
              .selectFrom('receipt_line_rows')
              .select('id')
              .where('project_id', '=', projectId)
              .orderBy('id')
              .execute();
            const line = 'line' in e ? lines[e.line % Math.max(1, lines.length)]?.id : undefined;
            const receiptId = 'receipt' in e ? (ids[e.receipt] as number) : 0;
            if (e.op === 'add') {
              await tdb
                .insertInto('receipt_lines')
                .values({
                  receipt_id: receiptId,
                  particular: e.particular,
                  line_date: e.date,
                  mode: 'Cash',
                  amount_paise: paise(e.paise),
                })
                .execute();
            } else if (e.op === 'status') {
              await tdb.updateTable('receipts').set({ status: e.status }).where('id', '=', receiptId).execute();
            } else if (line === undefined) {
            } else if (e.op === 'void') {
              await tdb
                .updateTable('receipt_line_rows')
                .set({ voided_at: new Date(), voided_by: voider.id, void_reason: 'Generated' })
                .where('id', '=', line)
                .where('voided_at', 'is', null)
                .execute();
            } else if (e.op === 'change') {
              await tdb
                .updateTable('receipt_line_rows')
                .set({ particular: e.particular, line_date: e.date, amount_paise: paise(e.paise) })
                .where('id', '=', line)
                .execute();
            } else if (e.op === 'move') {
              await tdb
                .updateTable('receipt_line_rows')
                .set({ receipt_id: receiptId })
                .where('id', '=', line)
                .execute();
            } else {
              await tdb.deleteFrom('receipt_line_rows').where('id', '=', line).execute();
            }
          }
          return ids;
        });
        await t.asTenant(acme, async (tdb) => {
          const lines = await tdb
            .selectFrom('receipt_lines as l')
            .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
            .select(['l.receipt_id', 'r.status', 'l.particular', 'l.line_date', 'l.amount_paise'])
            .where('r.project_id', '=', projectId)
            .execute();
          const receipts = await tdb
            .selectFrom('receipts')
            .select(['id', 'status', 'total_paise', 'installment_paise'])
            .where('id', 'in', receiptIds)
            .orderBy('id')
            .execute();
          const installment = (rows: typeof lines) =>
            sumPaise(
              rows
                .filter((l) => l.particular === 'Installment')
                .map((l) => Number(l.amount_paise))
                .map(paise),
            );
          const total = (rows: typeof lines) => sumPaise(rows.map((l) => Number(l.amount_paise)).map(paise));
          // receipts.total_paise / installment_paise: Σ of the receipt's lines, and of its Installment lines.
          expect(receipts.map((r) => [r.id, Number(r.total_paise), Number(r.installment_paise)])).toEqual(
            receiptIds.map((id) => {
              const own = lines.filter((l) => l.receipt_id === id);
              return [id, total(own), installment(own)];
            }),
          );
          // receipt_month_totals: count, Σ and Σ Installment of the lines by month and receipt status.
          const months = await tdb
            .selectFrom('receipt_month_totals')
            .select(['month', 'status', 'lines', 'total_paise', 'installment_paise'])
            .where('project_id', '=', projectId)
            .execute();
          const key = (month: string, status: string) => `${month.slice(0, 7)} ${status}`;
          const expected = new Map<string, number[]>();
          for (const l of lines) {
            const k = key(l.line_date, l.status);
            const [n, sum, inst] = expected.get(k) ?? [0, 0, 0];
            expected.set(k, [(n ?? 0) + 1, (sum ?? 0) + Number(l.amount_paise), (inst ?? 0) + installment([l])]);
          }
          const kept = months
            .filter((m) => m.lines !== 0 || Number(m.total_paise) !== 0 || Number(m.installment_paise) !== 0)
            .map(
              (m) => [key(m.month, m.status), [m.lines, Number(m.total_paise), Number(m.installment_paise)]] as const,
            );
          expect(new Map(kept)).toEqual(expected);
          // plot_money.received_paise: Σ of the plot's Completed receipts.
          const money = await tdb
            .selectFrom('plot_money')
            .select('received_paise')
            .where('plot_id', '=', plotId)
            .executeTakeFirst();
          expect(Number(money?.received_paise ?? 0)).toBe(total(lines.filter((l) => l.status === 'Completed')));
        });
      }),
      { numRuns: 30, seed: 20261128 },
    );
  });
});
