import {
  addPaise,
  cashByDay,
  cashRuleIssue,
  formatRupees,
  maxPaise,
  type Paise,
  type ReceiptStatus,
  reraIssue,
  subPaise,
  type TdsPendingRowAnswer,
  tdsDuePaise,
  toRupees,
  ZERO_PAISE,
} from '@plotbook/domain';
import type { TenantDb } from '../../db/tenancy.js';
import { badRequest, conflict } from '../../lib/app-error.js';
import { getSaleTaxSettings } from '../company-settings/company-settings.service.js';
import { assertProject } from '../projects/projects.service.js';
import {
  cashOfBuyerOnDays,
  findSaleAgreement,
  listTdsSales,
  receivedBeforeAgreement,
  receivedBeforeAgreementOfProject,
  TDS_PARTICULAR,
  tdsReceivedOfSale,
} from './sale-tax.repository.js';

interface ReceiptLineMoney {
  mode: string;
  date: string;
  amountPaise: Paise;
}

/**
 * What the tax and cash rules say about a receipt about to be saved for `saleId` (called under the sale's lock, so
 * two receipts of one sale are judged one after the other):
 * - s.269SS: each day's cash of this receipt + the same buyer's other Completed/Pending cash that day reaching the
 *   company's cash limit is a warning, or a 400 naming the rule when the company refuses such cash;
 * - RERA s.13: money received before the agreement for sale passing the limit (10 %) of the sale amount.
 * A Cancelled receipt (a bounced cheque recorded as such) is money not taken: no rule applies.
 */
export async function receiptTaxWarnings(
  tdb: TenantDb,
  saleId: number,
  lines: readonly ReceiptLineMoney[],
  status: ReceiptStatus,
): Promise<string[]> {
  if (status === 'Cancelled') return [];
  const settings = await getSaleTaxSettings(tdb);
  const warnings: string[] = [];
  const days = cashByDay(lines);
  const before = await cashOfBuyerOnDays(tdb, { saleId }, [...days.keys()]);
  for (const [day, cash] of [...days].sort(([a], [b]) => a.localeCompare(b))) {
    const issue = cashRuleIssue(addPaise(cash, before.get(day) ?? ZERO_PAISE), settings, { date: day });
    if (!issue) continue;
    if (settings.cashRule === 'refuse') {
      throw badRequest(`${issue} This company refuses such receipts.`, { payments: issue });
    }
    warnings.push(issue);
  }
  const sale = await findSaleAgreement(tdb, saleId);
  if (sale) {
    const counted = lines.filter((line) => !sale.agreementDate || line.date < sale.agreementDate);
    if (counted.length > 0) {
      const earlier = await receivedBeforeAgreement(tdb, saleId, sale.agreementDate);
      const total = addPaise(earlier, ...counted.map((line) => line.amountPaise));
      const issue = reraIssue(total, sale.salePaise, settings);
      if (issue) warnings.push(issue);
    }
  }
  return warnings;
}

/**
 * s.269T on a cancellation's refund: a refund paid in cash reaching the company's cash limit is a warning (the
 * answer's `warnings`), or a 400 naming the rule when the company refuses such cash.
 */
export async function refundCashWarnings(
  tdb: TenantDb,
  refund: { amountPaise: Paise; mode: string | null; date: string },
): Promise<string[]> {
  if (refund.mode !== 'Cash') return [];
  const settings = await getSaleTaxSettings(tdb);
  const issue = cashRuleIssue(refund.amountPaise, settings, { date: refund.date, section: '269T' });
  if (!issue) return [];
  if (settings.cashRule === 'refuse') {
    throw badRequest(`${issue} This company refuses such refunds.`, { refundMode: issue });
  }
  return [issue];
}

/**
 * s.194-IA: the 'TDS (194-IA)' lines of a receipt pay the TDS due on the sale (its rate of the sale amount from the
 * threshold on). They may not take the sale's Completed and Pending TDS lines past the TDS due (409 naming what is
 * still due): TDS is not money the buyer hands over, so a line beyond it is a mistake. Called with the sale locked.
 */
export async function assertTdsFits(
  tdb: TenantDb,
  sale: { saleId: number; salePaise: Paise },
  lines: readonly { particular: string; amountPaise: Paise }[],
): Promise<void> {
  const asked = addPaise(ZERO_PAISE, ...lines.filter((l) => l.particular === TDS_PARTICULAR).map((l) => l.amountPaise));
  if (asked <= 0) return;
  const [settings, taken] = await Promise.all([
    getSaleTaxSettings(tdb),
    tdsReceivedOfSale(tdb, sale.saleId, ['Completed', 'Pending']),
  ]);
  const due = tdsDuePaise(sale.salePaise, settings);
  const unpaid = maxPaise(ZERO_PAISE, subPaise(due, taken));
  if (asked <= unpaid) return;
  const amount = `The TDS (194-IA) lines total ${formatRupees(toRupees(asked))}`;
  throw conflict(
    due === 0
      ? `${amount}, but no TDS (194-IA) is due on this sale.`
      : `${amount}, more than the TDS still due of ${formatRupees(toRupees(unpaid))} on this sale.`,
  );
}

/** s.194-IA on one sale: the TDS due at the company's rate and threshold, and Σ its Completed TDS lines. */
export async function saleTds(
  tdb: TenantDb,
  sale: { saleId: number; salePaise: Paise } | null | undefined,
): Promise<{ tdsDue: Paise; tdsReceived: Paise }> {
  if (!sale) return { tdsDue: ZERO_PAISE, tdsReceived: ZERO_PAISE };
  const [settings, tdsReceived] = await Promise.all([getSaleTaxSettings(tdb), tdsReceivedOfSale(tdb, sale.saleId)]);
  return { tdsDue: tdsDuePaise(sale.salePaise, settings), tdsReceived };
}

/** RERA s.13 on one sale: its agreement date and what was received (Completed and Pending) before it. */
export async function saleAgreementFigures(
  tdb: TenantDb,
  sale: { saleId: number } | null | undefined,
): Promise<{ agreementDate: string | null; receivedBeforeAgreement: Paise }> {
  const found = sale ? await findSaleAgreement(tdb, sale.saleId) : undefined;
  if (!sale || !found) return { agreementDate: null, receivedBeforeAgreement: ZERO_PAISE };
  const before = await receivedBeforeAgreement(tdb, sale.saleId, found.agreementDate);
  return { agreementDate: found.agreementDate, receivedBeforeAgreement: before };
}

/** The ids of the project's active sales with more than the RERA limit received before the agreement date. */
export async function reraFlaggedSales(tdb: TenantDb, projectId: number, saleId?: number): Promise<Set<number>> {
  const [settings, rows] = await Promise.all([
    getSaleTaxSettings(tdb),
    receivedBeforeAgreementOfProject(tdb, projectId, saleId),
  ]);
  return new Set(rows.filter((r) => reraIssue(r.beforePaise, r.salePaise, settings) !== null).map((r) => r.saleId));
}

/**
 * "TDS certificates pending" of a project: active sales whose TDS due is more than the TDS received, or with a TDS
 * line saved without its Form 16B certificate number.
 */
export async function getTdsPending(tdb: TenantDb, projectId: number): Promise<TdsPendingRowAnswer[]> {
  await assertProject(tdb, projectId);
  const settings = await getSaleTaxSettings(tdb);
  const rows = await listTdsSales(tdb, projectId, settings.tdsThresholdPaise);
  return rows
    .map((r) => {
      const tdsDue = tdsDuePaise(r.salePaise, settings);
      return {
        saleId: r.saleId,
        plotId: r.plotId,
        plotName: r.plotName,
        buyerName: r.buyerName,
        saleDate: r.saleDate,
        saleAmount: r.salePaise,
        tdsDue,
        tdsReceived: r.tdsReceivedPaise,
        tdsPending: maxPaise(ZERO_PAISE, subPaise(tdsDue, r.tdsReceivedPaise)),
        linesWithoutCertificate: r.linesWithoutCertificate,
      };
    })
    .filter((r) => r.tdsPending > 0 || r.linesWithoutCertificate > 0);
}
