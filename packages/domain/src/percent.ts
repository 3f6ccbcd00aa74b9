/** Adds percentages of at most two decimals exactly (in hundredths of a percent): 33.33 + 33.33 + 33.34 is 100. */
export function sumPercent(values: readonly number[]): number {
  let hundredths = 0;
  for (const v of values) hundredths += Math.round(v * 100);
  return hundredths / 100;
}
