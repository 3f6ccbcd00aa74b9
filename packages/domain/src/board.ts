import type { Facing, PlotBoardState } from './constants.js';
import { type Paise, paise } from './money.js';

/** What decides a plot's state on the board (issue 21). */
export interface PlotFacts {
  /** The plot has an active sale. */
  sold: boolean;
  /** The active sale is fully paid (received ≥ what the buyer owes). */
  fullyPaid: boolean;
  /** The plot is registered to its buyer. */
  registered: boolean;
  /** A sale of the plot was cancelled. */
  hadCancelledSale: boolean;
  /** A hold of the plot is live (not ended, `held_until` in the future). */
  held: boolean;
}

/**
 * A plot's state on the board: registered, fully paid and sold follow its active sale; a plot with none is on hold
 * while a hold is live, else available again after a cancelled sale, else available.
 */
export function plotBoardState(plot: PlotFacts): PlotBoardState {
  if (plot.sold) return plot.registered ? 'registered' : plot.fullyPaid ? 'paid' : 'sold';
  if (plot.held) return 'held';
  return plot.hadCancelledSale ? 'resale' : 'available';
}

/** A hold is live while not ended and its end is after `now`: expiry is read from the time alone. */
export const isHoldLive = (hold: { endedAt: Date | null; heldUntil: Date }, now: Date) =>
  hold.endedAt === null && hold.heldUntil.getTime() > now.getTime();

/**
 * The price a sale of the plot starts from: its list price, else its list rate per sq ft × its size (rounded to the
 * paisa), else none.
 */
export function plotListPricePaise(plot: {
  listPricePaise: Paise | null;
  listRatePaise: Paise | null;
  size: number;
}): Paise | null {
  if (plot.listPricePaise !== null) return plot.listPricePaise;
  if (plot.listRatePaise === null) return null;
  return paise(Math.round(plot.listRatePaise * plot.size));
}

/** The board's legend: each state's count and area (sq ft) over the plots shown. */
export function boardLegend(plots: readonly { state: PlotBoardState; size: number }[]) {
  const legend = new Map<PlotBoardState, { count: number; area: number }>();
  for (const plot of plots) {
    const entry = legend.get(plot.state) ?? { count: 0, area: 0 };
    entry.count += 1;
    entry.area = Math.round((entry.area + plot.size) * 1000) / 1000;
    legend.set(plot.state, entry);
  }
  return legend;
}

/** How a facing is said in full (`NE` → North-east). */
export const FACING_LABELS: Readonly<Record<Facing, string>> = {
  N: 'North',
  NE: 'North-east',
  E: 'East',
  SE: 'South-east',
  S: 'South',
  SW: 'South-west',
  W: 'West',
  NW: 'North-west',
};
