import { maxPaise, minPaise, type Paise, paise, subPaise, ZERO_PAISE } from './money.js';

export interface EmiInput {
  salePaise: Paise;
  advancePaise: Paise;
  visarpawatiPaise: Paise;
  durationMonths: number;
}

/** EMI total = sale − advance − visarpawati, floored at 0. */
export function emiTotalPaise({ salePaise, advancePaise, visarpawatiPaise }: EmiInput): Paise {
  return maxPaise(ZERO_PAISE, subPaise(subPaise(salePaise, advancePaise), visarpawatiPaise));
}

/** Monthly = EMI total / duration rounded to the paisa; 0 with no duration. */
export function monthlyPaise(input: EmiInput): Paise {
  if (!input.durationMonths || input.durationMonths <= 0) return ZERO_PAISE;
  return paise(Math.round(emiTotalPaise(input) / input.durationMonths));
}

export interface Installment {
  installmentNo: number;
  dueDate: string;
  amountPaise: Paise;
}

/** Adds months to a `YYYY-MM-DD` date, clamping the day to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(isoDate: string, months: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The schedule of an EMI sale: installment i (0-based) is due emiDate + i months; every installment is the
 * monthly amount except the last, which takes the rounding remainder so the schedule sums to the EMI total.
 */
export function buildSchedule(input: EmiInput, emiDate: string): Installment[] {
  const n = input.durationMonths;
  if (!n || n <= 0) return [];
  const total = emiTotalPaise(input);
  let monthly = monthlyPaise(input);
  // Rounding up on tiny totals could leave the last installment negative; fall back to the floor then.
  if (monthly * (n - 1) > total) monthly = paise(Math.floor(total / n));
  return Array.from({ length: n }, (_, i) => ({
    installmentNo: i + 1,
    dueDate: addMonths(emiDate, i),
    amountPaise: i === n - 1 ? paise(total - monthly * (n - 1)) : monthly,
  }));
}

/** An EMI date may not fall before the month of the sale date. */
export function isEmiDateAllowed(emiDate: string, saleDate: string): boolean {
  return emiDate.slice(0, 7) >= saleDate.slice(0, 7);
}

/** Where an installment stands (docs/design.md §7): paid in full, paid in part, not yet due, or past due and not paid. */
export const INSTALLMENT_STATES = ['paid', 'part-paid', 'due', 'overdue'] as const;
export type InstallmentState = (typeof INSTALLMENT_STATES)[number];

export interface AllocatedInstallment extends Installment {
  paidPaise: Paise;
  state: InstallmentState;
}

/**
 * Spreads the money received on Installment lines over a schedule, oldest installment first, each with its
 * `installmentState` on `today`. Money beyond the schedule's total is left unallocated.
 */
export function allocateInstallments(
  schedule: readonly Installment[],
  paidPaise: Paise,
  today: string,
): AllocatedInstallment[] {
  let left = maxPaise(ZERO_PAISE, paidPaise);
  return [...schedule]
    .sort((a, b) => a.installmentNo - b.installmentNo)
    .map((installment) => {
      const paid = minPaise(left, installment.amountPaise);
      left = subPaise(left, paid);
      return { ...installment, paidPaise: paid, state: installmentState(installment, paid, today) };
    });
}

/**
 * Where an installment stands on `today` (`YYYY-MM-DD`) with `paidPaise` of it paid: paid in full; else overdue once
 * its due date is before today; else part-paid when some money reached it; else due.
 */
export function installmentState(
  installment: { dueDate: string; amountPaise: Paise },
  paidPaise: Paise,
  today: string,
): InstallmentState {
  if (paidPaise >= installment.amountPaise) return 'paid';
  if (installment.dueDate < today) return 'overdue';
  if (paidPaise > 0) return 'part-paid';
  return 'due';
}
