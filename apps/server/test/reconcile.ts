import {
  paise,
  REPORT_COLUMNS,
  REPORT_TOTAL_ROWS,
  type ReceiptStatus,
  type ReportKey,
  reportSheetName,
  sumRupees,
  toRupees,
  totalLabelKey,
} from '@plotbook/domain';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { TenantRecord } from '../src/db/tenancy.js';
import type { TestContext } from './helpers.js';
import { nextLink } from './paging.js';

// Report bodies as the API gives them (any JSON).
type Json = ReturnType<typeof JSON.parse>;

const sum = (rows: Record<string, number>[], key: string) => sumRupees(rows.map((r) => r[key] as number));
const PROFIT_KEYS = [
  'investment',
  'saleAmount',
  'transferFees',
  'forfeited',
  'profit',
  'amountReceived',
  'pendingBalance',
  'total',
];

/**
 * The total rows of an exported report, read back with ExcelJS: for each of `REPORT_TOTAL_ROWS[report]`, in order
 * after the data rows, its label and every money cell (a number cell, or null when the row leaves it empty).
 */
export async function readExportTotals(payload: Buffer, report: ReportKey, dataRows: number, projectId?: number) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  expect(book.worksheets).toHaveLength(1);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  expect(sheet.name).toBe(reportSheetName(report, projectId));
  const columns = REPORT_COLUMNS[report];
  const totalRows = REPORT_TOTAL_ROWS[report];
  expect(sheet.rowCount, report).toBe(1 + dataRows + totalRows.length);
  const labelAt = columns.findIndex((c) => c.key === totalLabelKey(report)) + 1;
  return totalRows.map((_, i) => {
    const row = sheet.getRow(2 + dataRows + i);
    const money: Record<string, number | null> = {};
    columns.forEach((c, at) => {
      if (c.kind !== 'money') return;
      const cell = row.getCell(at + 1);
      if (cell.value !== null) expect(cell.type, `${report} ${c.key}`).toBe(ExcelJS.ValueType.Number);
      money[c.key] = cell.value as number | null;
    });
    return { label: row.getCell(labelAt).value, money, bold: row.font?.bold ?? row.getCell(labelAt).font?.bold };
  });
}

/**
 * Checks a report's .xlsx against its screen: one sheet named as the file, every row, and the total rows of
 * `REPORT_TOTAL_ROWS` with the screen's `totals` as numbers in their columns and nothing else in the money columns.
 */
export async function expectExportMatchesScreen(
  t: TestContext,
  tenant: TenantRecord,
  as: string,
  url: string,
  report: ReportKey,
  screen: { data: unknown[]; totals: Record<string, number> },
  projectId?: number,
) {
  const res = await t.call(tenant.tenantId, { method: 'GET', url: `${url}/export`, token: as });
  if (screen.data.length === 0) {
    expect(res.statusCode, url).toBe(404);
    return;
  }
  expect(res.statusCode, `${url}/export: ${res.body}`).toBe(200);
  const read = await readExportTotals(res.rawPayload, report, screen.data.length, projectId);
  const moneyKeys = REPORT_COLUMNS[report].filter((c) => c.kind === 'money').map((c) => c.key);
  REPORT_TOTAL_ROWS[report].forEach(({ label, values }, i) => {
    const expected = Object.fromEntries(
      moneyKeys.map((k) => [k, k in values ? screen.totals[values[k] as string] : null]),
    );
    expect(read[i], `${url} ${label}`).toEqual({ label, money: expected, bold: true });
  });
}

/**
 * Checks every report of a company against the sums of its own rows, against the figures computed straight from
 * the tables (purchases, development, active sales, Completed receipt lines, installments, payouts), against the
 * other screens (dashboard revenue, Payment To Partner, the sales listing), and each export's total rows against
 * its screen's. Answers the projects checked.
 */
export async function reconcileReports(t: TestContext, tenant: TenantRecord, as: string): Promise<number> {
  const call = (url: string) => t.call(tenant.tenantId, { method: 'GET', url, token: as });
  const api = async (url: string) => {
    const res = await call(url);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const exported = (url: string, report: ReportKey, screen: Json, projectId?: number) =>
    expectExportMatchesScreen(t, tenant, as, url, report, screen, projectId);
  /**
   * A paged report (Payment Receipts, the partner reports) read through every page in small pages: all rows
   * in order, and the totals, which every page must carry unchanged (they are of all rows, not of a page).
   */
  const allPages = async (url: string) => {
    const data: Json[] = [];
    let totals: Json = null;
    let next: string | null = `${url}?limit=7`;
    while (next) {
      const res = await call(next);
      expect(res.statusCode, `${next}: ${res.body}`).toBe(200);
      const page = res.json();
      expect(page.data.length).toBeLessThanOrEqual(7);
      if (totals !== null) expect(page.totals, next).toEqual(totals);
      totals = page.totals;
      data.push(...page.data);
      next = nextLink(res);
    }
    return { data, totals };
  };
  const fromTables = await t.asTenant(tenant, async (tdb) => {
    const projects = await tdb.selectFrom('projects').select('id').execute();
    const of = async (projectId: number) => {
      const sumOf = async (query: Promise<{ n: unknown }[]>) => Number((await query)[0]?.n ?? 0);
      const n = sql<number>`coalesce(sum(amount_paise), 0)`.as('n');
      const lines = (status: ReceiptStatus) =>
        sumOf(
          tdb
            .selectFrom('receipt_lines')
            .select(n)
            .where('project_id', '=', projectId)
            .where('receipt_status', '=', status)
            .execute(),
        );
      return {
        projectId,
        land: await sumOf(tdb.selectFrom('purchase_entries').select(n).where('project_id', '=', projectId).execute()),
        development: await sumOf(
          tdb.selectFrom('development_entries').select(n).where('project_id', '=', projectId).execute(),
        ),
        sale: await sumOf(
          tdb
            .selectFrom('sales')
            .select(sql<number>`coalesce(sum(sale_amount_paise), 0)`.as('n'))
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .execute(),
        ),
        // Transfer fees charged on active sales: income, and owed by their buyers.
        fees: await sumOf(
          tdb
            .selectFrom('sales')
            .select(sql<number>`coalesce(sum(transfer_fee_paise), 0)`.as('n'))
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .execute(),
        ),
        received: await lines('Completed'),
        pending: await lines('Pending'),
        cancelled: await lines('Cancelled'),
        reversed: await lines('Reversed'),
        // Σ transfer fees charged on the active sales (income, owed by their buyers).
        transferFee: await sumOf(
          tdb
            .selectFrom('sales')
            .select(sql<number>`coalesce(sum(transfer_fee_paise), 0)`.as('n'))
            .where('project_id', '=', projectId)
            .where('status', '=', 'Active')
            .execute(),
        ),
        // Σ Completed lines of the receipts of the active sales: what their buyers have paid (every particular,
        // Transfer Fee and TDS (194-IA) lines too), straight from the lines, not from the trigger-kept sums.
        activeReceived: await sumOf(
          tdb
            .selectFrom('receipt_lines as l')
            .innerJoin('receipts as r', 'r.id', 'l.receipt_id')
            .innerJoin('sales as s', 's.id', 'r.sale_id')
            .select(sql<number>`coalesce(sum(l.amount_paise), 0)`.as('n'))
            .where('l.project_id', '=', projectId)
            .where('l.receipt_status', '=', 'Completed')
            .where('s.status', '=', 'Active')
            .execute(),
        ),
        // Cancelled sales (issue 20): what they had received, retained (income) and refunded (paid: Completed).
        ...(await tdb
          .selectFrom('sale_cancellations')
          .select([
            sql<number>`coalesce(sum(received_paise), 0)`.as('cancelledReceived'),
            sql<number>`coalesce(sum(retained_paise), 0)`.as('forfeited'),
            sql<number>`coalesce(sum(refund_paise) filter (where refund_status = 'Completed'), 0)`.as('refundPaid'),
          ])
          .where('project_id', '=', projectId)
          .executeTakeFirstOrThrow()
          .then((r) => ({
            cancelledReceived: Number(r.cancelledReceived),
            forfeited: Number(r.forfeited),
            refundPaid: Number(r.refundPaid),
          }))),
        // Σ the partners' debits of refunds paid: Payment To Partner's Receive is net of them.
        refundDebits: await sumOf(
          tdb
            .selectFrom('sale_refund_debits as d')
            .innerJoin('sale_cancellations as c', 'c.id', 'd.cancellation_id')
            .select(sql<number>`coalesce(sum(d.amount_paise), 0)`.as('n'))
            .where('c.project_id', '=', projectId)
            .where('c.refund_status', '=', 'Completed')
            .execute(),
        ),
        emi: await sumOf(
          tdb
            .selectFrom('emi_installments as i')
            .innerJoin('sales', 'sales.id', 'i.sale_id')
            .select(sql<number>`coalesce(sum(i.amount_paise), 0)`.as('n'))
            .where('sales.project_id', '=', projectId)
            .where('sales.status', '=', 'Active')
            .execute(),
        ),
      };
    };
    const figures = [];
    for (const p of projects) figures.push(await of(p.id));
    return figures;
  });

  const projectWise = await api('/api/report/project-wise');
  for (const key of PROFIT_KEYS) expect(projectWise.totals[key], key).toBe(sum(projectWise.data, key));
  await exported('/api/report/project-wise', 'projectWise', projectWise);
  const dashboard = await api('/api/dashboard');
  expect(dashboard.totalRevenue).toBe(projectWise.totals.amountReceived);
  // The dashboard's plots: a plot is available, sold (an active sale) or registered; cancelled sales free theirs.
  const plotCounts = await t.asTenant(tenant, async (tdb) => ({
    plots: Number((await tdb.selectFrom('plots').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n),
    sold: Number(
      (
        await tdb
          .selectFrom('sales')
          .select(sql<number>`count(*)`.as('n'))
          .where('status', '=', 'Active')
          .where(({ not, exists, selectFrom }) =>
            not(exists(selectFrom('registrations as r').select('r.id').whereRef('r.plot_id', '=', 'sales.plot_id'))),
          )
          .executeTakeFirstOrThrow()
      ).n,
    ),
    registered: Number(
      (await tdb.selectFrom('registrations').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n,
    ),
  }));
  expect(dashboard.totalPlots).toBe(plotCounts.plots);
  expect(dashboard.plotsByStatus).toEqual({
    available: plotCounts.plots - plotCounts.sold - plotCounts.registered,
    sold: plotCounts.sold,
    registered: plotCounts.registered,
  });
  expect(projectWise.data).toHaveLength(fromTables.length);

  for (const e of fromTables) {
    const { projectId } = e;
    const row = projectWise.data.find((r: { projectId: number }) => r.projectId === projectId);
    // Issue 20: profit counts the forfeited money; received is net of refunds paid; pending is what the active
    // sales still owe (their receipts: every Completed line less those of the cancelled sales).
    // Transfer fees charged on the active sales are income too, and owed by their buyers.
    const profit = e.sale + e.transferFee + e.forfeited - e.land - e.development;
    const netReceived = e.received - e.refundPaid;
    expect(row, `project ${projectId}`).toMatchObject({
      investment: toRupees(paise(e.land + e.development)),
      saleAmount: toRupees(paise(e.sale)),
      transferFees: toRupees(paise(e.transferFee)),
      forfeited: toRupees(paise(e.forfeited)),
      profit: toRupees(paise(profit)),
      amountReceived: toRupees(paise(netReceived)),
      pendingBalance: toRupees(paise(e.sale + e.transferFee - (e.received - e.cancelledReceived))),
      total: toRupees(paise(e.land + e.development + profit)),
    });
    // The same pending from the lines of the active sales' own receipts: the cancelled sales' frozen receipts are
    // exactly what their cancellations say they had received (a reversed or bounced receipt counts in neither).
    expect(row.pendingBalance, `pending ${projectId}`).toBe(toRupees(paise(e.sale + e.transferFee - e.activeReceived)));

    // Project Profile: the same figures, and the transfer fee and forfeited lines.
    const profile = await api(`/api/project-profile?projectId=${projectId}`);
    expect(profile, `profile ${projectId}`).toMatchObject({
      saleAmount: row.saleAmount,
      transferFees: row.transferFees,
      forfeited: row.forfeited,
      netProfit: row.profit,
      amountReceived: row.amountReceived,
      pendingBalance: row.pendingBalance,
      total: row.total,
    });

    // Plot Details Summary adds up to the project.
    const plots = await api(`/api/report/plot-wise/${projectId}`);
    for (const key of PROFIT_KEYS) {
      expect(plots.totals[key], key).toBe(sum(plots.data, key));
      expect(plots.totals[key], key).toBe(row[key]);
    }
    await exported(`/api/report/plot-wise/${projectId}`, 'plotWise', plots, projectId);
    // Each plot's Project Profile says what its Plot Details row says (its cost, sale, fees, forfeits, money).
    for (const plot of plots.data) {
      const own = await api(`/api/project-profile?projectId=${projectId}&plotId=${plot.plotId}`);
      expect(own, `profile of plot ${plot.plotId}`).toMatchObject({
        investment: plot.investment,
        saleAmount: plot.saleAmount,
        transferFees: plot.transferFees,
        forfeited: plot.forfeited,
        netProfit: plot.profit,
        amountReceived: plot.amountReceived,
        pendingBalance: plot.pendingBalance,
        total: plot.total,
      });
    }

    // The sales listing: Σ sale amount of the active sales; with the cancelled ones, every figure of a sale.
    const sales = await api(`/api/sale/project/${projectId}`);
    expect(sumRupees(sales.map((s: { saleAmount: number }) => s.saleAmount))).toBe(row.saleAmount);
    await expectListingAgrees(api, projectId, row, plots.data, toRupees(paise(e.received)));

    // Payment Receipts lists every line, but says received only what Project Wise, the dashboard and Payment To
    // Partner's receipts list say: Completed; Pending and Cancelled (bounced) apart, each from its own lines.
    const receipts = await allPages(`/api/report/payment-receipts/${projectId}`);
    const byStatus = (status: string) =>
      sum(
        receipts.data.filter((r: { status: string }) => r.status === status),
        'amount',
      );
    expect(receipts.totals).toEqual({
      completed: byStatus('Completed'),
      pending: byStatus('Pending'),
      cancelled: byStatus('Cancelled'),
    });
    expect(receipts.totals).toEqual({
      completed: toRupees(paise(e.received)),
      pending: toRupees(paise(e.pending)),
      cancelled: toRupees(paise(e.cancelled)),
    });
    // A reversed receipt stays listed, with its state, in no total.
    expect(byStatus('Reversed') + 0).toBe(toRupees(paise(e.reversed)) + 0);
    // The receipts list money in; the refunds paid are money out, apart: received (net) = completed − refunds.
    expect(receipts.totals.completed).toBe(sumRupees([row.amountReceived, toRupees(paise(e.refundPaid))]));
    const partnerReceipts = await call(`/api/payment/receipts?projectId=${projectId}`);
    expect(Number(partnerReceipts.headers['x-total-amount'])).toBe(receipts.totals.completed);
    await exported(`/api/report/payment-receipts/${projectId}`, 'paymentReceipts', receipts, projectId);

    const farmer = await api(`/api/farmer-account/${projectId}`);
    expect(farmer.totals.amount).toBe(sum(farmer.data, 'amount'));
    expect(farmer.totals.amount).toBe(toRupees(paise(e.land)));
    await exported(`/api/farmer-account/${projectId}`, 'farmerAccount', farmer);

    const monthWise = await api(`/api/report/payment-month-wise/${projectId}`);
    for (const key of ['amountReceived', 'emiReceived', 'expectedEmi', 'pendingEmi', 'refunds', 'total']) {
      expect(monthWise.totals[key], key).toBe(sum(monthWise.data, key));
    }
    expect(monthWise.totals.total).toBe(row.amountReceived);
    expect(monthWise.totals.refunds).toBe(toRupees(paise(e.refundPaid)));
    expect(monthWise.totals.expectedEmi).toBe(toRupees(paise(e.emi)));
    await exported(`/api/report/payment-month-wise/${projectId}`, 'paymentMonthWise', monthWise, projectId);

    const expectedReport = await api(`/api/report/payment-expected-month-wise/${projectId}`);
    expect(expectedReport.totals.expectedEmi).toBe(sum(expectedReport.data, 'expectedEmi'));
    expect(expectedReport.totals.expectedEmi).toBe(toRupees(paise(e.emi)));
    await exported(`/api/report/payment-expected-month-wise/${projectId}`, 'paymentExpected', expectedReport);
    // A month's Plot EMI Details are the row's plots, in its order, and add up to its expected EMI.
    for (const month of expectedReport.data) {
      const details = await api(`/api/report/payment-expected-month-wise/${projectId}/${month.month}`);
      expect(details.expectedEmi).toBe(month.expectedEmi);
      expect(details.expectedEmi).toBe(sumRupees(details.plotDetails.map((d: { emiAmount: number }) => d.emiAmount)));
      expect(details.plotDetails.map((d: { plotName: string }) => d.plotName)).toEqual(month.plotNames);
    }

    // Partner reports against Payment To Partner: Pay, Receive and the net, never Pay and Receive added.
    const partnersSummary = await api(`/api/payment/partners-summary?projectId=${projectId}`);
    const summary = await allPages(`/api/partner-summary/${projectId}`);
    const payReceive = (rows: Json[]) => {
      const pay = sum(
        rows.filter((r: { payReceive: string }) => r.payReceive === 'Pay'),
        'amount',
      );
      const receive = sum(
        rows.filter((r: { payReceive: string }) => r.payReceive === 'Receive'),
        'amount',
      );
      return { pay, receive, net: sumRupees([pay, -receive]) };
    };
    expect(summary.totals).toEqual(payReceive(summary.data));
    expect(summary.totals.pay).toBe(sum(partnersSummary, 'investment'));
    // Payment To Partner's Receive is net of the refunds each partner paid back (issue 20), and so are the partner
    // reports: a refund is a Receive row of a negative amount.
    expect(summary.totals.receive).toBe(sum(partnersSummary, 'received'));
    const refundRows = summary.data.filter((r: { source: string }) => r.source === 'refund');
    expect(sum(refundRows, 'amount') + 0).toBe(-toRupees(paise(e.refundDebits)) + 0);
    // Σ of the partners' profit is the project's (Project Wise) when the shares add up to 100 %.
    if (sumRupees(partnersSummary.map((p: { percentageShare: number | null }) => p.percentageShare ?? 0)) === 100) {
      expect(sum(partnersSummary, 'profit')).toBe(row.profit);
    }
    await exported(`/api/partner-summary/${projectId}`, 'partnerSummary', summary);
    for (const partner of partnersSummary) {
      const url = `/api/partner-payment-details/${projectId}/${partner.partnerId}`;
      const details = await allPages(url);
      expect(details.totals).toEqual(payReceive(details.data));
      expect(details.totals.pay).toBe(partner.investment);
      expect(details.totals.receive).toBe(partner.received);
      expect(details.totals.net).toBe(sumRupees([partner.investment, -partner.received]));
      await exported(url, 'partnerPaymentDetails', details);
    }
  }
  return fromTables.length;
}

type Api = (url: string) => Promise<Json>;
interface ListingRow {
  saleId: number;
  plotId: number;
  buyerId: number | null;
  status: 'Active' | 'Cancelled' | 'Transferred';
  saleAmount: number;
  transferFee: number;
  received: number;
  pending: number;
}

/**
 * The sales listing with its cancelled sales (as the web asks for it) against Project Wise, Plot Details and the
 * buyer pages (issue 20): Σ of the live sales' amounts, transfer fees and pending are the project's; each plot's
 * pending is its live sale's; Σ received of every sale, cancelled ones too, is Σ Completed lines; each buyer's page
 * says of each sale they hold what the listing says.
 */
async function expectListingAgrees(
  api: Api,
  projectId: number,
  row: Json,
  plotRows: { plotId: number; pendingBalance: number }[],
  completed: number,
) {
  const listing: ListingRow[] = await api(`/api/sale/project/${projectId}?cancelled=include`);
  const live = listing.filter((s) => s.status !== 'Cancelled');
  const total = (rows: ListingRow[], key: 'saleAmount' | 'transferFee' | 'received' | 'pending') =>
    sumRupees(rows.map((s) => s[key]));
  expect(total(live, 'saleAmount'), `listing ${projectId}`).toBe(row.saleAmount);
  expect(total(live, 'transferFee'), `listing ${projectId}`).toBe(row.transferFees);
  expect(total(live, 'pending'), `listing ${projectId}`).toBe(row.pendingBalance);
  expect(total(listing, 'received'), `listing ${projectId}`).toBe(completed);
  for (const cancelled of listing.filter((s) => s.status === 'Cancelled')) expect(cancelled.pending).toBe(0);
  for (const plot of plotRows) {
    const own = live.filter((s) => s.plotId === plot.plotId);
    expect(own.length, `plot ${plot.plotId}`).toBeLessThanOrEqual(1);
    expect(total(own, 'pending'), `plot ${plot.plotId}`).toBe(plot.pendingBalance);
  }
  const buyers = new Set(live.flatMap((s) => (s.buyerId === null ? [] : [s.buyerId])));
  for (const buyerId of buyers) {
    const page = await api(`/api/buyer/${buyerId}`);
    for (const sale of live.filter((s) => s.buyerId === buyerId)) {
      const held = page.sales.find((s: { saleId: number }) => s.saleId === sale.saleId);
      expect(held, `buyer ${buyerId} sale ${sale.saleId}`).toMatchObject({
        status: 'Active',
        saleAmount: sale.saleAmount,
        transferFee: sale.transferFee,
        received: sale.received,
        pending: sale.pending,
      });
    }
  }
}
