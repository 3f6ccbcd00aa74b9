import {
  buildSchedule,
  createPaymentSchema,
  overpaymentPaise,
  type Paise,
  paise,
  partnerSummaryListSchema,
  type ReceiptStatus,
  sumPaise,
  toPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { answerOf } from '../lib/serializer.js';
import { getPartnersSummary } from '../modules/partner-payments/partner-payments.service.js';
import type { ReceiptToInsert } from '../modules/receipts/receipts.repository.js';
import { addDays, monthsAgo } from './demo-dates.js';
import type { EmiPlan, Mode, Particular, SalePlan } from './demo-sale-plans.js';

/**
 * The demo's receipts, worked out from each sale's plan and its real EMI schedule: 18 months of them up to
 * `today`, mostly Completed, recent cheques Pending, bounced ones Cancelled, each line credited to a partner.
 */

interface PlannedLine {
  particular: Particular;
  amount: number;
  /** The mode detail as typed when it is not the mode's usual one (a Form 16B certificate number). */
  detail?: string;
}

interface PlannedReceipt {
  date: string;
  mode: Mode;
  /** Bounced: saved Pending (the cheque was deposited), then Cancelled when it bounced. */
  status: ReceiptStatus | 'Bounced';
  lines: PlannedLine[];
}

const BANKS = ['HDFC', 'SBI', 'ICICI', 'Bank of Maharashtra', 'Axis'];
/** The banks' IFSC codes, which begin an RTGS UTR. */
const IFSC = ['HDFC', 'SBIN', 'ICIC', 'MAHB', 'UTIB'];

/** The mode detail a clerk would type for a mode: cheque number, UPI reference, UTR. */
export function modeDetail(mode: Mode, serial: number, date: string): string | null {
  const bank = BANKS[serial % BANKS.length] as string;
  const compact = date.replaceAll('-', '');
  switch (mode) {
    case 'Cash':
      return null;
    case 'Cheque':
      return `${bank} Chq ${String(104000 + serial * 37).padStart(6, '0')}`;
    case 'UPI':
      return `UPI Ref ${compact.slice(2)}${String(400000 + serial * 97).slice(-6)}`;
    case 'RTGS':
      return `UTR ${IFSC[serial % IFSC.length]}R5${compact}${String(serial * 131)
        .padStart(6, '0')
        .slice(-6)}`;
    case 'Bank Transfer':
      return `NEFT ${bank} ${compact.slice(2)}${String(serial * 53).padStart(5, '0')}`;
  }
}

/** Every receipt of one sale, oldest first, worked out from the plan and the sale's real schedule. */
function plannedReceipts(plan: SalePlan, saleDate: string, emiDate: string | null, today: string): PlannedReceipt[] {
  if (plan.cash) {
    return plan.cash.map((p) => ({
      date: p.day === 0 ? addDays(today, -6) : monthsAgo(today, plan.soldMonthsAgo - p.after, p.day),
      mode: p.mode,
      status: p.status ?? 'Completed',
      lines: [{ particular: p.particular, amount: p.amount, ...(p.detail ? { detail: p.detail } : {}) }],
    }));
  }
  const emi = plan.emi as EmiPlan;
  const receipts: PlannedReceipt[] = [
    {
      date: saleDate,
      mode: plan.mode === 'Cash' ? 'Cash' : 'RTGS',
      status: 'Completed',
      lines: [
        { particular: 'Advance', amount: emi.advance },
        ...(emi.visarpawati > 0 ? [{ particular: 'Visarpawati' as const, amount: emi.visarpawati }] : []),
      ],
    },
  ];
  const schedule = buildSchedule(
    {
      salePaise: toPaise(plan.amount),
      advancePaise: toPaise(emi.advance),
      visarpawatiPaise: toPaise(emi.visarpawati),
      durationMonths: emi.months,
    },
    emiDate as string,
  );
  // Buyers pay a day or two before the due date; the ones behind stop paying `behind` installments ago.
  const paidOn = (i: { dueDate: string; installmentNo: number }) => addDays(i.dueDate, -(i.installmentNo % 3));
  const due = schedule.filter((i) => paidOn(i) <= today);
  const paid = due.slice(0, Math.max(0, due.length - emi.behind));
  let carried: PlannedLine[] = [];
  for (const [index, installment] of paid.entries()) {
    const date = paidOn(installment);
    const line = { particular: 'Installment' as const, amount: installment.amountPaise / 100 };
    const isLast = index === paid.length - 1;
    if (emi.bounced?.includes(installment.installmentNo) && !isLast) {
      receipts.push({ date, mode: 'Cheque', status: 'Bounced', lines: [line] });
      carried.push(line);
      continue;
    }
    const usual = installment.installmentNo % 5 === 0 ? 'Cash' : plan.mode;
    const mode: Mode = carried.length > 0 ? 'Bank Transfer' : isLast && emi.pendingLast ? 'Cheque' : usual;
    receipts.push({
      date,
      mode,
      status: isLast && emi.pendingLast ? 'Pending' : 'Completed',
      lines: [...carried, line],
    });
    carried = [];
  }
  // A bounced cheque for an installment the buyer never made good stays Cancelled, and the installment overdue.
  const unpaid = due.slice(paid.length);
  for (const installment of unpaid) {
    if (emi.bounced?.includes(installment.installmentNo)) {
      receipts.push({
        date: addDays(installment.dueDate, -1),
        mode: 'Cheque',
        status: 'Bounced',
        lines: [{ particular: 'Installment', amount: installment.amountPaise / 100 }],
      });
    }
  }
  return receipts;
}

/**
 * Credits each line to the partner of the project whose share of the money so far is smallest against what they
 * are due (investment + profit share), so every partner's received stays in proportion and none is overpaid.
 */
class PartnerCredit {
  private readonly credited = new Map<number, number>();
  constructor(private readonly weights: { id: number; name: string; weight: number }[]) {}

  next(amount: number): { id: number; name: string } {
    let best = this.weights[0] as { id: number; name: string; weight: number };
    let bestRatio = Number.POSITIVE_INFINITY;
    for (const w of this.weights) {
      const ratio = (this.credited.get(w.id) ?? 0) / Math.max(1, w.weight);
      if (ratio < bestRatio) {
        best = w;
        bestRatio = ratio;
      }
    }
    this.credited.set(best.id, (this.credited.get(best.id) ?? 0) + amount);
    return best;
  }
}

/**
 * Checks a sale's receipts, oldest first, by the rule savePayment enforces (docs/design.md §7): no receipt that is not
 * Cancelled may be more than the pending balance, so no sale is ever paid above its amount. Also keeps every
 * Pending receipt clearable: Completed + Pending never exceed the sale amount.
 */
function checkLedger(salePaise: Paise, receipts: readonly ReceiptToInsert[]): void {
  let completed = 0;
  let pending = 0;
  for (const receipt of receipts) {
    const total = sumPaise(receipt.lines.map((l) => l.amountPaise));
    if (receipt.status === 'Cancelled') continue;
    if (overpaymentPaise(salePaise, paise(completed + pending), total) > 0) {
      throw new Error(`Demo seed: a receipt of plot ${receipt.plotId} would overpay its sale`);
    }
    if (receipt.status === 'Completed') completed += total;
    else pending += total;
  }
}

/** A sale of the demo, stored: what demoReceipts needs of it. */
export interface SoldPlot {
  projectIndex: number;
  plan: SalePlan;
  saleId: number;
  plotId: number;
  saleDate: string;
  emiDate: string | null;
}

/**
 * Every receipt of the demo's sales, oldest first (so ids follow the dates), each parsed by the API's own schema
 * as POST /api/payment would and checked against its sale by the rule savePayment enforces. `serial` numbers the
 * cheques and references; it goes on counting for the payouts.
 */
export async function demoReceipts(
  tdb: TenantDb,
  projects: readonly { projectId: number }[],
  sold: readonly SoldPlot[],
  today: string,
  serial: () => number,
): Promise<ReceiptToInsert[]> {
  const receipts: { date: string; receipt: ReceiptToInsert }[] = [];
  for (const [index, project] of projects.entries()) {
    // Each partner's profit share is fixed by the sales; it weighs whom the money is handed to.
    const summary = answerOf(partnerSummaryListSchema, await getPartnersSummary(tdb, project.projectId));
    const credit = new PartnerCredit(summary.map((p) => ({ id: p.partnerId, name: p.partnerName, weight: p.total })));
    for (const { plan, saleId, plotId, saleDate, emiDate } of sold.filter((s) => s.projectIndex === index)) {
      const ofSale: ReceiptToInsert[] = [];
      for (const receipt of plannedReceipts(plan, saleDate, emiDate, today)) {
        if (receipt.date > today) continue;
        const payments = receipt.lines.map((line) => {
          const partner = credit.next(receipt.status === 'Completed' ? line.amount : 0);
          return {
            particular: line.particular,
            date: receipt.date,
            mode: receipt.mode,
            modeDetail: line.detail ?? modeDetail(receipt.mode, serial(), receipt.date),
            creditTo: partner.name,
            modeDate: receipt.date,
            amount: line.amount,
            partnerId: partner.id,
          };
        });
        // A bounced cheque ends Cancelled.
        const input = createPaymentSchema.parse({
          projectId: project.projectId,
          plotId,
          status: receipt.status === 'Bounced' ? 'Cancelled' : receipt.status,
          payments,
        });
        const stored: ReceiptToInsert = {
          projectId: input.projectId,
          plotId: input.plotId,
          saleId,
          status: input.status,
          createdAt: new Date(`${receipt.date}T11:00:00+05:30`),
          lines: input.payments.map((line) => ({
            particular: line.particular,
            date: line.date,
            mode: line.mode,
            modeDetail: line.modeDetail,
            creditTo: line.creditTo,
            modeDate: line.modeDate ?? line.date,
            amountPaise: toPaise(line.amount),
            partnerId: line.partnerId,
          })),
        };
        ofSale.push(stored);
        receipts.push({ date: receipt.date, receipt: stored });
      }
      checkLedger(toPaise(plan.amount), ofSale);
    }
  }
  return receipts.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)).map((r) => r.receipt);
}
