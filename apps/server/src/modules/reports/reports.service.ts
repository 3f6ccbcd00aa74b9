import {
  addPaise,
  type FarmerAccountReportAnswer,
  owedPaise,
  type Paise,
  type PartnerPaymentDetailsReportAnswer,
  type PartnerSummaryReportAnswer,
  type PaymentExpectedMonthAnswer,
  type PaymentExpectedReportAnswer,
  type PaymentMonthWiseReportAnswer,
  type PaymentReceiptsReportAnswer,
  type PlotWiseReportAnswer,
  type ProfitTotalsAnswer,
  type ProjectWiseQuery,
  type ProjectWiseReportAnswer,
  paise,
  pendingBalancePaise,
  projectProfitPaise,
  sharedCostByPlot,
  subPaise,
  sumPaise,
  todayIso,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { notFound } from '../../lib/app-error.js';
import type { Page, PageRequest } from '../../lib/paging.js';
import { JsonRows } from '../../lib/serializer.js';
import { pageProjectReceiptLines } from '../partner-payments/partner-payments.service.js';
import { assertProject } from '../projects/projects.service.js';
import { type CancelledMoney, plotReportData, projectsMoney, purchaseEntries } from './reports.repository.js';
import {
  allocatedInstallmentsDue,
  expectedByMonthJson,
  type MonthFiguresRow,
  monthFigures,
} from './reports-months.repository.js';
import type { PartnerEntryTotals } from './reports-partner-totals.repository.js';
import { type PartnerEntryRow, pagePartnerEntries } from './reports-partners.repository.js';

/** India has one offset all year (no daylight saving): a calendar day there starts at 00:00 +05:30. */
const DAY_START_OFFSET = '+05:30';
const dayStart = (isoDay: string) => new Date(`${isoDay}T00:00:00${DAY_START_OFFSET}`);
const nextDay = (isoDay: string) => new Date(dayStart(isoDay).getTime() + 86_400_000);

interface ProfitPaise {
  costPaise: Paise;
  salePaise: Paise;
  /** Σ Completed receipts (lines), of every sale, cancelled ones too. */
  receivedPaise: Paise;
  /** Σ transfer fees charged on the active sales. */
  transferFeePaise: Paise;
  /** The cancelled sales' money (issue 20). */
  cancelled: CancelledMoney;
}

/**
 * docs/design.md §7 with issue 20: investment = cost; profit = sale + transfer fees + forfeited − cost; received =
 * Σ Completed receipts − refunds paid (net); pending = what the active sales owe (sale + transfer fees) − what they
 * have received; total = investment + profit.
 */
function profitColumns({ costPaise, salePaise, receivedPaise, transferFeePaise, cancelled }: ProfitPaise) {
  const profitPaise = projectProfitPaise({
    salePaise,
    transferFeePaise,
    landPaise: costPaise,
    developmentPaise: paise(0),
    forfeitedPaise: cancelled.forfeitedPaise,
  });
  return {
    investment: costPaise,
    saleAmount: salePaise,
    transferFees: transferFeePaise,
    forfeited: cancelled.forfeitedPaise,
    profit: profitPaise,
    amountReceived: subPaise(receivedPaise, cancelled.refundPaidPaise),
    pendingBalance: pendingBalancePaise(
      owedPaise({ salePaise, transferFeePaise }),
      subPaise(receivedPaise, cancelled.receivedPaise),
    ),
    total: addPaise(costPaise, profitPaise),
  };
}
type ProfitColumnsPaise = ReturnType<typeof profitColumns>;
const PROFIT_KEYS = [
  'investment',
  'saleAmount',
  'transferFees',
  'forfeited',
  'profit',
  'amountReceived',
  'pendingBalance',
  'total',
] as const;

/** The total row of profit columns: each column's Σ over the rows, in paise. */
function profitTotals(rows: readonly ProfitColumnsPaise[]): ProfitTotalsAnswer {
  return Object.fromEntries(PROFIT_KEYS.map((k) => [k, sumPaise(rows.map((r) => r[k]))])) as ProfitColumnsPaise;
}

/** 1. Project Wise Summary: projects created within the (inclusive, India-time) days, with docs/design.md §7 figures. */
export async function projectWiseReport(tdb: TenantDb, query: ProjectWiseQuery): Promise<ProjectWiseReportAnswer> {
  const projects = await projectsMoney(tdb, {
    from: query.fromDate ? dayStart(query.fromDate) : undefined,
    before: query.toDate ? nextDay(query.toDate) : undefined,
  });
  const figures = projects.map((p) =>
    profitColumns({
      costPaise: addPaise(p.landPaise, p.developmentPaise),
      salePaise: p.salePaise,
      transferFeePaise: p.transferFeePaise,
      receivedPaise: p.receivedPaise,
      cancelled: p.cancelled,
    }),
  );
  return {
    data: projects.map((p, i) => ({
      projectId: p.projectId,
      projectName: p.projectName,
      ...(figures[i] as ProfitColumnsPaise),
      createdDate: p.createdDate,
    })),
    totals: profitTotals(figures),
  };
}

/**
 * 2. Plot Details Summary: each plot with its allocated cost (docs/design.md §7: land and each per_project development
 * particular spread over the plots by area share, per_plot and per_sqft entries charged to their plot).
 */
export async function plotWiseReport(tdb: TenantDb, projectId: number): Promise<PlotWiseReportAnswer> {
  const data = await plotReportData(tdb, projectId);
  if (data === undefined) throw notFound('Project not found.');
  // The same exact split as Project Profile's plot cost, so a plot's cost is the same paisa on both.
  const sharedPaise = sharedCostByPlot(
    [data.landPaise, ...data.sharedDevelopment.map((d) => d.paise)],
    data.plots.map((p) => p.area),
  );
  const figures = data.plots.map((plot, i) =>
    profitColumns({
      costPaise: addPaise(plot.directPaise, sharedPaise[i] ?? ZERO_PAISE),
      salePaise: plot.salePaise,
      transferFeePaise: plot.transferFeePaise,
      // The plot's active sale's (plot_money) and its cancelled sales' receipts: the project's Σ, plot by plot.
      receivedPaise: addPaise(plot.receivedPaise, plot.cancelled.receivedPaise),
      cancelled: plot.cancelled,
    }),
  );
  return {
    data: data.plots.map((plot, i) => ({
      plotId: plot.plotId,
      plotName: plot.plotName,
      ...(figures[i] as ProfitColumnsPaise),
      createdDate: plot.createdDate,
    })),
    totals: profitTotals(figures),
  };
}

/**
 * A paged report (spec 001 §7 shape, docs/design.md §8 paging): `report` is `{ data, totals }` with `data` one page of
 * rows and `totals` the SQL total row of every (searched) row of the project; `page` is what the route puts in
 * the `Link` and `X-Total-*` headers.
 */
export interface PagedReport<R> {
  report: R;
  page: Omit<Page<unknown>, 'rows'>;
}

/**
 * 3. Payment Receipts: the receipt lines of the project (all statuses), a page at a time, with Σ by status: the
 * money received is Σ Completed (also `X-Total-Amount`, as on Payment To Partner); Pending and Cancelled apart.
 */
export async function paymentReceiptsReport(
  tdb: TenantDb,
  projectId: number,
  request: PageRequest,
): Promise<PagedReport<PaymentReceiptsReportAnswer>> {
  const { rows, next, totals, projectFound } = await pageProjectReceiptLines(tdb, projectId, request);
  if (!projectFound) throw notFound('Project not found.');
  const { completedPaise, pendingPaise, cancelledPaise } = totals;
  return {
    report: {
      data: rows,
      totals: { completed: completedPaise, pending: pendingPaise, cancelled: cancelledPaise },
    },
    page: {
      next,
      totals: { ...totals, amountPaise: completedPaise },
    },
  };
}

/** 4. Farmer Account Summary: the project's purchase entries; Grand Total = land cost. */
export async function farmerAccountReport(tdb: TenantDb, projectId: number): Promise<FarmerAccountReportAnswer> {
  const entries = await purchaseEntries(tdb, projectId);
  if (entries === undefined) throw notFound('Project not found.');
  const { rows, totalPaise } = entries;
  return {
    data: rows.map(({ amountPaise, ...row }) => ({ ...row, amount: amountPaise })),
    totals: { amount: totalPaise },
  };
}

/** 5. Payment Details – Month Wise: money received and EMI expected / pending per month, oldest first. */
export async function paymentMonthWiseReport(tdb: TenantDb, projectId: number): Promise<PaymentMonthWiseReportAnswer> {
  const months = await monthFigures(tdb, projectId);
  if (months === undefined) throw notFound('Project not found.');
  const sum = (pick: (m: MonthFiguresRow) => Paise) => sumPaise(months.map(pick));
  return {
    data: months.map((m) => ({
      month: m.month,
      amountReceived: m.otherPaise,
      emiReceived: m.emiPaise,
      expectedEmi: m.expectedPaise,
      pendingEmi: m.pendingPaise,
      refunds: m.refundsPaise,
      total: subPaise(addPaise(m.otherPaise, m.emiPaise), m.refundsPaise),
    })),
    totals: {
      amountReceived: sum((m) => m.otherPaise),
      emiReceived: sum((m) => m.emiPaise),
      expectedEmi: sum((m) => m.expectedPaise),
      pendingEmi: sum((m) => m.pendingPaise),
      refunds: sum((m) => m.refundsPaise),
      total: sum((m) => subPaise(addPaise(m.otherPaise, m.emiPaise), m.refundsPaise)),
    },
  };
}

/**
 * 6. Payment Expected – Month Wise: the EMI due per month with the names of the plots that owe it, as JSON written by
 * PostgreSQL (`expectedByMonthJson`); each plot's EMI, installment and state come per month from
 * `paymentExpectedMonth` (the modal), not with every row. `.parse()` gives the report's object (the export).
 */
export async function paymentExpectedReport(
  tdb: TenantDb,
  projectId: number,
): Promise<JsonRows<PaymentExpectedReportAnswer>> {
  const json = await expectedByMonthJson(tdb, projectId);
  if (json === undefined) throw notFound('Project not found.');
  return new JsonRows(json);
}

/** The first day of a `YYYY-MM` month and of the month after it. */
function monthRange(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: `${month}-01`, before: `${next}-01` };
}

/** One month of Payment Expected with its Plot EMI Details: each installment due, what is paid of it, its state. */
export async function paymentExpectedMonth(
  tdb: TenantDb,
  projectId: number,
  month: string,
  today: string = todayIso(),
): Promise<PaymentExpectedMonthAnswer> {
  await assertProject(tdb, projectId);
  const installments = await allocatedInstallmentsDue(tdb, projectId, monthRange(month), today);
  return {
    month,
    expectedEmi: sumPaise(installments.map((i) => i.amountPaise)),
    plotDetails: installments.map((i) => ({
      plotId: i.plotId,
      plotName: i.plotName,
      saleId: i.saleId,
      installmentNo: i.installmentNo,
      dueDate: i.dueDate,
      emiAmount: i.amountPaise,
      paidAmount: i.paidPaise,
      state: i.state,
    })),
  };
}

const entryRow = ({ amountPaise, partnerId: _p, partnerName: _n, ...row }: PartnerEntryRow) => ({
  ...row,
  amount: amountPaise,
});

/**
 * The partner reports' total rows from SQL over every (searched) row: Σ Pay (= investment, as Payment To Partner
 * counts it), Σ Receive (= received) and the net. Money paid in and money handed out are never added together, so
 * there is no `X-Total-Amount`.
 */
function payReceivePage(totals: PartnerEntryTotals, next: PagedReport<unknown>['page']['next']) {
  const { payPaise, receivePaise } = totals;
  return {
    totals: { pay: payPaise, receive: receivePaise, net: subPaise(payPaise, receivePaise) },
    page: { next, totals: { count: totals.count, unfilteredCount: totals.unfilteredCount } },
  };
}

/** 7. Project Wise Partner Summary: every partner's Pay and Receive rows of the project, a page at a time. */
export async function partnerSummaryReport(
  tdb: TenantDb,
  projectId: number,
  request: PageRequest,
): Promise<PagedReport<PartnerSummaryReportAnswer>> {
  const { rows, next, totals, found } = await pagePartnerEntries(tdb, { projectId, searchPartnerName: true }, request);
  if (!found.project) throw notFound('Project not found.');
  const { totals: totalRow, page } = payReceivePage(totals, next);
  return {
    report: {
      data: rows.map((r) => ({ ...entryRow(r), partnerId: r.partnerId, partnerName: r.partnerName })),
      totals: totalRow,
    },
    page,
  };
}

/** 8. Partner Payment Details: one partner's Pay and Receive rows, a page at a time; a partner without a share → 404. */
export async function partnerPaymentDetailsReport(
  tdb: TenantDb,
  projectId: number,
  partnerId: number,
  request: PageRequest,
): Promise<PagedReport<PartnerPaymentDetailsReportAnswer>> {
  const scope = { projectId, partnerId, searchPartnerName: false };
  const { rows, next, totals, found } = await pagePartnerEntries(tdb, scope, request);
  if (!found.project) throw notFound('Project not found.');
  if (!found.partner) throw notFound('Partner not found in this project.');
  const { totals: totalRow, page } = payReceivePage(totals, next);
  return { report: { data: rows.map(entryRow), totals: totalRow }, page };
}
