import {
  addMonths,
  createSaleSchema,
  type PAYOUT_MODES,
  partnerSummaryListSchema,
  payoutInputSchema,
  registrationInputSchema,
  toPaise,
} from '@plotbook/domain';
import type { TenantDb } from '../db/tenancy.js';
import { answerOf } from '../lib/serializer.js';
import { insertPayouts, type PayoutRow } from '../modules/partner-payments/partner-payments.repository.js';
import { getPartnersSummary } from '../modules/partner-payments/partner-payments.service.js';
import { insertReceipts } from '../modules/receipts/receipts.repository.js';
import { registerPlot } from '../modules/registrations/registrations.service.js';
import { insertSales, insertSchedules } from '../modules/sales/sales.repository.js';
import { saleRow, saleSchedule } from '../modules/sales/sales.service.js';
import { storeDemoBuyers } from './demo-buyers.js';
import { monthsAgo } from './demo-dates.js';
import { demoReceipts, modeDetail, type SoldPlot } from './demo-receipts.js';
import { type Mode, SALE_PLANS } from './demo-sale-plans.js';

/**
 * The demo company's sales and the money that came in for them: cash and EMI sales with buyers (the plans are in
 * demo-sale-plans.ts), 18 months of receipts up to `today` (demo-receipts.ts), buyers behind on their EMIs,
 * registered plots, a fully paid plot still to register, and payouts to the partners.
 *
 * Every input is parsed by the API's own schemas and every row is stored by its table's repository, with what a
 * rule decides worked out by the services a clerk's screens use (saleRow and saleSchedule for a sale,
 * registerPlot, getPartnersSummary), so the rules hold: no receipt takes a sale above its amount, the schedule
 * sums to the EMI total, only fully paid plots are registered. The sales, receipts and payouts are written in
 * batches: the embedded database answers each statement slowly, and this runs at every first start.
 */

type PayoutMode = (typeof PAYOUT_MODES)[number];

export interface SeededProject {
  projectId: number;
  plots: { id: number; name: string }[];
  partners: { id: number; name: string }[];
}

const PAYOUT_PLAN: { monthsAgo: number; day: number; part: number; mode: Mode & PayoutMode; note: string }[] = [
  { monthsAgo: 9, day: 28, part: 0.2, mode: 'RTGS', note: 'Share of plot sale collections' },
  { monthsAgo: 5, day: 7, part: 0.15, mode: 'Cheque', note: 'Share of EMI receipts' },
  { monthsAgo: 1, day: 20, part: 0.1, mode: 'Bank Transfer', note: 'Quarterly settlement' },
];

/**
 * The sales, stored as createSale stores them (saleRow, and saleSchedule for an EMI sale's schedule) with each
 * command parsed by the API's own schema, which checks the EMI date; every demo plot is unsold.
 */
async function storeSales(
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
  const buyerIds = await storeDemoBuyers(
    tdb,
    planned.map((p) => p.plan),
    userId,
  );
  for (const p of planned) p.row.buyerId = buyerIds.get(p.plan.mobile) ?? null;
  const saleIds = await insertSales(
    tdb,
    planned.map((p) => p.row),
    userId,
  );
  await insertSchedules(
    tdb,
    planned.map(({ row }, i) => ({ saleId: saleIds[i] as number, schedule: saleSchedule(row) })),
  );
  return planned.map(({ row: _row, ...rest }, i) => ({ ...rest, saleId: saleIds[i] as number }));
}

/**
 * Payouts: each partner of a project is paid part of what they are due, a few times a year once plots sell (only
 * the project's own partners, as recordPayout requires).
 */
async function demoPayouts(
  tdb: TenantDb,
  projects: readonly SeededProject[],
  sold: readonly SoldPlot[],
  today: string,
  serial: () => number,
): Promise<PayoutRow[]> {
  const payouts: PayoutRow[] = [];
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
        const { amount: rupees, ...payout } = payoutInputSchema.parse({
          projectId: project.projectId,
          partnerId: partner.partnerId,
          date,
          mode: step.mode,
          modeDetail: modeDetail(step.mode, serial(), date),
          amount,
          note: step.note,
        });
        payouts.push({ ...payout, amountPaise: toPaise(rupees) });
      }
    }
  }
  return payouts;
}

export async function seedSales(
  tdb: TenantDb,
  projects: SeededProject[],
  options: { userId: number; today: string },
): Promise<void> {
  const { userId, today } = options;
  let count = 0;
  const serial = () => {
    count += 1;
    return count;
  };
  const sold = await storeSales(tdb, projects, userId, today);
  await insertReceipts(tdb, await demoReceipts(tdb, projects, sold, today, serial), userId);

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

  await insertPayouts(tdb, await demoPayouts(tdb, projects, sold, today, serial), userId);
}
