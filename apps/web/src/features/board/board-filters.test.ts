import { type BoardPlotDto, FACINGS } from '@plotbook/domain';
import { describe, expect, it } from 'vitest';
import {
  facingsOf,
  filterPlots,
  firstPaintTiles,
  firstPlots,
  groupBySector,
  hasFilters,
  holdDaysLeft,
  NO_FILTERS,
} from './board-filters';

const plot = (over: Partial<BoardPlotDto> & { plotId: number }): BoardPlotDto => ({
  plotName: `P-${over.plotId}`,
  plotNumber: null,
  size: 1000,
  sector: null,
  facing: null,
  corner: false,
  listRate: null,
  listPrice: null,
  state: 'available',
  saleId: null,
  buyerId: null,
  buyerName: null,
  overdue: false,
  hold: null,
  ...over,
});

const hold = (buyerName: string, buyerMobile: string | null) => ({
  holdId: 1,
  plotId: 3,
  buyerId: 9,
  buyerName,
  buyerMobile,
  heldUntil: '2026-12-01T10:00:00.000Z',
  heldBy: 2,
  heldByName: 'Kiran',
  note: null,
});

const PLOTS = [
  plot({ plotId: 1, plotName: 'A-1', sector: 'Phase A', size: 1200, facing: 'E' }),
  plot({
    plotId: 2,
    plotName: 'B-1',
    sector: 'Phase B',
    size: 1500,
    facing: 'N',
    state: 'sold',
    buyerName: 'Ravi Patil',
  }),
  plot({
    plotId: 3,
    plotName: 'A-2',
    sector: 'Phase A',
    size: 900,
    state: 'held',
    hold: hold('Sunita Deshmukh', '+91 98220 11111'),
  }),
  plot({ plotId: 4, plotName: 'Plot 7', plotNumber: '7', size: 2400, facing: 'NE', state: 'paid' }),
];
const ids = (plots: BoardPlotDto[]) => plots.map((p) => p.plotId);

describe('filterPlots', () => {
  it('keeps every plot with no filters', () => {
    expect(ids(filterPlots(PLOTS, NO_FILTERS))).toEqual([1, 2, 3, 4]);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });

  it('keeps the states ticked', () => {
    const filters = { ...NO_FILTERS, states: ['sold', 'held'] as const };
    expect(ids(filterPlots(PLOTS, filters))).toEqual([2, 3]);
    expect(hasFilters(filters)).toBe(true);
  });

  it('keeps sizes inside the range, both ends included', () => {
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, minSize: 1200, maxSize: 1500 }))).toEqual([1, 2]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, minSize: 2000 }))).toEqual([4]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, maxSize: 900 }))).toEqual([3]);
  });

  it('keeps the facings chosen and leaves out plots with no facing', () => {
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, facings: ['E', 'NE'] }))).toEqual([1, 4]);
  });

  it('searches plot names and numbers without case or a "Plot" prefix', () => {
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: 'a-' }))).toEqual([1, 3]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: 'plot  7' }))).toEqual([4]);
  });

  it("searches the sale's buyer and the held-for buyer by name and the hold's mobile by its digits", () => {
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: 'ravi' }))).toEqual([2]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: 'Sunita' }))).toEqual([3]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: '98220-11111' }))).toEqual([3]);
    expect(ids(filterPlots(PLOTS, { ...NO_FILTERS, search: 'nobody' }))).toEqual([]);
  });

  it('combines the filters', () => {
    const filters = { ...NO_FILTERS, states: ['available', 'held'] as const, search: 'A-', minSize: 1000 };
    expect(ids(filterPlots(PLOTS, filters))).toEqual([1]);
  });
});

describe('groupBySector', () => {
  it('groups in plot order, sectors in the order first met, plots without a sector last', () => {
    const groups = groupBySector(PLOTS);
    expect(groups.map((g) => [g.sector, ids(g.plots)])).toEqual([
      ['Phase A', [1, 3]],
      ['Phase B', [2]],
      [null, [4]],
    ]);
  });

  it('treats a blank sector as none', () => {
    expect(groupBySector([plot({ plotId: 1, sector: '  ' })]).map((g) => g.sector)).toEqual([null]);
    expect(groupBySector([])).toEqual([]);
  });
});

describe('facingsOf', () => {
  it('offers the facings present, in compass order', () => {
    expect(facingsOf(PLOTS, FACINGS)).toEqual(['N', 'NE', 'E']);
  });
});

describe('firstPlots', () => {
  it('cuts the groups to the first plots, in order, keeping whole groups while they fit', () => {
    const groups = groupBySector(PLOTS);
    expect(firstPlots(groups, 2).map((g) => [g.sector, ids(g.plots)])).toEqual([['Phase A', [1, 3]]]);
    expect(firstPlots(groups, 3).map((g) => [g.sector, ids(g.plots)])).toEqual([
      ['Phase A', [1, 3]],
      ['Phase B', [2]],
    ]);
    expect(firstPlots(groups, 1)[0]?.plots.map((p) => p.plotId)).toEqual([1]);
    expect(firstPlots(groups, 10)).toEqual(groups);
  });
});

describe('holdDaysLeft', () => {
  const now = Date.parse('2026-11-28T10:00:00.000Z');
  it('rounds the days left up, and says under a day below 24 hours', () => {
    expect(holdDaysLeft('2026-12-01T10:00:00.000Z', now)).toBe('3d');
    expect(holdDaysLeft('2026-11-30T11:00:00.000Z', now)).toBe('3d');
    expect(holdDaysLeft('2026-11-29T10:00:00.000Z', now)).toBe('1d');
    expect(holdDaysLeft('2026-11-29T09:59:00.000Z', now)).toBe('<1d');
  });
});

describe('firstPaintTiles', () => {
  it('paints a screenful and a half first, between 40 and 240 tiles', () => {
    expect(firstPaintTiles(390, 844)).toBe(105);
    expect(firstPaintTiles(1366, 650)).toBe(240);
    expect(firstPaintTiles(200, 200)).toBe(40);
  });
});
