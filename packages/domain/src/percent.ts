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
