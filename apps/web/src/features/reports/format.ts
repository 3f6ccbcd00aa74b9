import { formatWholeRupees, REPORT_TIME_ZONE } from '@plotbook/domain';

/** Project-wise and receipt reports (spec 001 §9): `₹ ` and the amount rounded to whole rupees, floored at 0. */
export const rupeesFloored = (rupees: number): string => `₹ ${formatWholeRupees(Math.max(0, rupees))}`;

/** Plot-wise, month-wise and partner reports (spec 001 §9): the amount rounded, Indian grouping, no symbol. */
export const wholeRupees = (rupees: number): string => {
  const text = formatWholeRupees(rupees);
  return text === '-0' ? '0' : text;
};

const monthFormat = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** `2026-01` → `Jan 2026` (the contract's month format). */
export function formatMonth(month: string | null | undefined): string {
  const match = month ? /^(\d{4})-(\d{2})$/.exec(month) : null;
  if (!match) return month || '-';
  return monthFormat.format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

const indiaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: REPORT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** An ISO date-time → its calendar day in India (`YYYY-MM-DD`), the day the report's date filters use. */
export function dayInIndia(dateTime: string | null | undefined): string | null {
  if (!dateTime) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(dateTime)) return dateTime;
  const date = new Date(dateTime);
  return Number.isNaN(date.getTime()) ? null : indiaDay.format(date);
}
