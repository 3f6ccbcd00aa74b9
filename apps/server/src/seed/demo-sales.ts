import {
  addMonths,
  buildSchedule,
  type CreatePayment,
  createPaymentSchema,
  createSaleSchema,
  overpaymentPaise,
  type PAYOUT_MODES,
  type PayoutCommand,
  partnerSummaryListSchema,
  payoutInputSchema,
  type RECEIPT_MODES,
  type RECEIPT_PARTICULARS,
  type ReceiptStatus,
  registrationInputSchema,
  sumPaise,
  toPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { answerOf } from '../lib/serializer.js';
import { getPartnersSummary } from '../modules/partner-payments/partner-payments.service.js';
import { registerPlot } from '../modules/registrations/registrations.service.js';
import { saleRow } from '../modules/sales/sales.service.js';

/**
 * The demo company's sales and the money that came in for them: cash and EMI sales with buyers, 18 months of
 * receipts up to `today` (mostly Completed, recent cheques Pending, bounced ones Cancelled), buyers behind on
 * their EMIs, registered plots, a fully paid plot still to register, and payouts to the partners.
 *
 * Everything is written through the services a clerk's screens use (createSale, savePayment,
 * changeReceiptStatus, registerPlot, recordPayout) with inputs parsed by the API's own schemas, so the rules
 * hold: no receipt takes a sale above its amount, the schedule sums to the EMI total, only fully paid plots are
 * registered. Dates are relative to `today`, so the demo always looks current.
 */

type Mode = (typeof RECEIPT_MODES)[number];
type PayoutMode = (typeof PAYOUT_MODES)[number];
type Particular = (typeof RECEIPT_PARTICULARS)[number];

/** A date `monthsAgo` months before today's month, on `day` (clamped to the month's end, and never after today). */
export function monthsAgo(today: string, months: number, day: number): string {
  const date = addMonths(`${today.slice(0, 8)}${String(day).padStart(2, '0')}`, -months);
  return date > today ? today : date;
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

interface EmiPlan {
  advance: number;
  visarpawati: number;
  months: number;
  /** Installments due but unpaid at the end (the buyer is behind: these are overdue). */
  behind: number;
  /** Installment numbers whose first cheque bounced; the money comes with the next paid installment. */
  bounced?: number[];
  /** The latest installment was paid by a cheque that has not cleared yet. */
  pendingLast?: boolean;
}

interface CashPayment {
  /** Months after the sale, and the day of that month. */
  after: number;
  day: number;
  particular: Particular;
  amount: number;
  mode: Mode;
  status?: 'Pending' | 'Bounced';
}

interface SalePlan {
  plot: string;
  buyer: string;
  mobile: string;
  /** Sold this many months before today's month, on this day. */
  soldMonthsAgo: number;
  soldDay: number;
  amount: number;
  /** The buyer's usual way of paying. */
  mode: Mode;
  emi?: EmiPlan;
  cash?: CashPayment[];
  registered?: { monthsAgo: number; day: number; office: string; documentNo: string };
}

/** Sales per demo project, in the order of `PROJECTS` in demo-data.ts. */
export const SALE_PLANS: SalePlan[][] = [
  // Green Valley, Nagpur: plots of about 1,610 sq ft, sold since the first layout was ready.
  [
    {
      plot: 'Plot 2',
      buyer: 'Anil Wankhede',
      mobile: '98220 41873',
      soldMonthsAgo: 18,
      soldDay: 6,
      amount: 1250000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 6, particular: 'Booking', amount: 125000, mode: 'Cash' },
        { after: 1, day: 4, particular: 'Advance', amount: 500000, mode: 'RTGS' },
        { after: 2, day: 9, particular: 'Advance', amount: 625000, mode: 'Cheque' },
      ],
      registered: {
        monthsAgo: 15,
        day: 12,
        office: 'Sub-Registrar Office, Nagpur (Urban) No. 2',
        documentNo: 'NGP2/3127',
      },
    },
    {
      plot: 'Plot 3',
      buyer: 'Priya Deshpande',
      mobile: '98231 55620',
      soldMonthsAgo: 18,
      soldDay: 20,
      amount: 1320000,
      mode: 'Cheque',
      emi: { advance: 220000, visarpawati: 100000, months: 12, behind: 0, bounced: [4] },
      registered: {
        monthsAgo: 4,
        day: 8,
        office: 'Sub-Registrar Office, Nagpur (Urban) No. 2',
        documentNo: 'NGP2/8841',
      },
    },
    {
      plot: 'Plot 4',
      buyer: 'Sachin Bhoyar',
      mobile: '98814 20937',
      soldMonthsAgo: 14,
      soldDay: 9,
      amount: 1280000,
      mode: 'Bank Transfer',
      cash: [
        { after: 0, day: 9, particular: 'Booking', amount: 100000, mode: 'UPI' },
        { after: 1, day: 15, particular: 'Advance', amount: 1180000, mode: 'Bank Transfer' },
      ],
    },
    {
      plot: 'Plot 7',
      buyer: 'Kavita Raut',
      mobile: '98600 73214',
      soldMonthsAgo: 16,
      soldDay: 2,
      amount: 1400000,
      mode: 'Cheque',
      emi: { advance: 200000, visarpawati: 0, months: 24, behind: 0, pendingLast: true },
    },
    {
      plot: 'Plot 8',
      buyer: 'Mahesh Thakre',
      mobile: '98509 11846',
      soldMonthsAgo: 12,
      soldDay: 15,
      amount: 1290000,
      mode: 'Cash',
      emi: { advance: 150000, visarpawati: 60000, months: 36, behind: 4 },
    },
    {
      plot: 'Plot 11',
      buyer: 'Snehal Gawande',
      mobile: '98905 62481',
      soldMonthsAgo: 3,
      soldDay: 4,
      amount: 1310000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 4, particular: 'Booking', amount: 131000, mode: 'Cash' },
        { after: 1, day: 10, particular: 'Advance', amount: 600000, mode: 'RTGS' },
        { after: 3, day: 0, particular: 'Advance', amount: 579000, mode: 'Cheque', status: 'Pending' },
      ],
    },
    {
      plot: 'Plot 15',
      buyer: 'Vijay Meshram',
      mobile: '98223 90715',
      soldMonthsAgo: 8,
      soldDay: 12,
      amount: 1260000,
      mode: 'Cheque',
      emi: { advance: 260000, visarpawati: 0, months: 18, behind: 2, bounced: [5] },
    },
    {
      plot: 'Plot 19',
      buyer: 'Rekha Chaudhari',
      mobile: '98342 18059',
      soldMonthsAgo: 2,
      soldDay: 25,
      amount: 1300000,
      mode: 'UPI',
      emi: { advance: 130000, visarpawati: 0, months: 60, behind: 0 },
    },
  ],
  // Sai Nagar Phase 1, Wardha: plots of about 1,434 sq ft.
  [
    {
      plot: 'Plot 4',
      buyer: 'Pravin Ingle',
      mobile: '98810 34562',
      soldMonthsAgo: 15,
      soldDay: 8,
      amount: 860000,
      mode: 'UPI',
      emi: { advance: 160000, visarpawati: 0, months: 10, behind: 0 },
      registered: {
        monthsAgo: 3,
        day: 18,
        office: 'Sub-Registrar Office, Wardha',
        documentNo: 'WRD/2290',
      },
    },
    {
      plot: 'Plot 6',
      buyer: 'Manisha Kale',
      mobile: '98507 26193',
      soldMonthsAgo: 11,
      soldDay: 3,
      amount: 840000,
      mode: 'Cheque',
      cash: [
        { after: 0, day: 3, particular: 'Booking', amount: 84000, mode: 'Cash' },
        { after: 1, day: 6, particular: 'Advance', amount: 756000, mode: 'Cheque' },
      ],
    },
    {
      plot: 'Plot 9',
      buyer: 'Nitin Bawankar',
      mobile: '98604 47120',
      soldMonthsAgo: 10,
      soldDay: 18,
      amount: 900000,
      mode: 'Cheque',
      emi: { advance: 100000, visarpawati: 50000, months: 24, behind: 3, bounced: [5] },
    },
    {
      plot: 'Plot 10',
      buyer: 'Shubhangi Dhote',
      mobile: '98237 81504',
      soldMonthsAgo: 6,
      soldDay: 1,
      amount: 875000,
      mode: 'Cheque',
      emi: { advance: 175000, visarpawati: 0, months: 20, behind: 0, pendingLast: true },
    },
    {
      plot: 'Plot 14',
      buyer: 'Arvind Nimje',
      mobile: '98901 35278',
      soldMonthsAgo: 1,
      soldDay: 14,
      amount: 850000,
      mode: 'Cheque',
      cash: [
        { after: 0, day: 14, particular: 'Booking', amount: 50000, mode: 'UPI' },
        { after: 1, day: 0, particular: 'Advance', amount: 300000, mode: 'Cheque', status: 'Bounced' },
      ],
    },
    {
      plot: 'Plot 15',
      buyer: 'Pooja Zade',
      mobile: '98819 60427',
      soldMonthsAgo: 7,
      soldDay: 9,
      amount: 890000,
      mode: 'Bank Transfer',
      cash: [
        { after: 0, day: 9, particular: 'Booking', amount: 90000, mode: 'Cash' },
        { after: 2, day: 11, particular: 'Advance', amount: 800000, mode: 'Bank Transfer' },
      ],
    },
    {
      plot: 'Plot 17',
      buyer: 'Ganesh Lanjewar',
      mobile: '98606 19384',
      soldMonthsAgo: 3,
      soldDay: 26,
      amount: 920000,
      mode: 'Cash',
      emi: { advance: 120000, visarpawati: 0, months: 40, behind: 0 },
    },
  ],
  // Shivam Residency, Amravati: the newest layout, plots of about 1,481 sq ft.
  [
    {
      plot: 'Plot 8',
      buyer: 'Deepak Sontakke',
      mobile: '98509 74215',
      soldMonthsAgo: 8,
      soldDay: 5,
      amount: 1185000,
      mode: 'UPI',
      emi: { advance: 200000, visarpawati: 40000, months: 16, behind: 0 },
    },
    {
      plot: 'Plot 10',
      buyer: 'Swati Khobragade',
      mobile: '98220 58360',
      soldMonthsAgo: 5,
      soldDay: 22,
      amount: 1160000,
      mode: 'RTGS',
      cash: [
        { after: 0, day: 22, particular: 'Booking', amount: 100000, mode: 'Cash' },
        { after: 1, day: 2, particular: 'Advance', amount: 1060000, mode: 'RTGS' },
      ],
    },
    {
      plot: 'Plot 12',
      buyer: 'Rahul Gedam',
      mobile: '98816 02943',
      soldMonthsAgo: 4,
      soldDay: 11,
      amount: 1210000,
      mode: 'Cheque',
      emi: { advance: 150000, visarpawati: 0, months: 30, behind: 1 },
    },
    {
      plot: 'Plot 14',
      buyer: 'Sarika Waghmare',
      mobile: '98903 47518',
      soldMonthsAgo: 0,
      soldDay: 3,
      amount: 1195000,
      mode: 'Cash',
      cash: [{ after: 0, day: 3, particular: 'Booking', amount: 119500, mode: 'Cash' }],
    },
  ],
];

export interface SeededProject {
  projectId: number;
  plots: { id: number; name: string }[];
  partners: { id: number; name: string }[];
}

interface PlannedLine {
  particular: Particular;
  amount: number;
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
function modeDetail(mode: Mode, serial: number, date: string): string | null {
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
      lines: [{ particular: p.particular, amount: p.amount }],
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

const PAYOUT_PLAN: { monthsAgo: number; day: number; part: number; mode: Mode & PayoutMode; note: string }[] = [
  { monthsAgo: 9, day: 28, part: 0.2, mode: 'RTGS', note: 'Share of plot sale collections' },
  { monthsAgo: 5, day: 7, part: 0.15, mode: 'Cheque', note: 'Share of EMI receipts' },
  { monthsAgo: 1, day: 20, part: 0.1, mode: 'Bank Transfer', note: 'Quarterly settlement' },
];

interface ReceiptToWrite {
  projectId: number;
  plotId: number;
  saleId: number;
  date: string;
  status: ReceiptStatus;
  lines: CreatePayment['payments'];
}

/**
 * Checks a sale's receipts, oldest first, by the rule savePayment enforces (docs/design.md §7): no receipt that is not
 * Cancelled may be more than the pending balance, so no sale is ever paid above its amount. Also keeps every
 * Pending receipt clearable: Completed + Pending never exceed the sale amount.
 */
function checkLedger(salePaise: number, receipts: readonly ReceiptToWrite[]): void {
  let completed = 0;
  let pending = 0;
  for (const receipt of receipts) {
    const total = sumPaise(receipt.lines.map((l) => toPaise(l.amount)));
    if (receipt.status === 'Cancelled') continue;
    if (overpaymentPaise(salePaise, completed + pending, total) > 0) {
      throw new Error(`Demo seed: a receipt of plot ${receipt.plotId} would overpay its sale`);
    }
    if (receipt.status === 'Completed') completed += total;
    else pending += total;
  }
}

/**
 * Writes the receipts in two statements (all receipts, then all lines), oldest first so ids follow the dates;
 * the tables' triggers keep each receipt's total and the month totals exactly as for a receipt saved on screen.
 * Recording them one by one through savePayment takes seconds on the embedded database at every first start.
 */
async function insertReceipts(tdb: TenantDb, receipts: ReceiptToWrite[], userId: number): Promise<void> {
  if (receipts.length === 0) return;
  const ordered = [...receipts].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const ids = await tdb
    .insertInto('receipts')
    .values(
      ordered.map((r) => ({
        project_id: r.projectId,
        plot_id: r.plotId,
        sale_id: r.saleId,
        status: r.status,
        created_by: userId,
        created_at: new Date(`${r.date}T11:00:00+05:30`),
      })),
    )
    .returning('id')
    .execute();
  await tdb
    .insertInto('receipt_lines')
    .values(
      ordered.flatMap((r, i) =>
        r.lines.map((line) => ({
          receipt_id: ids[i]?.id as number,
          particular: line.particular,
          line_date: line.date,
          mode: line.mode,
          mode_detail: line.modeDetail,
          credit_to: line.creditTo,
          mode_date: line.modeDate ?? line.date,
          amount_paise: toPaise(line.amount),
          partner_id: line.partnerId,
        })),
      ),
    )
    .execute();
}

interface SoldPlot {
  projectIndex: number;
  plan: SalePlan;
  saleId: number;
  plotId: number;
  saleDate: string;
  emiDate: string | null;
}

/**
 * The sales, stored as createSale stores them (saleRow, and buildSchedule for an EMI sale's schedule) with each
 * command parsed by the API's own schema, which checks the EMI date; every demo plot is unsold. Two statements
 * for all of them: the embedded database answers each statement slowly, and this runs at every first start.
 */
async function insertSales(
  tdb: TenantDb,
  projects: readonly SeededProject[],
  userId: number,
  today: string,
): Promise<SoldPlot[]> {
  const planned = projects.flatMap((project, projectIndex) =>
    (SALE_PLANS[projectIndex] ?? []).map((plan) => {
      const plot = project.plots.find((p) => p.name === plan.plot);
      if (!plot) throw new Error(`Demo seed: the project has no ${plan.plot}`);
      const saleDate = monthsAgo(today, plan.soldMonthsAgo, plan.soldDay);
      const firstDay = String(Math.min(28, plan.soldDay)).padStart(2, '0');
      const emiDate = plan.emi ? addMonths(`${today.slice(0, 8)}${firstDay}`, 1 - plan.soldMonthsAgo) : null;
      const command = createSaleSchema.parse({
        projectId: project.projectId,
        plotId: plot.id,
        saleDate,
        saleAmount: plan.amount,
        paymentType: plan.emi ? 'EMI' : 'Cash',
        advanceAmount: plan.emi?.advance ?? 0,
        visarpawatiAmount: plan.emi?.visarpawati ?? 0,
        emiDuration: plan.emi?.months ?? null,
        emiDate,
        buyerName: plan.buyer,
        buyerMobile: `+91 ${plan.mobile}`,
      });
      return { projectIndex, plan, plotId: plot.id, saleDate, emiDate, row: saleRow(command, saleDate) };
    }),
  );
  const inserted = await tdb
    .insertInto('sales')
    .values(
      planned.map(({ row }) => ({
        project_id: row.projectId,
        plot_id: row.plotId,
        sale_date: row.saleDate,
        sale_amount_paise: row.salePaise,
        payment_type: row.paymentType,
        advance_amount_paise: row.advancePaise,
        visarpawati_amount_paise: row.visarpawatiPaise,
        emi_total_paise: row.emiTotalPaise,
        emi_duration: row.emiDuration,
        monthly_amount_paise: row.monthlyPaise,
        emi_date: row.emiDate,
        buyer_name: row.buyerName,
        buyer_mobile: row.buyerMobile,
        created_by: userId,
      })),
    )
    .returning(['id', 'plot_id'])
    .execute();
  const saleOf = new Map(inserted.map((r) => [r.plot_id, r.id]));
  const sold = planned.map(({ row, ...rest }) => ({ ...rest, saleId: saleOf.get(row.plotId) as number }));
  const installments = planned.flatMap(({ row }) =>
    row.emiDate
      ? buildSchedule(
          {
            salePaise: row.salePaise,
            advancePaise: row.advancePaise,
            visarpawatiPaise: row.visarpawatiPaise,
            durationMonths: row.emiDuration ?? 0,
          },
          row.emiDate,
        ).map((i) => ({
          sale_id: saleOf.get(row.plotId) as number,
          installment_no: i.installmentNo,
          due_date: i.dueDate,
          amount_paise: i.amountPaise,
        }))
      : [],
  );
  await tdb.insertInto('emi_installments').values(installments).execute();
  return sold;
}

export async function seedSales(
  tdb: TenantDb,
  projects: SeededProject[],
  options: { userId: number; today: string },
): Promise<void> {
  const { userId, today } = options;
  let serial = 1;
  const sold = await insertSales(tdb, projects, userId, today);

  const receipts: ReceiptToWrite[] = [];
  for (const [index, project] of projects.entries()) {
    // Each partner's profit share is fixed by the sales; it weighs whom the money is handed to.
    const summary = answerOf(partnerSummaryListSchema, await getPartnersSummary(tdb, project.projectId));
    const credit = new PartnerCredit(summary.map((p) => ({ id: p.partnerId, name: p.partnerName, weight: p.total })));
    for (const { plan, saleId, plotId, saleDate, emiDate } of sold.filter((s) => s.projectIndex === index)) {
      const ofSale: ReceiptToWrite[] = [];
      for (const receipt of plannedReceipts(plan, saleDate, emiDate, today)) {
        if (receipt.date > today) continue;
        const payments = receipt.lines.map((line) => {
          const partner = credit.next(receipt.status === 'Completed' ? line.amount : 0);
          return {
            particular: line.particular,
            date: receipt.date,
            mode: receipt.mode,
            modeDetail: modeDetail(receipt.mode, serial++, receipt.date),
            creditTo: partner.name,
            modeDate: receipt.date,
            amount: line.amount,
            partnerId: partner.id,
          };
        });
        // Parsed by the API's own schema, as POST /api/payment would; a bounced cheque ends Cancelled.
        const input = createPaymentSchema.parse({
          projectId: project.projectId,
          plotId,
          status: receipt.status === 'Bounced' ? 'Cancelled' : receipt.status,
          payments,
        });
        ofSale.push({
          projectId: input.projectId,
          plotId: input.plotId,
          saleId,
          date: receipt.date,
          status: input.status,
          lines: input.payments,
        });
      }
      checkLedger(toPaise(plan.amount), ofSale);
      receipts.push(...ofSale);
    }
  }
  await insertReceipts(tdb, receipts, userId);

  // Registered through the service, which refuses a plot that the receipts above did not pay in full.
  for (const { plan, plotId } of sold) {
    if (!plan.registered) continue;
    const r = plan.registered;
    const date = monthsAgo(today, r.monthsAgo, r.day);
    await registerPlot(
      tdb,
      registrationInputSchema.parse({
        plotId,
        registrationOffice: r.office,
        registrationDate: date,
        documentNo: `${r.documentNo}/${date.slice(0, 4)}`,
      }),
      userId,
    );
  }

  // Payouts: each partner of the project is paid part of what they are due, a few times a year once plots sell
  // (only the project's own partners, as recordPayout requires).
  const payouts: PayoutCommand[] = [];
  for (const [index, project] of projects.entries()) {
    const firstSale =
      sold
        .filter((s) => s.projectIndex === index)
        .map((s) => s.saleDate)
        .sort()[0] ?? today;
    const due = answerOf(partnerSummaryListSchema, await getPartnersSummary(tdb, project.projectId));
    for (const step of PAYOUT_PLAN) {
      const date = monthsAgo(today, step.monthsAgo, step.day);
      if (date <= firstSale) continue;
      for (const partner of due) {
        const amount = Math.floor((partner.due * step.part) / 1000) * 1000;
        if (amount <= 0) continue;
        payouts.push(
          payoutInputSchema.parse({
            projectId: project.projectId,
            partnerId: partner.partnerId,
            date,
            mode: step.mode,
            modeDetail: modeDetail(step.mode, serial++, date),
            amount,
            note: step.note,
          }),
        );
      }
    }
  }
  if (payouts.length > 0) {
    await tdb
      .insertInto('partner_payouts')
      .values(
        payouts.map((p) => ({
          project_id: p.projectId,
          partner_id: p.partnerId,
          payout_date: p.date,
          mode: p.mode,
          mode_detail: p.modeDetail,
          amount_paise: toPaise(p.amount),
          note: p.note,
          created_by: userId,
        })),
      )
      .execute();
  }
}
