import { type Paise, paise } from './money.js';

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
export function percentOfPaise(amount: Paise, hundredths: number): Paise {
  const product = BigInt(amount) * BigInt(hundredths);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const rounded = (magnitude + 5000n) / 10000n;
  return paise(Number(negative ? -rounded : rounded));
}

/** A partner's share in a project beside what the other partners hold, in percent (exact to hundredths). */
export interface ProjectShare {
  /** All the shares together, this one included. */
  total: number;
  /** What the other partners leave for this one. */
  available: number;
  /** What is left of the 100 % once this share is counted (0 when over). */
  left: number;
  /** The shares would pass 100 %. */
  isOver: boolean;
}

/** The rule that a project's shares add up to at most 100 %: `taken` by others, `share` asked for (null = none). */
export function projectShare(taken: number, share: number | null | undefined): ProjectShare {
  const takenHundredths = percentHundredths(taken);
  const total = takenHundredths + percentHundredths(share ?? 0);
  return {
    total: total / 100,
    available: Math.max(0, 10000 - takenHundredths) / 100,
    left: Math.max(0, 10000 - total) / 100,
    isOver: total > 10000,
  };
}

/** Why a share is refused (it would take the project's shares past 100 %), or null when it fits. */
export function shareOverMessage(projectName: string, taken: number, share: number | null | undefined): string | null {
  const check = projectShare(taken, share);
  if (!check.isOver) return null;
  return `Shares in ${projectName} would add up to ${check.total}%; they may not exceed 100%. At most ${check.available}% is left.`;
}
