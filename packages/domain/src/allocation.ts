import type { Paise } from './money.js';

/**
 * Cost allocation (DESIGN §7) and the profit figures of Project Profile, in exact integer arithmetic.
 * Products like `total × area` can pass 2^53 for large projects, so shares are worked out with BigInt.
 */

/** Areas (sq ft, at most 2 decimals) as whole hundredths. */
const hundredths = (area: number) => BigInt(Math.round(area * 100));

/**
 * Splits `total` (a non-negative integer) over integer weights by the largest-remainder method: each part is
 * ⌊total × w / Σw⌋, and the units left over go one each to the parts with the largest remainders (earlier parts
 * first on a tie). The parts always add up exactly to `total`; with no weight at all, everything is 0.
 */
export function largestRemainder(total: number, weights: readonly bigint[]): number[] {
  const weightSum = weights.reduce((a, b) => a + b, 0n);
  if (weightSum <= 0n || total === 0) return weights.map(() => 0);
  const big = BigInt(total);
  const parts = weights.map((w) => (big * w) / weightSum);
  const remainders = weights.map((w, i) => ({ i, r: (big * w) % weightSum }));
  let left = big - parts.reduce((a, b) => a + b, 0n);
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
  return largestRemainder(totalPaise, areas.map(hundredths));
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
 * Each plot's cost (DESIGN §7): every shared pool (land cost, each per_project development particular) spread over
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
    const add = (label: string, paise: Paise) => byLabel.set(label, (byLabel.get(label) ?? 0) + paise);
    pools.forEach((pool, p) => {
      add(pool.label, shares[p]?.[index] ?? 0);
    });
    for (const charge of plot.direct) add(charge.label, charge.paise);
    const items = [...byLabel].filter(([, paise]) => paise !== 0).map(([label, paise]) => ({ label, paise }));
    return { plotId: plot.plotId, items, totalPaise: items.reduce((sum, item) => sum + item.paise, 0) };
  });
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

/** Profit figures of a project or a plot (DESIGN §7). */
export function profitFigures({ costPaise, salePaise, receivedPaise }: ProfitInput): ProfitFigures {
  const profitPaise = salePaise - costPaise;
  return {
    investmentPaise: costPaise,
    salePaise,
    profitPaise,
    marginPercent: marginPercent(profitPaise, salePaise),
    receivedPaise,
    pendingPaise: salePaise - receivedPaise,
    totalPaise: costPaise + profitPaise,
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
