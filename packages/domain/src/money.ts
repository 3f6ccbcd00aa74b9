/**
 * Money is integer paise everywhere inside Plotbook; the API speaks rupees with at most two decimals.
 * These conversions are the only place where a rupee number becomes paise and back.
 */
export type Paise = number & { readonly __unit: 'paise' };

/**
 * An integer that is paise by origin (a test's literal, a database aggregate of paise): the one checked constructor.
 * The brand is erased at run time; `as Paise` appears only in this file (and the response schema's
 * `rupeesFromPaise`); a `*_paise` column is typed Paise by apps/server/src/db/types.ts.
 */
export function paise(n: number): Paise {
  if (!Number.isSafeInteger(n)) throw new RangeError(`Paise must be a safe integer, got ${n}`);
  return n as Paise;
}

/** The sum of amounts in paise (exact: integers below 2^53). */
export function addPaise(...values: readonly Paise[]): Paise {
  let total = 0;
  for (const v of values) total += v;
  return total as Paise;
}

/** a − b, in paise. */
export function subPaise(a: Paise, b: Paise): Paise {
  return (a - b) as Paise;
}

/** The smaller of two amounts. */
export function minPaise(a: Paise, b: Paise): Paise {
  return Math.min(a, b) as Paise;
}

/** The larger of two amounts. */
export function maxPaise(a: Paise, b: Paise): Paise {
  return Math.max(a, b) as Paise;
}

/** Zero paise. */
export const ZERO_PAISE = 0 as Paise;

/** Rupees (at most 2 decimals) to integer paise, without float drift: 0.1 + 0.2 style errors are rounded away. */
export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number');
  return Math.round(rupees * 100) as Paise;
}

export function toRupees(paise: Paise): number {
  return paise / 100;
}

/**
 * True when the number has no more than two decimals. Checked on the number's shortest decimal form (what
 * JSON carried), not with float arithmetic: `value * 100` drifts by more than any fixed epsilon above ₹13 crore.
 */
export function hasAtMostTwoDecimals(value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const [mantissa = '', exponent] = String(Math.abs(value)).split('e');
  const decimals = (mantissa.split('.')[1]?.length ?? 0) - Number(exponent ?? 0);
  return decimals <= 2;
}

export function sumPaise(values: readonly Paise[]): Paise {
  let total = 0;
  for (const v of values) total += v;
  return total as Paise;
}

/** Sums rupee amounts exactly (through paise) and answers rupees: 0.1 + 0.2 is 0.3 here. */
export function sumRupees(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += toPaise(v);
  return total / 100;
}

/** Splits `total` paise into `parts` integers that add up exactly to `total`, largest remainder last. */
export function splitEvenly(total: Paise, parts: number): Paise[] {
  if (parts <= 0) return [];
  const each = Math.round(total / parts) as Paise;
  const result = Array.from({ length: parts }, () => each);
  result[parts - 1] = (total - each * (parts - 1)) as Paise;
  return result;
}
