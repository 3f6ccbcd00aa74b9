const inrFormat = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const intFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/** `₹ 12,34,567.89` from rupees; a negative amount reads `-₹ 14,54,905.47` (the sign before the symbol). */
export function formatRupees(rupees: number | null | undefined): string {
  const value = rupees ?? 0;
  // Rounds first so -0.004 is `₹ 0.00`, not `-₹ 0.00`.
  const text = inrFormat.format(Math.abs(value));
  return value < 0 && text !== '0.00' ? `-₹ ${text}` : `₹ ${text}`;
}

/** `85.70 %`: a percentage always with two decimals, the way every screen shows shares and margins. */
export function formatPercent(percent: number | null | undefined): string {
  return `${inrFormat.format(percent ?? 0)} %`;
}

/** `Plot 2` for a plot named `2`; a name that already starts with "Plot" (`Plot 2`) is kept as it is. */
export function plotLabel(plotName: string): string {
  return /^plot\b/i.test(plotName.trim()) ? plotName : `Plot ${plotName}`;
}

/** `12,34,568` — whole rupees with Indian grouping. */
export function formatWholeRupees(rupees: number | null | undefined): string {
  return intFormat.format(Math.round(rupees ?? 0));
}

export function formatNumber(value: number | null | undefined, decimals = 2): string {
  return new Intl.NumberFormat('en-IN', { maximumFractionDigits: decimals }).format(value ?? 0);
}

/** `YYYY-MM-DD` (or an ISO date-time) to `dd/mm/yyyy`; empty or invalid input gives `-`. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return '-';
  return `${match[3]}/${match[2]}/${match[1]}`;
}

/**
 * The dates of a record's lines as one text: `05/04/2026` when they agree, else the range from the earliest to
 * the latest, `01/04/2026 – 05/04/2026` (`YYYY-MM-DD` inputs; empty ones are skipped).
 */
export function formatDateRange(dates: readonly (string | null | undefined)[]): string {
  const known = dates.filter((d): d is string => Boolean(d)).sort();
  const first = known[0];
  const last = known.at(-1);
  if (!first || !last) return '-';
  return first.slice(0, 10) === last.slice(0, 10) ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`;
}

/** Today's date as `YYYY-MM-DD` in local time. */
export function todayIso(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

/**
 * A mobile number the one way every screen and export shows it: `+91 98220 66666`. Indian numbers are read with
 * or without `+91`, `91` or `0` in front and with any spaces, dashes or brackets (numbers saved before they were
 * normalised); a foreign number (`+44 7911 123456`) or anything else is shown as it was written, trimmed.
 */
export function formatMobile(mobile: string | null | undefined): string {
  const text = mobile?.trim() ?? '';
  const compact = text.replace(/[\s().-]/g, '');
  const indian = /^(?:\+91|91|0)?([1-9]\d{4})(\d{5})$/.exec(compact);
  return indian ? `+91 ${indian[1]} ${indian[2]}` : text;
}

/**
 * `1 development entry`, `11 development entries`, `1,200 plots`: a count with the noun that fits it.
 * `plural` defaults to `singular + 's'`; pass it for irregular nouns (`entry` → `entries`).
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return `${new Intl.NumberFormat('en-IN').format(count)} ${count === 1 ? singular : plural}`;
}
