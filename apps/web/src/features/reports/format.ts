import { formatWholeRupees } from '@plotbook/domain';

/** Project-wise and receipt reports (spec 001 §9): `₹ ` and the amount rounded to whole rupees, floored at 0. */
export const rupeesFloored = (rupees: number): string => `₹ ${formatWholeRupees(Math.max(0, rupees))}`;

/** Plot-wise, month-wise and partner reports (spec 001 §9): the amount rounded, Indian grouping, no symbol. */
export const wholeRupees = (rupees: number): string => {
  const text = formatWholeRupees(rupees);
  return text === '-0' ? '0' : text;
};

/** `2026-10` → `10/2026`, the month of a month-wise row as the rest of the app writes dates. */
export function formatMonth(month: string | null | undefined): string {
  if (!month) return '-';
  const match = /^(\d{4})-(\d{2})/.exec(month);
  return match ? `${match[2]}/${match[1]}` : month;
}
