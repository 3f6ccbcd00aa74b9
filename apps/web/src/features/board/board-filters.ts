import type { BoardPlotDto, Facing, PlotBoardState } from '@plotbook/domain';

/** What the board shows: states ticked (none = all), a size range in sq ft, facings (none = all), a search. */
export interface BoardFilters {
  states: readonly PlotBoardState[];
  minSize: number | null;
  maxSize: number | null;
  facings: readonly Facing[];
  search: string;
}

export const NO_FILTERS: BoardFilters = { states: [], minSize: null, maxSize: null, facings: [], search: '' };

export const hasFilters = (filters: BoardFilters) =>
  filters.states.length > 0 ||
  filters.minSize !== null ||
  filters.maxSize !== null ||
  filters.facings.length > 0 ||
  filters.search.trim() !== '';

/** Lower case, spaces squeezed, a leading "Plot " dropped: "plot  A-12" finds "A-12". */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^plot\s*/, '');

/** The search matches a plot's name or number, or the name or mobile of its buyer or of the buyer it is held for. */
function matchesSearch(plot: BoardPlotDto, needle: string): boolean {
  if (!needle) return true;
  const digits = needle.replace(/\D/g, '');
  const names = [plot.plotName, plot.plotNumber, plot.buyerName, plot.hold?.buyerName];
  if (names.some((name) => name && normalise(name).includes(needle))) return true;
  // A mobile typed in any spelling (98220 11111, +91…) finds the hold's buyer by its digits.
  const mobile = plot.hold?.buyerMobile?.replace(/\D/g, '');
  return digits.length >= 4 && mobile !== undefined && mobile.includes(digits.slice(-10));
}

/** The plots the filters keep, in the board's order. */
export function filterPlots(plots: readonly BoardPlotDto[], filters: BoardFilters): BoardPlotDto[] {
  const needle = normalise(filters.search);
  const states = new Set(filters.states);
  const facings = new Set(filters.facings);
  return plots.filter(
    (plot) =>
      (states.size === 0 || states.has(plot.state)) &&
      (filters.minSize === null || plot.size >= filters.minSize) &&
      (filters.maxSize === null || plot.size <= filters.maxSize) &&
      (facings.size === 0 || (plot.facing !== null && facings.has(plot.facing))) &&
      matchesSearch(plot, needle),
  );
}

export interface SectorGroup {
  /** The sector's name; null for plots with none. */
  sector: string | null;
  plots: BoardPlotDto[];
}

/**
 * The plots grouped by sector, each group in plot order and the groups in the order their first plot comes; the
 * plots without a sector come last.
 */
export function groupBySector(plots: readonly BoardPlotDto[]): SectorGroup[] {
  const groups = new Map<string | null, BoardPlotDto[]>();
  for (const plot of plots) {
    const sector = plot.sector?.trim() || null;
    const group = groups.get(sector);
    if (group) group.push(plot);
    else groups.set(sector, [plot]);
  }
  const named = [...groups].filter(([sector]) => sector !== null);
  const none = groups.get(null);
  return [
    ...named.map(([sector, list]) => ({ sector, plots: list })),
    ...(none ? [{ sector: null, plots: none }] : []),
  ];
}

/** The facings the project's plots have, in compass order, so the filter offers only those. */
export function facingsOf(plots: readonly BoardPlotDto[], order: readonly Facing[]): Facing[] {
  const present = new Set(plots.map((plot) => plot.facing));
  return order.filter((facing) => present.has(facing));
}

/**
 * Tiles in the first paint: a screenful and a half for this window (a tile is at least ~90 × 64 px), so the rest
 * come in below the fold right after; 40 to 240.
 */
export function firstPaintTiles(width: number, height: number): number {
  const screenful = Math.ceil(width / 90) * Math.ceil(height / 64);
  return Math.min(240, Math.max(40, Math.ceil(screenful * 1.5)));
}

/** The groups cut to the first `limit` plots, in order. */
export function firstPlots(groups: SectorGroup[], limit: number): SectorGroup[] {
  let left = limit;
  const cut: SectorGroup[] = [];
  for (const group of groups) {
    if (left <= 0) break;
    cut.push(group.plots.length <= left ? group : { ...group, plots: group.plots.slice(0, left) });
    left -= group.plots.length;
  }
  return cut;
}

/** Days left on a hold, rounded up: "2d"; under a day "<1d". */
export function holdDaysLeft(heldUntil: string, now: number): string {
  const days = (new Date(heldUntil).getTime() - now) / 86_400_000;
  return days < 1 ? '<1d' : `${Math.ceil(days)}d`;
}
