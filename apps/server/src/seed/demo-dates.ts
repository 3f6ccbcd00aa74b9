import { addMonths } from '@plotbook/domain';

/** Demo dates are relative to `today`, so the demo always looks current. */

/** A date `monthsAgo` months before today's month, on `day` (clamped to the month's end, and never after today). */
export function monthsAgo(today: string, months: number, day: number): string {
  const date = addMonths(`${today.slice(0, 8)}${String(day).padStart(2, '0')}`, -months);
  return date > today ? today : date;
}

export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
