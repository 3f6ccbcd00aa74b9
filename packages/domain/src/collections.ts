import { type Paise, paise } from './money.js';

/**
 * Collections (issue 22): how late an overdue installment is, its ageing bucket, the late-payment interest it
 * would carry, and the reminders' timing rules. Whether an installment is overdue at all is only
 * `installmentState` (emi.ts); these functions take installments it already called overdue.
 */

/** The ageing buckets of an overdue installment, by days late. */
export const AGEING_BUCKETS = ['1-30', '31-60', '61-90', '90+'] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];
export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  '1-30': '1–30 days',
  '31-60': '31–60 days',
  '61-90': '61–90 days',
  '90+': '90+ days',
};

const DAY_MS = 86_400_000;
/** India's offset from UTC (no daylight saving). */
const INDIA_OFFSET_MS = 330 * 60_000;

/** The calendar day (`YYYY-MM-DD`) in India at `now`. */
export function indiaDate(now: Date): string {
  return new Date(now.getTime() + INDIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Days an installment due on `dueDate` is late on `asOf`: 1 the day after its due date. */
export const daysLate = (dueDate: string, asOf: string) => Math.max(0, daysBetween(dueDate, asOf));

/** The bucket of an installment `days` late (1 or more). */
export function ageingBucket(days: number): AgeingBucket {
  if (days <= 30) return '1-30';
  if (days <= 60) return '31-60';
  if (days <= 90) return '61-90';
  return '90+';
}

/** The company's late-payment interest setting: off by default; a rate per annum after a grace period. */
export interface LateInterestSetting {
  enabled: boolean;
  /** Rate per annum in hundredths of a percent (1800 = 18 % p.a.). */
  rateHundredths: number;
  graceDays: number;
}

export const DEFAULT_LATE_INTEREST: LateInterestSetting = { enabled: false, rateHundredths: 1800, graceDays: 0 };

/**
 * The late-payment interest an installment carries on `asOf`: simple interest at the yearly rate on what is unpaid
 * of it, for the days late beyond the grace period (a 365-day year), rounded to the paisa. 0 when the setting is
 * off, nothing is unpaid, or it is still within the grace period. Shown on Collections; never added to the sale.
 */
export function lateInterestPaise(
  installment: { dueDate: string; unpaidPaise: Paise },
  asOf: string,
  setting: LateInterestSetting,
): Paise {
  if (!setting.enabled || installment.unpaidPaise <= 0 || setting.rateHundredths <= 0) return paise(0);
  const days = daysLate(installment.dueDate, asOf) - setting.graceDays;
  if (days <= 0) return paise(0);
  // In BigInt: paise × rate × days passes 2^53 for large amounts; rounded half up.
  const product = BigInt(installment.unpaidPaise) * BigInt(setting.rateHundredths) * BigInt(days);
  const divisor = 10_000n * 365n;
  return paise(Number((product * 2n + divisor) / (2n * divisor)));
}

/** At most one reminder per installment in this long (issue 22). */
export const REMINDER_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Whether an installment last reminded at `lastSentAt` (or never) may be reminded again at `now`. */
export function canRemindAgain(lastSentAt: Date | null, now: Date): boolean {
  return lastSentAt === null || now.getTime() - lastSentAt.getTime() >= REMINDER_INTERVAL_MS;
}

/** The company's automatic reminders: off by default; N days before a due date and N days after it. */
export interface AutoReminderSetting {
  enabled: boolean;
  daysBefore: number;
  daysAfter: number;
}

export const DEFAULT_AUTO_REMINDERS: AutoReminderSetting = { enabled: false, daysBefore: 3, daysAfter: 7 };

/** A reminder missed (the server was down that day) is still sent within this many days after its day. */
export const AUTO_REMINDER_CATCH_UP_DAYS = 7;

/**
 * Which automatic reminder an installment due on `dueDate` is in time for on `today`: 'before' from `daysBefore`
 * days before its due date until the day before it, 'after' from `daysAfter` days after it for a week (a day the
 * server missed is caught up; an old debt is not mailed the day the setting is turned on). A 0 turns that one off.
 * Each is sent once per installment; whether it is still unpaid or overdue is `installmentState`'s to say.
 */
export function autoReminderKind(
  dueDate: string,
  today: string,
  setting: AutoReminderSetting,
): 'before' | 'after' | null {
  if (!setting.enabled) return null;
  const untilDue = daysBetween(today, dueDate);
  if (setting.daysBefore > 0 && untilDue > 0 && untilDue <= setting.daysBefore) return 'before';
  const late = -untilDue;
  if (setting.daysAfter > 0 && late >= setting.daysAfter && late < setting.daysAfter + AUTO_REMINDER_CATCH_UP_DAYS)
    return 'after';
  return null;
}

/** The due dates an automatic run on `today` looks at: [from, before) (`YYYY-MM-DD`). */
export function autoReminderWindow(today: string, setting: AutoReminderSetting): { from: string; before: string } {
  const shift = (days: number) => new Date(Date.parse(`${today}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return { from: shift(-(setting.daysAfter + AUTO_REMINDER_CATCH_UP_DAYS)), before: shift(setting.daysBefore + 1) };
}

/** What sent a reminder: a clerk (manual) or the server, before or after the due date (the table's CHECK list). */
export const REMINDER_KINDS = ['manual', 'before', 'after'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
