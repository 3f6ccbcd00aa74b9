import { addPaise, type Paise, paise, subPaise, sumPaise, ZERO_PAISE } from './money.js';

/**
 * Cost allocation (docs/design.md §7) and the profit figures of Project Profile, in exact integer arithmetic.
 * Products like `total × area` can pass 2^53 for large projects, so shares are worked out with BigInt.
 */

/** Areas (sq ft, at most 2 decimals) as whole hundredths. */
const hundredths = (area: number) => Math.round(area * 100);

/**
 * Each part's floor share ⌊total × w / Σw⌋ and remainder, in doubles when every product stays within 2^53 (then
 * `%` and the division of an exact multiple are exact), else null: the caller works in BigInt. Doubles are ~10×
 * cheaper than BigInt on a project's few hundred plots (profile of Project Profile by plot).
 */
function floorShares(
  total: number,
  weights: readonly number[],
): { parts: number[]; remainders: number[]; weightSum: number } | null {
  let weightSum = 0;
  let largest = 0;
  for (const w of weights) {
    weightSum += w;
    if (w > largest) largest = w;
  }
  if (!Number.isSafeInteger(weightSum) || !Number.isSafeInteger(total * largest)) return null;
  const parts = new Array<number>(weights.length);
  const remainders = new Array<number>(weights.length);
  for (let i = 0; i < weights.length; i += 1) {
    const product = total * (weights[i] as number);
    const r = weightSum > 0 ? product % weightSum : 0;
    remainders[i] = r;
    parts[i] = weightSum > 0 ? (product - r) / weightSum : 0;
  }
  return { parts, remainders, weightSum };
}

/**
 * Splits `total` (a non-negative integer) over integer weights by the largest-remainder method: each part is
 * ⌊total × w / Σw⌋, and the units left over go one each to the parts with the largest remainders (earlier parts
 * first on a tie). The parts always add up exactly to `total`; with no weight at all, everything is 0.
 */
export function largestRemainder(total: number, weights: readonly bigint[] | readonly number[]): number[] {
  if (total === 0 || weights.length === 0) return weights.map(() => 0);
  const fast = typeof weights[0] === 'number' ? floorShares(total, weights as readonly number[]) : null;
  if (fast) {
    const { parts, remainders, weightSum } = fast;
    if (weightSum <= 0) return weights.map(() => 0);
    let left = total - parts.reduce((a, b) => a + b, 0);
    if (left > 0) {
      const order = parts.map((_, i) => i);
      order.sort((a, b) => (remainders[b] as number) - (remainders[a] as number) || a - b);
      for (const i of order) {
        if (left <= 0) break;
        parts[i] = (parts[i] as number) + 1;
        left -= 1;
      }
    }
    return parts;
  }
  const big = (weights as readonly (bigint | number)[]).map((w) => BigInt(w));
  const weightSum = big.reduce((a, b) => a + b, 0n);
  if (weightSum <= 0n) return weights.map(() => 0);
  const bigTotal = BigInt(total);
  const parts = big.map((w) => (bigTotal * w) / weightSum);
  const remainders = big.map((w, i) => ({ i, r: (bigTotal * w) % weightSum }));
  let left = bigTotal - parts.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left <= 0n) break;
    parts[i] = (parts[i] as bigint) + 1n;
    left -= 1n;
  }
  return parts.map(Number);
}

/** Spreads `totalPaise` over plots by area share; the shares add up exactly to `totalPaise`. */
export function allocateByArea(totalPaise: Paise, areas: readonly number[]): Paise[] {
  return largestRemainder(totalPaise, areas.map(hundredths)).map(paise);
}

/**
 * The one plot's part of `allocateByArea(totalPaise, areas)` (at `index`), without sorting every plot's remainder:
 * the plot gets its floor share plus one if fewer than the units left over rank before it.
 */
export function shareByArea(totalPaise: Paise, areas: readonly number[], index: number): Paise {
  const weights = areas.map(hundredths);
  const fast = totalPaise === 0 ? null : floorShares(totalPaise, weights);
  if (!fast) return allocateByArea(totalPaise, areas)[index] ?? ZERO_PAISE;
  const { parts, remainders, weightSum } = fast;
  if (weightSum <= 0) return ZERO_PAISE;
  const left = totalPaise - parts.reduce((a, b) => a + b, 0);
  const own = remainders[index] as number;
  let before = 0;
  for (let i = 0; i < remainders.length; i += 1) {
    const r = remainders[i] as number;
    if (r > own || (r === own && i < index)) before += 1;
  }
  return paise((parts[index] as number) + (before < left ? 1 : 0));
}

/** An amount under a label: a cost pool of the project, or a charge to one plot. */
export interface LabelledPaise {
  label: string;
  paise: Paise;
}

export interface PlotForAllocation {
  plotId: number;
  /** Plot size in sq ft. */
  area: number;
  /** Costs charged to this plot alone (per_plot and per_sqft development). */
  direct: readonly LabelledPaise[];
}

export interface AllocatedPlotCost {
  plotId: number;
  /** The plot's cost by label, in the order the labels first appear (pools first), zero amounts left out. */
  items: LabelledPaise[];
  totalPaise: Paise;
}

/**
 * Each plot's cost (docs/design.md §7): every shared pool (land cost, each per_project development particular) spread over
 * the project's plots by area share, plus the plot's own direct charges. Each pool is spread on its own, so for
 * every label the plots' amounts add up exactly to the project's.
 */
export function allocatePlotCosts(
  pools: readonly LabelledPaise[],
  plots: readonly PlotForAllocation[],
): AllocatedPlotCost[] {
  const areas = plots.map((p) => p.area);
  const shares = pools.map((pool) => allocateByArea(pool.paise, areas));
  return plots.map((plot, index) => {
    const byLabel = new Map<string, Paise>();
    const add = (label: string, amount: Paise) =>
      byLabel.set(label, addPaise(byLabel.get(label) ?? ZERO_PAISE, amount));
    pools.forEach((pool, p) => {
      add(pool.label, shares[p]?.[index] ?? ZERO_PAISE);
    });
    for (const charge of plot.direct) add(charge.label, charge.paise);
    const items = [...byLabel].filter(([, paise]) => paise !== 0).map(([label, paise]) => ({ label, paise }));
    return { plotId: plot.plotId, items, totalPaise: sumPaise(items.map((item) => item.paise)) };
  });
}

/**
 * Each plot's part of all the shared pools together (land cost and each per_project particular, every pool spread
 * on its own by area share): `allocatePlotCosts`' shared amounts summed per plot, for reports that show one cost
 * column; added up pool by pool, with no array per plot.
 */
export function sharedCostByPlot(pools: readonly Paise[], areas: readonly number[]): Paise[] {
  const shared = new Array<Paise>(areas.length).fill(ZERO_PAISE);
  for (const pool of pools) {
    allocateByArea(pool, areas).forEach((share, i) => {
      shared[i] = addPaise(shared[i] ?? ZERO_PAISE, share);
    });
  }
  return shared;
}

/**
 * Percentages (2 decimals) of each value in their sum, adding up to exactly 100 (largest remainder on hundredths
 * of a percent); all 0 when the sum is 0.
 */
export function percentagesOf(values: readonly Paise[]): number[] {
  return largestRemainder(10_000, values.map(BigInt)).map((h) => h / 100);
}

export interface ProfitInput {
  costPaise: Paise;
  salePaise: Paise;
  receivedPaise: Paise;
  /** Σ transfer fees charged on the sales (income, owed by the buyers; issue 20). */
  transferFeePaise?: Paise;
  /** Σ retained on cancelled sales: income, in the profit (issue 20). */
  forfeitedPaise?: Paise;
}

export interface ProfitFigures {
  investmentPaise: Paise;
  salePaise: Paise;
  profitPaise: Paise;
  /** profit / sale × 100, rounded half away from zero to 2 decimals; 0 when nothing is sold. */
  marginPercent: number;
  receivedPaise: Paise;
  pendingPaise: Paise;
  /** investment + profit (= the sale amount). */
  totalPaise: Paise;
}

/** Profit figures of a project or a plot (docs/design.md §7). */
export function profitFigures({
  costPaise,
  salePaise,
  receivedPaise,
  transferFeePaise,
  forfeitedPaise,
}: ProfitInput): ProfitFigures {
  const incomePaise = addPaise(salePaise, transferFeePaise ?? ZERO_PAISE, forfeitedPaise ?? ZERO_PAISE);
  const profitPaise = subPaise(incomePaise, costPaise);
  return {
    investmentPaise: costPaise,
    salePaise,
    profitPaise,
    marginPercent: marginPercent(profitPaise, incomePaise),
    receivedPaise,
    // What the buyers still owe: sales and transfer fees less what they paid. The forfeited part is money already
    // held (income, not owed), so it never counts as pending.
    pendingPaise: subPaise(addPaise(salePaise, transferFeePaise ?? ZERO_PAISE), receivedPaise),
    totalPaise: addPaise(costPaise, profitPaise),
  };
}

/** profit / sale × 100 to 2 decimals, half away from zero, computed on integers (hundredths of a percent). */
export function marginPercent(profitPaise: Paise, salePaise: Paise): number {
  if (salePaise <= 0) return 0;
  const scaled = BigInt(Math.abs(profitPaise)) * 10_000n;
  const sale = BigInt(salePaise);
  const rounded = (scaled * 2n + sale) / (sale * 2n);
  const value = Number(rounded) / 100;
  return profitPaise < 0 && value !== 0 ? -value : value;
}
