/**
 * Money is integer paise everywhere inside Plotbook; the API speaks rupees with at most two decimals.
 * These conversions are the only place where a rupee number becomes paise and back.
 */
export type Paise = number;

/** Rupees (at most 2 decimals) to integer paise, without float drift: 0.1 + 0.2 style errors are rounded away. */
export function toPaise(rupees: number): Paise {
  if (!Number.isFinite(rupees)) throw new RangeError('Amount must be a finite number');
  return Math.round(rupees * 100);
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
  return total;
}

/** Sums rupee amounts exactly (through paise) and answers rupees: 0.1 + 0.2 is 0.3 here. */
export function sumRupees(values: readonly number[]): number {
  let paise = 0;
  for (const v of values) paise += toPaise(v);
  return toRupees(paise);
}

/** Splits `total` paise into `parts` integers that add up exactly to `total`, largest remainder last. */
export function splitEvenly(total: Paise, parts: number): Paise[] {
  if (parts <= 0) return [];
  const each = Math.round(total / parts);
  const result = Array.from({ length: parts }, () => each);
  result[parts - 1] = total - each * (parts - 1);
  return result;
}
