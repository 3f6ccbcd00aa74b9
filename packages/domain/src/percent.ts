/** A percentage of at most two decimals as an integer count of hundredths of a percent: 33.33 → 3333. */
export function percentHundredths(percent: number): number {
  return Math.round(percent * 100);
}

/** Adds percentages of at most two decimals exactly (in hundredths of a percent): 33.33 + 33.33 + 33.34 is 100. */
export function sumPercent(values: readonly number[]): number {
  let total = 0;
  for (const v of values) total += percentHundredths(v);
  return total / 100;
}

/**
 * `hundredths` / 100 % of `paise`, in whole paise, rounded half away from zero (so a loss splits like a profit).
 * Computed in BigInt: paise × 10 000 would pass 2^53 for amounts above ₹ 9 crore.
 */
export function percentOfPaise(paise: number, hundredths: number): number {
  const product = BigInt(paise) * BigInt(hundredths);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5000n) / 10000n;
  return Number(negative ? -rounded : rounded);
}
