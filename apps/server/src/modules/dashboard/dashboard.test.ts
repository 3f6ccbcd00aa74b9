import { dashboardSchema, paise } from '@plotbook/domain';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { factories, setUpCompanies } from '../../../test/factories.js';
import { engines, type TestContext } from '../../../test/helpers.js';
import type { TenantRecord } from '../../db/tenancy.js';
import { answerOf } from '../../lib/serializer.js';
import { getDashboard } from './dashboard.service.js';

describe.each(engines)('dashboard on $name', (engine) => {
  let t: TestContext;
  let acme: TenantRecord;
  let token: string;
  let f: ReturnType<typeof factories>;

  setUpCompanies(engine, (c) => ({ t, acme, token, f } = c));

  it('shows zeros on an empty company', async () => {
    const empty = await t.createTenant('empty');
    const res = await t.call(empty.tenantId, { method: 'GET', url: '/api/dashboard', token: await t.userToken(empty) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      activeProjects: 0,
      totalPlots: 0,
      businessPartners: 0,
      totalRevenue: 0,
      recentProjects: [],
    });
    expect(body.plotsByStatus).toEqual({ available: 0, sold: 0, registered: 0 });
    expect(body.receivedByMonth).toHaveLength(12);
  });

  it('counts projects, plots, partners, plot states and money received per month', async () => {
    // The counts are of the whole company: a company of this test's own.
    const company = await t.createTenant('counted');
    const f = factories(t, company, await t.userToken(company));
    const p = await f.project({ name: 'Counted', plots: 4 });
    await f.partner({ projectId: p.projectId, share: 10 });
    const [plot1, plot2] = p.plots as unknown as [{ plotId: number }, { plotId: number }];
    await f.sale({
      projectId: p.projectId,
      plotId: plot1.plotId,
      amountPaise: paise(500000_00),
      receipts: [
        { status: 'Completed', amountPaise: paise(100000_00), date: '2026-10-05' },
        { status: 'Completed', amountPaise: paise(50000_50), date: '2026-11-03' },
        { status: 'Pending', amountPaise: paise(70000_00), date: '2026-11-04' },
        { status: 'Cancelled', amountPaise: paise(90000_00), date: '2026-11-04' },
      ],
    });
    await f.sale({ projectId: p.projectId, plotId: plot2.plotId, amountPaise: paise(400000_00) });
    await f.registration({ plotId: plot2.plotId, office: 'Nagpur', date: '2026-11-01', documentNo: 'D-1' });
    const body = await t.asTenant(company, async (tdb) =>
      answerOf(dashboardSchema, await getDashboard(tdb, '2026-11-21')),
    );
    expect(body).toMatchObject({ activeProjects: 1, totalPlots: 4, businessPartners: 1, totalRevenue: 150000.5 });
    expect(body.recentProjects[0]).toEqual({
      projectId: p.projectId,
      name: 'Counted',
      city: 'Nagpur',
      plotCount: 4,
      status: 'Active',
    });
    expect(body.plotsByStatus).toEqual({ available: 2, sold: 1, registered: 1 });
    expect(body.receivedByMonth.at(-1)).toEqual({ month: '2026-11', amount: 50000.5 });
    expect(body.receivedByMonth.at(-2)).toEqual({ month: '2026-10', amount: 100000 });
    expect(body.receivedByMonth[0]?.month).toBe('2025-12');
    const sum = body.receivedByMonth.reduce((a, m) => a + m.amount, 0);
    expect(sum).toBe(body.totalRevenue);
  });

  it('counts a registered plot whose sale was cancelled as registered, and a cancelled sale’s plot as available', async () => {
    const company = await t.createTenant('states');
    const f = factories(t, company, await t.userToken(company));
    const p = await f.project({ name: 'States', plots: 3 });
    const [plot1, plot2] = p.plots as unknown as [{ plotId: number }, { plotId: number }];
    await t.asTenant(company, async (tdb) => {
      const sale = (plotId: number) => ({
        project_id: p.projectId,
        plot_id: plotId,
        sale_date: '2026-10-02',
        sale_amount_paise: paise(100000_00),
        payment_type: 'Cash' as const,
        status: 'Cancelled' as const,
      });
      await tdb
        .insertInto('sales')
        .values([sale(plot1.plotId), sale(plot2.plotId)])
        .execute();
      await tdb
        .insertInto('registrations')
        .values({
          plot_id: plot1.plotId,
          registration_office: 'Nagpur',
          registration_date: '2026-11-01',
          document_no: 'D-9',
        })
        .execute();
    });
    const body = await t.asTenant(company, async (tdb) =>
      answerOf(dashboardSchema, await getDashboard(tdb, '2026-11-21')),
    );
    expect(body.plotsByStatus).toEqual({ available: 2, sold: 0, registered: 1 });
    expect(body.totalPlots).toBe(3);
  });

  it('keeps each receipt total equal to the sum of its lines through inserts, updates and deletes', async () => {
    const plot = await f.plot();
    const { receiptIds } = await f.sale({
      ...plot,
      receipts: [{ status: 'Completed', amountPaise: paise(100000_00), date: '2026-10-05' }],
    });
    const totals = await t.asTenant(acme, async (tdb) => {
      const receipt = await tdb
        .selectFrom('receipts')
        .select(['id', 'total_paise'])
        .where('id', '=', receiptIds[0] as number)
        .executeTakeFirstOrThrow();
      const line = await tdb
        .insertInto('receipt_lines')
        .values({
          receipt_id: receipt.id,
          particular: 'Booking',
          line_date: '2026-11-05',
          mode: 'UPI',
          amount_paise: paise(1234),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tdb
        .updateTable('receipt_lines')
        .set({ amount_paise: paise(2000) })
        .where('id', '=', line.id)
        .execute();
      const afterUpdate = await tdb
        .selectFrom('receipts')
        .select('total_paise')
        .where('id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      await tdb.deleteFrom('receipt_lines').where('id', '=', line.id).execute();
      const afterDelete = await tdb
        .selectFrom('receipts')
        .select('total_paise')
        .where('id', '=', receipt.id)
        .executeTakeFirstOrThrow();
      return [receipt.total_paise, afterUpdate.total_paise, afterDelete.total_paise];
    });
    expect(totals).toEqual([100000_00, 100000_00 + 2000, 100000_00]);
  });

  it('keeps the monthly totals equal to the lines when a receipt changes status or is deleted', async () => {
    const recomputed = () =>
      t.asTenant(acme, async (tdb) => {
        const fromLines = await tdb
          .selectFrom('receipt_lines')
          .innerJoin('receipts', 'receipts.id', 'receipt_lines.receipt_id')
          .select(['receipts.status', sql<string>`to_char(receipt_lines.line_date, 'YYYY-MM')`.as('month')])
          .select(sql<number>`sum(receipt_lines.amount_paise)`.as('paise'))
          .groupBy(['receipts.status', sql`to_char(receipt_lines.line_date, 'YYYY-MM')`])
          .orderBy('status')
          .orderBy('month')
          .execute();
        const fromSummary = await tdb
          .selectFrom('receipt_month_totals')
          .select([
            'status',
            sql<string>`to_char(month, 'YYYY-MM')`.as('month'),
            sql<number>`sum(total_paise)`.as('paise'),
          ])
          .where('total_paise', '<>', paise(0))
          .groupBy(['status', 'month'])
          .orderBy('status')
          .orderBy('month')
          .execute();
        return {
          fromLines: fromLines.map((r) => ({ ...r, paise: Number(r.paise) })),
          fromSummary: fromSummary.map((r) => ({ ...r, paise: Number(r.paise) })),
        };
      });
    const plot = await f.plot();
    const {
      receiptIds: [, pendingId],
    } = await f.sale({
      ...plot,
      receipts: [
        { status: 'Completed', amountPaise: paise(100000_00), date: '2026-10-05' },
        { status: 'Pending', amountPaise: paise(70000_00), date: '2026-11-04' },
        { status: 'Cancelled', amountPaise: paise(90000_00), date: '2026-11-04' },
      ],
    });
    const pending = { id: pendingId as number };
    const before = await t.asTenant(acme, async (tdb) =>
      answerOf(dashboardSchema, await getDashboard(tdb, '2026-11-21')),
    );
    await t.asTenant(acme, (tdb) =>
      tdb.updateTable('receipts').set({ status: 'Completed' }).where('id', '=', pending.id).execute(),
    );
    const after = await t.asTenant(acme, async (tdb) =>
      answerOf(dashboardSchema, await getDashboard(tdb, '2026-11-21')),
    );
    expect(after.totalRevenue - before.totalRevenue).toBe(70000);
    let sums = await recomputed();
    expect(sums.fromSummary).toEqual(sums.fromLines);
    await t.asTenant(acme, (tdb) => tdb.deleteFrom('receipts').where('id', '=', pending.id).execute());
    sums = await recomputed();
    expect(sums.fromSummary).toEqual(sums.fromLines);
    expect(
      (await t.asTenant(acme, async (tdb) => answerOf(dashboardSchema, await getDashboard(tdb, '2026-11-21'))))
        .totalRevenue,
    ).toBe(before.totalRevenue);
  });

  it('answers 401 without a token and 404 on the platform host', async () => {
    expect((await t.call(acme.tenantId, { method: 'GET', url: '/api/dashboard' })).statusCode).toBe(401);
    const admin = await t.superAdminToken();
    expect((await t.call(null, { method: 'GET', url: '/api/dashboard', token: admin })).statusCode).toBe(403);
  });
});
