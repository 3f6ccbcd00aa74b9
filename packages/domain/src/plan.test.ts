import { describe, expect, it } from 'vitest';
import { matchPlanShapes, planKey, planValueIsUnsafe } from './plan.js';

describe('planKey', () => {
  it.each([
    ['Plot 07', '7'],
    ['plot-7', '7'],
    ['PLOT_NO_7', '7'],
    ['Plot No. 7', '7'],
    ['plot#7', '7'],
    ['7', '7'],
    ['007', '7'],
    ['A-12', 'a12'],
    ['a 12', 'a12'],
    ['Plot A_12', 'a12'],
    ['  Corner  Plot ', 'cornerplot'],
    ['Plotter', 'plotter'],
    ['0', '0'],
    ['', ''],
    [null, ''],
  ])('%s → %s', (text, key) => {
    expect(planKey(text)).toBe(key);
  });
});

describe('matchPlanShapes', () => {
  const plots = [
    { plotId: 1, plotName: 'Plot 1', plotNumber: '1' },
    { plotId: 2, plotName: 'Plot 2', plotNumber: null },
    { plotId: 3, plotName: 'A-12', plotNumber: '12' },
    { plotId: 4, plotName: 'Plot 4', plotNumber: '4' },
    { plotId: 5, plotName: 'Corner', plotNumber: '2' },
  ];

  it('finds a plot by data-plot, inkscape:label, id or title, each normalised', () => {
    const { shapePlots, unnamed } = matchPlanShapes(
      [{ dataPlot: 'plot-1' }, { label: 'PLOT 2' }, { id: 'a_12' }, { title: 'Plot No. 4' }, { id: 'road' }],
      plots,
    );
    expect(shapePlots.map((p) => p?.plotId ?? null)).toEqual([1, 2, 3, 4, null]);
    expect(unnamed.map((p) => p.plotId)).toEqual([5]);
  });

  it('tries data-plot, then the label, then the id, then the title: the first that names a plot wins', () => {
    const { shapePlots } = matchPlanShapes(
      [
        { dataPlot: '4', label: '1', id: 'plot-2', title: '12' },
        { dataPlot: 'nothing', label: 'nothing', id: 'plot-2', title: '12' },
        { id: 'path123', title: 'Plot 12' },
      ],
      plots,
    );
    expect(shapePlots.map((p) => p?.plotId ?? null)).toEqual([4, 2, 3]);
  });

  it("prefers a plot's name over another plot's number with the same key", () => {
    // "Plot 2" is plot 2's name and plot 5's number.
    const { shapePlots, unnamed } = matchPlanShapes([{ id: 'plot-2' }, { id: 'corner' }], plots);
    expect(shapePlots.map((p) => p?.plotId ?? null)).toEqual([2, 5]);
    expect(unnamed.map((p) => p.plotId)).toEqual([1, 3, 4]);
  });

  it('lets two shapes name one plot, and lists every plot when nothing matches', () => {
    expect(matchPlanShapes([{ id: 'plot-1' }, { label: '1' }], plots).shapePlots.map((p) => p?.plotId)).toEqual([1, 1]);
    expect(matchPlanShapes([], plots).unnamed).toHaveLength(5);
    expect(matchPlanShapes([{ id: '' }, { title: 'Plot' }], plots).shapePlots).toEqual([null, null]);
  });
});

describe('planValueIsUnsafe', () => {
  it.each([
    'url(http://evil.example/x.png)',
    'URL (#grad)',
    'javascript:alert(1)',
    'java\\73 cript:alert(1)',
    'expression(alert(1))',
    '@import "x.css"',
    'data:text/html,<script>',
    '</style><script>',
    '-moz-binding: url(x)',
  ])('refuses %s', (value) => {
    expect(planValueIsUnsafe(value)).toBe(true);
  });

  it.each(['#e6f4ea', 'M 0 0 L 10 10 Z', 'translate(10, 20) rotate(45)', '0 0 400 300', 'Noto Sans, sans-serif'])(
    'keeps %s',
    (value) => {
      expect(planValueIsUnsafe(value)).toBe(false);
    },
  );
});
