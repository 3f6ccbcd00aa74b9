import {
  allocateInstallments,
  buildSchedule,
  type CreateSaleCommand,
  EMI_DATE_MESSAGE,
  emiTotalPaise,
  type Installment,
  isEmiDateAllowed,
  monthlyPaise,
  owedPaise,
  paise,
  SALE_SAVED_MESSAGE,
  type SaleListRowAnswer,
  type SaleSavedAnswer,
  type SaleScheduleAnswer,
  subPaise,
  todayIso,
  toPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict, notFound } from '../../lib/app-error.js';
import { changedFields, recordChange } from '../../lib/audit.js';
import { refuseArchived } from '../../lib/entry-rows.service.js';
import { settleHoldForSale } from '../board/holds.service.js';
import { saleBuyer } from '../buyers/sale-buyer.service.js';
import { lockPartnerDues } from '../partner-payments/partner-dues.service.js';
import { assertProject } from '../projects/projects.service.js';
import { reraFlaggedSales, saleTds } from '../sale-tax/sale-tax.service.js';
import { countTransfers } from './sale-transfers.repository.js';
import {
  findSale,
  hasActiveSale,
  insertInstallments,
  insertSale,
  listInstallments,
  listProjectSales,
  lockPlot,
  type SaleRow,
  saleRowColumns,
} from './sales.repository.js';

/** What a sale stores: a Cash (Full Payment) sale has no advance, visarpawati or schedule. */
export function saleRow(
  input: Omit<CreateSaleCommand, 'agreementDate'> & { agreementDate?: string | null },
  saleDate: string,
): SaleRow {
  const base = {
    projectId: input.projectId,
    plotId: input.plotId,
    saleDate,
    salePaise: toPaise(input.saleAmount),
    paymentType: input.paymentType,
    buyerName: input.buyerName,
    buyerMobile: input.buyerMobile,
    agreementDate: input.agreementDate ?? null,
  };
  if (input.paymentType === 'Cash') {
    return {
      ...base,
      advancePaise: paise(0),
      visarpawatiPaise: paise(0),
      emiTotalPaise: paise(0),
      emiDuration: null,
      monthlyPaise: paise(0),
      emiDate: null,
    };
  }
  const emi = {
    salePaise: base.salePaise,
    advancePaise: toPaise(input.advanceAmount),
    visarpawatiPaise: toPaise(input.visarpawatiAmount),
    durationMonths: input.emiDuration ?? 0,
  };
  return {
    ...base,
    advancePaise: emi.advancePaise,
    visarpawatiPaise: emi.visarpawatiPaise,
    emiTotalPaise: emiTotalPaise(emi),
    emiDuration: emi.durationMonths,
    monthlyPaise: monthlyPaise(emi),
    emiDate: input.emiDate,
  };
}

/** The EMI schedule a sale stores (docs/design.md §6); none for a Cash (Full Payment) sale. */
export function saleSchedule(row: SaleRow): Installment[] {
  if (row.paymentType !== 'EMI' || !row.emiDate) return [];
  return buildSchedule(
    {
      salePaise: row.salePaise,
      advancePaise: row.advancePaise,
      visarpawatiPaise: row.visarpawatiPaise,
      durationMonths: row.emiDuration ?? 0,
    },
    row.emiDate,
  );
}

/**
 * Sells a plot: the sale and its EMI schedule in the caller's transaction (all rows or none). The plot row is
 * locked first, so of many clerks selling one plot at once exactly one succeeds and the rest get 409. A plot someone
 * else holds is refused unless the seller is a tenant admin; the sale ends the plot's hold (issue 21, `seller`: the
 * seller's role and the app's clock).
 */
export async function createSale(
  tdb: TenantDb,
  input: CreateSaleCommand,
  userId: number,
  today = todayIso(),
  seller: { isAdmin: boolean; now: Date } = { isAdmin: false, now: new Date() },
): Promise<SaleSavedAnswer> {
  const saleDate = input.saleDate ?? today;
  if (input.paymentType === 'EMI' && input.emiDate && !isEmiDateAllowed(input.emiDate, saleDate)) {
    throw badRequest(EMI_DATE_MESSAGE, { emiDate: EMI_DATE_MESSAGE });
  }
  await assertProject(tdb, input.projectId);
  // The project's row first, as a receipt and a cheque's clearing take it: a sale and a receipt of one project then
  // queue, instead of taking the company's money row and the project's month totals in opposite orders (deadlock).
  await lockPartnerDues(tdb, [input.projectId]);
  const plot = await lockPlot(tdb, input.plotId);
  if (!plot || plot.project_id !== input.projectId) throw notFound('Plot not found in this project.');
  await refuseArchived(tdb, { projectIds: [input.projectId], plotIds: [plot.id] });
  if (await hasActiveSale(tdb, plot.id)) {
    throw conflict(`Plot ${plot.plot_name} is already sold. Choose another plot.`, {
      plotId: 'This plot is already sold',
    });
  }
  await settleHoldForSale(tdb, plot, { ...seller, userId });
  // The sale keeps the name and mobile a spec client sent (its answer echoes them); the screens read the buyer.
  const buyer = await saleBuyer(tdb, input, userId);
  const named = buyer
    ? { ...input, buyerName: input.buyerName ?? buyer.name, buyerMobile: input.buyerMobile ?? buyer.mobile }
    : input;
  const row: SaleRow = { ...saleRow(named, saleDate), ...(buyer ? { buyerId: buyer.id } : {}) };
  const saleId = await insertSale(tdb, row, userId);
  const schedule = saleSchedule(row);
  if (schedule.length > 0) await insertInstallments(tdb, saleId, schedule);
  // One row for the sale; its EMI schedule is part of it (`installments`: how many were written).
  const after = { ...saleRowColumns(row), installments: schedule.length };
  recordChange(tdb, { entity: 'sale', entityId: saleId, action: 'create', changes: changedFields(null, after) });
  const saved = await findSale(tdb, saleId);
  if (!saved) throw notFound('Sale not found.');
  const { salePaise: _s, transferFeePaise: _f, receivedPaise: _r, installmentPaise: _i, ...sale } = saved;
  // The answer echoes the name and mobile the sale was given (spec clients), beside its buyerId.
  return { ...sale, buyerName: row.buyerName, buyerMobile: row.buyerMobile, message: SALE_SAVED_MESSAGE };
}

/** The Sales listing of a project: each active sale with what its plot has received and what is pending. */
export async function getProjectSales(
  tdb: TenantDb,
  projectId: number,
  withCancelled = false,
): Promise<SaleListRowAnswer[]> {
  const sales = await listProjectSales(tdb, projectId, withCancelled);
  // Only an empty list needs telling apart from a project that does not exist (404).
  if (sales.length === 0) await assertProject(tdb, projectId);
  const flagged = await reraFlaggedSales(tdb, projectId);
  return sales.map((sale) => ({ ...sale, reraFlag: flagged.has(sale.saleId) }));
}

/** A sale's schedule, each installment paid from Completed Installment lines oldest first, as of `today`. */
export async function getSaleSchedule(tdb: TenantDb, saleId: number, today = todayIso()): Promise<SaleScheduleAnswer> {
  const sale = await findSale(tdb, saleId);
  if (!sale) throw notFound('Sale not found.');
  const { salePaise, transferFeePaise, receivedPaise, installmentPaise, ...rest } = sale;
  const installments = allocateInstallments(await listInstallments(tdb, saleId), installmentPaise, today);
  const tds = await saleTds(tdb, { saleId, salePaise });
  const flagged = await reraFlaggedSales(tdb, rest.projectId, saleId);
  return {
    ...rest,
    ...tds,
    reraFlag: flagged.has(saleId),
    received: receivedPaise,
    status: sale.status === 'Active' && (await countTransfers(tdb, saleId)) > 0 ? 'Transferred' : sale.status,
    pending: rest.status === 'Active' ? subPaise(owedPaise({ salePaise, transferFeePaise }), receivedPaise) : paise(0),
    installmentsReceived: installmentPaise,
    asOf: today,
    installments: installments.map((i) => ({
      installmentNo: i.installmentNo,
      dueDate: i.dueDate,
      amount: i.amountPaise,
      paid: i.paidPaise,
      state: i.state,
    })),
  };
}
