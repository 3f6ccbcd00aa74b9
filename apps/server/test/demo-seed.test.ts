import {
  addMonths,
  describeChanges,
  paymentSummarySchema,
  projectWithPlotsSchema,
  saleListSchema,
  todayIso,
  toPaise,
} from '@plotbook/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantDb, TenantRecord } from '../src/db/tenancy.js';
import { answerOf } from '../src/lib/serializer.js';
import { getPartnersSummary } from '../src/modules/partner-payments/partner-payments.service.js';
import { getProject } from '../src/modules/projects/projects.service.js';
import { getPaymentSummary } from '../src/modules/receipts/receipts.service.js';
import { getRegistrations } from '../src/modules/registrations/registrations.service.js';
import { getProjectSales, getSaleSchedule } from '../src/modules/sales/sales.service.js';
import { seedBusinessData } from '../src/seed/demo-data.js';
import { seedDemoProfile } from '../src/seed/demo-profile.js';
import { type DemoPerson, seedDemoTrail } from '../src/seed/demo-trail.js';
import { buildTestApp, engines, type TestContext } from './helpers.js';
import { reconcileReports } from './reconcile.js';

/**
 * The demo company's business data (what `npm start` seeds into `demo`), seeded into a company of the test's own
 * (the demo's database role is shared by the whole PostgreSQL server). Every fact is read back through the
 * services the screens use, or counted in SQL; nothing below counts rows the seed is free to change, except the
 * invariants every seed must keep.
 */
const num = (v: unknown) => Number(v);

async function seeded(t: TestContext, name: string, today: string): Promise<TenantRecord> {
  const tenant = await t.createTenant(name);
  await t.addUser(tenant, `${name}@seed.test`, 'seed-pass-1234');
  await t.addUser(tenant, `${name}-owner@seed.test`, 'seed-pass-1234', 'TENANT_ADMIN');
  const [clerk, owner] = await t.asTenant(tenant, async (tdb) => {
    const users = await tdb.selectFrom('users').select(['id', 'user_name as name']).orderBy('id').execute();
    await seedDemoProfile(tdb, users[1]?.id as number);
    await seedBusinessData(tdb, { userId: users[0]?.id as number, today });
    return users;
  });
  // As seedDemoTenant does: the work that leaves the audit trail, each step its own transaction.
  await seedDemoTrail(t.db, tenant, { clerk: clerk as DemoPerson, owner: owner as DemoPerson, today });
  return tenant;
}

const projectIds = async (tdb: TenantDb) =>
  (await tdb.selectFrom('projects').select('id').orderBy('id').execute()).map((p) => p.id);

describe.each(engines)('the demo seed on $name', (engine) => {
  let t: TestContext;
  let demo: TenantRecord;
  const today = todayIso();

  beforeAll(async () => {
    t = await buildTestApp(engine);
    demo = await seeded(t, 'seeded', today);
  }, 120_000);
  afterAll(() => t.close());

  it('has a buyer record for every sale, some with co-buyers, one holding two plots', async () => {
    const rows = await t.asTenant(demo, (tdb) =>
      tdb
        .selectFrom('sales')
        .leftJoin('buyers', 'buyers.id', 'sales.buyer_id')
        .select(['sales.buyer_id', 'buyers.co_buyers'])
        .execute(),
    );
    expect(rows.every((r) => r.buyer_id !== null)).toBe(true);
    const ids = rows.map((r) => r.buyer_id);
    expect(ids.some((id, i) => ids.indexOf(id) !== i)).toBe(true);
    expect(rows.some((r) => (r.co_buyers?.length ?? 0) > 0)).toBe(true);
  });

  it('has sales for full payment and on EMI in every project, each with a buyer and an Indian mobile', async () => {
    await t.asTenant(demo, async (tdb) => {
      for (const projectId of await projectIds(tdb)) {
        const sales = answerOf(saleListSchema, await getProjectSales(tdb, projectId));
        expect(sales.some((s) => s.paymentType === 'Cash')).toBe(true);
        expect(sales.some((s) => s.paymentType === 'EMI')).toBe(true);
        for (const sale of sales) {
          expect(sale.buyerName).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
          expect(sale.buyerMobile).toMatch(/^\+9198\d{8}$/);
          expect(sale.saleDate <= today).toBe(true);
        }
      }
    });
  });

  it('stores every EMI schedule summing exactly to its EMI total, from the first EMI date monthly', async () => {
    await t.asTenant(demo, async (tdb) => {
      const rows = await tdb
        .selectFrom('sales as s')
        .leftJoin('emi_installments as i', 'i.sale_id', 's.id')
        .select([
          's.id',
          's.payment_type',
          's.emi_total_paise',
          's.emi_duration',
          's.emi_date',
          sql<string>`coalesce(sum(i.amount_paise), 0)`.as('scheduled'),
          sql<string>`count(i.id)`.as('installments'),
          sql<string>`to_char(min(i.due_date), 'YYYY-MM-DD')`.as('first_due'),
        ])
        .groupBy(['s.id', 's.payment_type', 's.emi_total_paise', 's.emi_duration', 's.emi_date'])
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        if (row.payment_type === 'Cash') {
          expect(num(row.installments)).toBe(0);
          continue;
        }
        expect(num(row.scheduled)).toBe(num(row.emi_total_paise));
        expect(num(row.installments)).toBe(row.emi_duration);
        expect(row.first_due).toBe(row.emi_date);
      }
    });
  });

  it('has a letterhead, and numbers every Completed receipt and reversal: each year’s series 1, 2, 3 … in one writer’s order', async () => {
    await t.asTenant(demo, async (tdb) => {
      const profile = await tdb.selectFrom('company_profile').select(['company_name', 'logo_mime']).executeTakeFirst();
      expect(profile).toEqual({ company_name: 'Sai Developers & Land Promoters', logo_mime: 'image/png' });
      const receipts = await tdb.selectFrom('receipts').select(['status', 'receipt_no', 'reversal_no']).execute();
      for (const r of receipts) {
        expect(r.receipt_no === null, r.status).toBe(r.status === 'Pending' || r.status === 'Cancelled');
        expect(r.reversal_no === null).toBe(r.status !== 'Reversed');
      }
      const numbers = receipts.flatMap((r) => [r.receipt_no, r.reversal_no]).filter((n): n is string => n !== null);
      expect(numbers.length).toBeGreaterThan(100);
      const byYear = new Map<string, number[]>();
      for (const n of numbers) {
        const [prefix, year, seq] = n.split('/');
        expect(prefix).toBe('RCT');
        byYear.set(year as string, [...(byYear.get(year as string) ?? []), Number(seq)]);
      }
      for (const seqs of byYear.values()) {
        expect(seqs.sort((a, b) => a - b)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
      }
      const series = await tdb.selectFrom('receipt_series').select(['fy_start', 'next_no']).execute();
      expect(series.map((s) => s.next_no - 1).sort()).toEqual([...byYear.values()].map((s) => s.length).sort());
    });
  });

  it('has receipts over the last 18 months up to today: mostly Completed, some Pending, some Cancelled', async () => {
    await t.asTenant(demo, async (tdb) => {
      const byStatus = await tdb
        .selectFrom('receipts')
        .select(['status', sql<string>`count(*)`.as('n')])
        .groupBy('status')
        .execute();
      const count = (status: string) => num(byStatus.find((r) => r.status === status)?.n ?? 0);
      expect(count('Pending')).toBeGreaterThan(0);
      expect(count('Cancelled')).toBeGreaterThan(0);
      expect(count('Completed')).toBeGreaterThan(count('Pending') + count('Cancelled'));

      const span = await tdb
        .selectFrom('receipt_lines')
        .select([
          sql<string>`to_char(min(line_date), 'YYYY-MM-DD')`.as('first'),
          sql<string>`to_char(max(line_date), 'YYYY-MM-DD')`.as('last'),
        ])
        .executeTakeFirstOrThrow();
      expect(span.first <= addMonths(today, -17)).toBe(true);
      expect(span.first >= addMonths(today, -19)).toBe(true);
      expect(span.last <= today).toBe(true);
      expect(span.last >= addMonths(today, -1)).toBe(true);
    });
  });

  it('uses every particular and mode, with a cheque number, UPI reference or UTR where the mode has one', async () => {
    await t.asTenant(demo, async (tdb) => {
      const lines = await tdb.selectFrom('receipt_lines').select(['particular', 'mode', 'mode_detail']).execute();
      expect(new Set(lines.map((l) => l.particular))).toEqual(
        new Set(['Advance', 'Visarpawati', 'Installment', 'Booking', 'TDS (194-IA)', 'Transfer Fee']),
      );
      expect(new Set(lines.map((l) => l.mode))).toEqual(new Set(['Cash', 'Cheque', 'UPI', 'RTGS', 'Bank Transfer']));
      for (const line of lines) {
        if (line.mode === 'Cheque') expect(line.mode_detail).toMatch(/ Chq \d{6}$/);
        if (line.mode === 'UPI') expect(line.mode_detail).toMatch(/^UPI Ref \d{12}$/);
        if (line.mode === 'RTGS') expect(line.mode_detail).toMatch(/^UTR [A-Z]{4}R5\d{14}$/);
      }
    });
  });

  it('credits every line to a partner of its project', async () => {
    await t.asTenant(demo, async (tdb) => {
      const strays = await tdb
        .selectFrom('receipt_lines as l')
        .leftJoin('partner_projects as pp', (join) =>
          join.onRef('pp.partner_id', '=', 'l.partner_id').onRef('pp.project_id', '=', 'l.project_id'),
        )
        .select('l.id')
        .where('pp.partner_id', 'is', null)
        .execute();
      expect(strays).toEqual([]);
    });
  });

  it('never takes a sale above its amount, and every figure reconciles: sale − Σ Completed = pending', async () => {
    await t.asTenant(demo, async (tdb) => {
      const sums = await tdb
        .selectFrom('receipt_lines as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select([
          'r.sale_id',
          sql<string>`coalesce(sum(l.amount_paise) filter (where r.status = 'Completed'), 0)`.as('completed'),
          sql<string>`coalesce(sum(l.amount_paise) filter (where r.status = 'Pending'), 0)`.as('pending'),
        ])
        .groupBy('r.sale_id')
        .execute();
      // By sale: a resold plot's cancelled sale keeps its own receipts.
      const bySale = new Map(sums.map((s) => [s.sale_id, { completed: num(s.completed), pending: num(s.pending) }]));
      let checked = 0;
      for (const projectId of await projectIds(tdb)) {
        for (const sale of answerOf(saleListSchema, await getProjectSales(tdb, projectId))) {
          const money = bySale.get(sale.saleId) ?? { completed: 0, pending: 0 };
          // What the buyer owes: the sale amount and the transfer fees charged on it.
          const owed = toPaise(sale.saleAmount) + toPaise(sale.transferFee);
          // Received is Σ Completed lines; a Pending receipt can still be cleared without overpaying.
          expect(toPaise(sale.received)).toBe(money.completed);
          expect(money.completed + money.pending).toBeLessThanOrEqual(owed);
          expect(toPaise(sale.pending)).toBe(owed - money.completed);
          const summary = answerOf(paymentSummarySchema, await getPaymentSummary(tdb, sale.plotId));
          expect(summary.received).toBe(sale.received);
          expect(summary.pendingBalance).toBe(sale.pending);
          expect(toPaise(summary.awaitingClearance)).toBe(money.pending);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(0);

      // The triggers' totals agree with the lines, as for receipts saved on screen.
      const lineSums = await tdb
        .selectFrom('receipt_lines')
        .select(['receipt_id', sql<string>`sum(amount_paise)`.as('total')])
        .groupBy('receipt_id')
        .execute();
      const receipts = await tdb.selectFrom('receipts').select(['id', 'total_paise']).execute();
      const totals = new Map(lineSums.map((l) => [l.receipt_id, num(l.total)]));
      expect(receipts.filter((r) => num(r.total_paise) !== totals.get(r.id))).toEqual([]);
    });
  });

  it('has EMI buyers behind on their installments, and ones who pay on time', async () => {
    await t.asTenant(demo, async (tdb) => {
      const states: string[][] = [];
      for (const projectId of await projectIds(tdb)) {
        for (const sale of answerOf(saleListSchema, await getProjectSales(tdb, projectId))) {
          if (sale.paymentType !== 'EMI') continue;
          const schedule = await getSaleSchedule(tdb, sale.saleId, today);
          states.push(schedule.installments.map((i) => i.state));
        }
      }
      expect(states.some((s) => s.includes('overdue'))).toBe(true);
      expect(states.some((s) => s.includes('paid') && !s.includes('overdue') && s.includes('due'))).toBe(true);
      expect(states.some((s) => s.length > 0 && s.every((state) => state === 'paid'))).toBe(true);
    });
  });

  it('prices its plots: list rates, corner plots with a list price of their own, facings and sectors', async () => {
    const plots = await t.asTenant(demo, async (tdb) =>
      (
        await Promise.all(
          (await projectIds(tdb)).map(async (id) => answerOf(projectWithPlotsSchema, await getProject(tdb, id))),
        )
      ).flatMap((p) => p.plots),
    );
    // Every plot has a list rate but the newest project's last two, left unpriced.
    expect(plots.filter((p) => p.listRate === null)).toHaveLength(2);
    const corners = plots.filter((p) => p.corner && p.listRate !== null);
    expect(corners.length).toBeGreaterThanOrEqual(10);
    expect(corners.every((p) => p.listPrice !== null && p.listPrice > (p.listRate ?? 0) * p.totalPlotSize)).toBe(true);
    expect(plots.filter((p) => !p.corner).every((p) => p.listPrice === null)).toBe(true);
    expect(new Set(plots.map((p) => p.facing))).toEqual(new Set(['E', 'W', 'N']));
    expect(new Set(plots.map((p) => p.sector))).toEqual(
      new Set(['Sector A', 'Sector B', null, 'East Block', 'West Block']),
    );
  });

  it('registers at least two fully paid plots, and leaves a fully paid plot for Plot Registration', async () => {
    await t.asTenant(demo, async (tdb) => {
      const registrations = (await getRegistrations(tdb, {}, { limit: 500, after: null, search: null })).rows;
      expect(registrations.length).toBeGreaterThanOrEqual(2);
      const plots = (
        await Promise.all(
          (await projectIds(tdb)).map(async (id) => answerOf(projectWithPlotsSchema, await getProject(tdb, id))),
        )
      ).flatMap((p) => p.plots);
      for (const registration of registrations) {
        const plot = plots.find((p) => p.plotId === registration.plotId);
        expect(plot?.isFullyPaid).toBe(true);
        expect(plot?.isRegistered).toBe(true);
        expect(registration.registrationOffice).toMatch(/^Sub-Registrar Office, /);
        expect(registration.documentNo).not.toBe('');
        expect(registration.registrationDate >= (plot?.plotSaleDate ?? '')).toBe(true);
        expect(registration.registrationDate <= today).toBe(true);
      }
      expect(plots.some((p) => p.isFullyPaid && !p.isRegistered)).toBe(true);
      // Plots are left unsold for the screens to sell.
      expect(plots.filter((p) => !p.isSold).length).toBeGreaterThan(plots.length / 2);
    });
  });

  it('pays partners of each project part of what they are due, never beyond it', async () => {
    await t.asTenant(demo, async (tdb) => {
      const payouts = await tdb
        .selectFrom('partner_payouts as po')
        .leftJoin('partner_projects as pp', (join) =>
          join.onRef('pp.partner_id', '=', 'po.partner_id').onRef('pp.project_id', '=', 'po.project_id'),
        )
        .select(['po.project_id', 'po.payout_date', 'pp.partner_id'])
        .execute();
      expect(payouts.length).toBeGreaterThan(0);
      for (const payout of payouts) {
        expect(payout.partner_id).not.toBeNull();
        expect(String(payout.payout_date) <= today).toBe(true);
      }
      for (const projectId of await projectIds(tdb)) {
        expect(payouts.some((p) => p.project_id === projectId)).toBe(true);
        for (const partner of await getPartnersSummary(tdb, projectId)) {
          expect(partner.due).toBeGreaterThanOrEqual(0);
        }
      }
    });
  });

  it('shows a sale’s whole life: corrected, a receipt reversed, cancelled with refunds, resold, transferred', async () => {
    await t.asTenant(demo, async (tdb) => {
      const cancellations = await tdb
        .selectFrom('sale_cancellations')
        .select(['refund_status', 'retained_paise', 'refund_paise'])
        .execute();
      const transfers = await tdb.selectFrom('sale_transfers').select('id').execute();
      const trail = await tdb
        .selectFrom('audit_trail')
        .select(['entity', 'action', 'reason'])
        .where('action', 'in', ['update', 'reverse', 'cancel', 'transfer', 'refund'])
        .execute();
      const withReason = (entity: string, action: string) =>
        trail.filter((r) => r.entity === entity && r.action === action && (r.reason ?? '').length > 0).length;
      expect(withReason('sale', 'update')).toBeGreaterThanOrEqual(1);
      const reversed = await tdb
        .selectFrom('receipts')
        .select(['reverse_reason'])
        .where('status', '=', sql.lit('Reversed'))
        .execute();
      expect(reversed.length).toBeGreaterThanOrEqual(1);
      expect(reversed.every((r) => (r.reverse_reason ?? '').length > 0)).toBe(true);
      const refunds = (status: string) => cancellations.filter((c) => c.refund_status === status && c.refund_paise > 0);
      expect(refunds('Pending').length).toBeGreaterThanOrEqual(1);
      expect(refunds('Completed').length).toBeGreaterThanOrEqual(1);
      expect(cancellations.some((c) => c.retained_paise > 0)).toBe(true);
      expect(withReason('sale', 'cancel')).toBe(cancellations.length);
      // The plot of a cancellation with its refund still Pending was sold again.
      const resold = await tdb
        .selectFrom('sale_cancellations as c')
        .innerJoin('sales as s', (join) => join.onRef('s.plot_id', '=', 'c.plot_id').on('s.status', '=', 'Active'))
        .select('c.id')
        .where('c.refund_status', '=', 'Pending')
        .execute();
      expect(resold.length).toBeGreaterThanOrEqual(1);
      expect(transfers.length).toBeGreaterThanOrEqual(1);
      expect(withReason('sale', 'transfer')).toBe(transfers.length);
      expect(withReason('receipt', 'reverse')).toBe(reversed.length);
      const fees = await tdb
        .selectFrom('receipt_lines as l')
        .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
        .select(sql<string>`count(*)`.as('n'))
        .where('l.particular', '=', 'Transfer Fee')
        .where('r.status', '=', sql.lit('Completed'))
        .executeTakeFirstOrThrow();
      expect(num(fees.n)).toBeGreaterThanOrEqual(1);
      // The listing tells them apart.
      const statuses = new Set<string>();
      for (const projectId of await projectIds(tdb)) {
        for (const sale of answerOf(saleListSchema, await getProjectSales(tdb, projectId, true)))
          statuses.add(sale.status);
      }
      expect(statuses).toEqual(new Set(['Active', 'Cancelled', 'Transferred']));
    });
  });

  it('reconciles every report, Project Profile, Payment To Partner and the dashboard of the demo to the paisa', async () => {
    const token = await t.userToken(demo, 'USER', 'reconcile@seed.test');
    expect(await reconcileReports(t, demo, token)).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('leaves an audit trail with named people, a reason and readable changes, and its chain verifies', async () => {
    const admin = await t.userToken(demo, 'TENANT_ADMIN');
    const get = (url: string) => t.call(demo.tenantId, { method: 'GET', url, token: admin });
    const rows = (await get('/api/audit?limit=500')).json() as {
      userName: string;
      entity: string;
      action: string;
      reason: string;
    }[];
    expect([...new Set(rows.map((r) => r.userName))]).toEqual(
      expect.arrayContaining(['Test USER', 'Test TENANT_ADMIN']),
    );
    expect(rows.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'update', 'void', 'archive']));
    const purchaseEdit = (r: (typeof rows)[number]) => r.entity === 'purchase' && r.action === 'update';
    const edit = rows.find(purchaseEdit) as unknown as { changes: Record<string, unknown[]> };
    expect(describeChanges(edit.changes, 'update')).toBe(
      'Amount: ₹ 1,20,000.00 → ₹ 1,02,000.00; Mode: Cash → Cheque; Mode detail: — → SBI 004512',
    );
    expect(rows.find(purchaseEdit)?.reason).toMatch(/final bill/);
    expect((await get('/api/audit/verify')).json()).toEqual({ ok: true, rows: rows.length, firstBrokenId: null });
  });

  it('holds a few free plots of a project for buyers (issue 21), the first ending within a day', async () => {
    const token = await t.userToken(demo, 'USER');
    const { holds } = (await t.call(demo.tenantId, { method: 'GET', url: '/api/holds/ending-soon', token })).json();
    expect(holds.map((h: { buyerName: string }) => h.buyerName)).toEqual([
      'Sunita Deshmukh',
      'Imran Shaikh',
      'Pooja Wankhede',
      'Rahul Gawande',
    ]);
    expect(Date.parse(holds[0].heldUntil) - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    const board = (
      await t.call(demo.tenantId, { method: 'GET', url: `/api/board/${holds[0].projectId}`, token })
    ).json();
    expect(board.plots.filter((p: { state: string }) => p.state === 'held')).toHaveLength(4);
  });
});

describe.each(engines)('the demo seed on other days on $name', (engine) => {
  let t: TestContext;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(() => t.close());

  // Month starts and ends, and a leap day: dates clamp to the month and never pass today.
  it.each(['2027-03-01', '2028-02-29', '2026-12-31'])(
    'keeps its rules when today is %s',
    async (today) => {
      const tenant = await seeded(t, `day${today.replaceAll('-', '')}`, today);
      await t.asTenant(tenant, async (tdb) => {
        const late = await tdb
          .selectFrom('receipt_lines')
          .select('id')
          .where('line_date', '>', today)
          .unionAll(tdb.selectFrom('sales').select('id').where('sale_date', '>', today))
          .unionAll(tdb.selectFrom('registrations').select('id').where('registration_date', '>', today))
          .unionAll(tdb.selectFrom('partner_payouts').select('id').where('payout_date', '>', today))
          .execute();
        expect(late).toEqual([]);
        for (const projectId of await projectIds(tdb)) {
          for (const sale of answerOf(saleListSchema, await getProjectSales(tdb, projectId))) {
            expect(sale.received).toBeLessThanOrEqual(sale.saleAmount);
          }
        }
        const registered = await tdb.selectFrom('registrations').select('id').execute();
        expect(registered.length).toBeGreaterThanOrEqual(2);
      });
    },
    60_000,
  );
});
