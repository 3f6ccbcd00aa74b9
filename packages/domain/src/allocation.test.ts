import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allocateByArea,
  allocatePlotCosts,
  largestRemainder,
  marginPercent,
  percentagesOf,
  profitFigures,
  shareByArea,
  sharedCostByPlot,
} from './allocation.js';
import { paise } from './money.js';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

describe('largest-remainder allocation', () => {
  it('spreads by area share and gives the left-over paise to the largest remainders', () => {
    // ₹ 1,000.00 = 100000 paise over 1200, 1500 and 1800 sq ft (Σ 4500):
    //   100000 × 1200 / 4500 = 26666.67 → 26666 (remainder .67)
    //   100000 × 1500 / 4500 = 33333.33 → 33333 (remainder .33)
    //   100000 × 1800 / 4500 = 40000     → 40000
    // 99999 allocated, 1 paisa left: it goes to the largest remainder (the first plot).
    expect(allocateByArea(paise(100_000), [1200, 1500, 1800])).toEqual([26667, 33333, 40000]);
  });

  it('breaks ties on remainders in plot order', () => {
    // 10 paise over three equal plots: 3 each, 1 left; equal remainders, so the first plot takes it.
    expect(allocateByArea(paise(10), [500, 500, 500])).toEqual([4, 3, 3]);
    // 11 paise: 2 left, to the first two.
    expect(allocateByArea(paise(11), [500, 500, 500])).toEqual([4, 4, 3]);
  });

  it('works on areas with decimals (as hundredths of a sq ft)', () => {
    // 1000 paise over 0.01 and 0.02 sq ft (1 and 2 hundredths): 333.33 → 333 and 666.67 → 666, 1 left to
    // the second (remainder .67 beats .33).
    expect(allocateByArea(paise(1000), [0.01, 0.02])).toEqual([333, 667]);
  });

  it('allocates nothing with no area and nothing to allocate', () => {
    expect(allocateByArea(paise(500), [0, 0])).toEqual([0, 0]);
    expect(allocateByArea(paise(0), [100, 200])).toEqual([0, 0]);
    expect(allocateByArea(paise(500), [])).toEqual([]);
  });

  it('stays exact where total × area passes 2^53', () => {
    // ₹ 10 lakh crore over two plots of 1e9 and 2e9 sq ft: thirds of 1e15 paise.
    const shares = allocateByArea(paise(1e15), [1e9, 2e9]);
    expect(shares).toEqual([333_333_333_333_333, 666_666_666_666_667]);
    expect(sum(shares)).toBe(1e15);
  });

  it('always adds up exactly to the total, and no share is off its exact value by a paisa or more', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e13 }),
        fc.array(fc.integer({ min: 0, max: 1e9 }), { minLength: 1, maxLength: 40 }),
        (total, areaHundredths) => {
          const areas = areaHundredths.map((h) => h / 100);
          const shares = allocateByArea(paise(total), areas);
          const weightSum = sum(areaHundredths);
          if (weightSum === 0) return shares.every((s) => s === 0);
          expect(sum(shares)).toBe(total);
          shares.forEach((share, i) => {
            const exact = (total * (areaHundredths[i] as number)) / weightSum;
            expect(Math.abs(share - exact)).toBeLessThan(1.0001);
          });
          return true;
        },
      ),
    );
  });

  it('takes integer weights directly', () => {
    expect(largestRemainder(7, [1n, 1n])).toEqual([4, 3]);
  });

  it('gives the same parts in doubles as in BigInt, up to and past 2^53', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e13 })),
        fc.array(fc.oneof(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1e9 })), {
          minLength: 1,
          maxLength: 60,
        }),
        (total, weights) => {
          expect(largestRemainder(total, weights)).toEqual(largestRemainder(total, weights.map(BigInt)));
          return true;
        },
      ),
    );
  });

  it('gives nothing to anyone when no weight is above 0, and a unit to the first on a small total', () => {
    expect(largestRemainder(5, [0, 0])).toEqual([0, 0]);
    expect(largestRemainder(1, [1, 1, 1])).toEqual([1, 0, 0]);
  });
});

describe('one plot’s share', () => {
  it('is that plot’s part of the whole allocation', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 1e13 })),
        fc.array(
          fc.integer({ min: 1, max: 1_000_000_00 }).map((h) => h / 100),
          { minLength: 1, maxLength: 60 },
        ),
        fc.nat(),
        (total, areas, pick) => {
          const index = pick % areas.length;
          expect(shareByArea(paise(total), areas, index)).toBe(allocateByArea(paise(total), areas)[index]);
          return true;
        },
      ),
    );
  });

  it('breaks a tie of remainders in favour of the earlier plot', () => {
    // 1 paisa over three equal plots: the first gets it.
    expect([0, 1, 2].map((i) => shareByArea(paise(1), [10, 10, 10], i))).toEqual([1, 0, 0]);
  });
});

describe('plot costs', () => {
  it('spreads each pool by area and adds the plot’s own charges', () => {
    // Plots A 1000 sq ft, B 3000 sq ft (Σ 4000). Land ₹ 1,00,001.00 (10000100 paise):
    //   A 10000100 × 1000 / 4000 = 2500025, B 7500075. Road Rate (per_project) 3 paise: A 0.75 → 0, B 2.25 → 2,
    //   1 left: A's remainder .75 beats B's .25, so A 1, B 2. B also has a Marking Pole of 500 paise of its own.
    const [a, b] = allocatePlotCosts(
      [
        { label: 'Land Purchase', paise: paise(10_000_100) },
        { label: 'Road Rate', paise: paise(3) },
      ],
      [
        { plotId: 1, area: 1000, direct: [] },
        { plotId: 2, area: 3000, direct: [{ label: 'Marking Pole', paise: paise(500) }] },
      ],
    );
    expect(a).toEqual({
      plotId: 1,
      items: [
        { label: 'Land Purchase', paise: paise(2_500_025) },
        { label: 'Road Rate', paise: paise(1) },
      ],
      totalPaise: 2_500_026,
    });
    expect(b).toEqual({
      plotId: 2,
      items: [
        { label: 'Land Purchase', paise: paise(7_500_075) },
        { label: 'Road Rate', paise: paise(2) },
        { label: 'Marking Pole', paise: paise(500) },
      ],
      totalPaise: 7_500_577,
    });
  });

  it('merges a direct charge with a pool of the same label and leaves out zero items', () => {
    const [only] = allocatePlotCosts(
      [
        { label: 'Road Rate', paise: paise(100) },
        { label: 'Advertisement', paise: paise(0) },
      ],
      [{ plotId: 9, area: 10, direct: [{ label: 'Road Rate', paise: paise(50) }] }],
    );
    expect(only?.items).toEqual([{ label: 'Road Rate', paise: paise(150) }]);
  });

  it('makes the plots’ costs add up exactly to the project’s cost', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ area: fc.integer({ min: 1, max: 1e7 }), direct: fc.integer({ min: 0, max: 1e9 }) }), {
          minLength: 1,
          maxLength: 30,
        }),
        (poolAmounts, plots) => {
          const pools = poolAmounts.map((amount, i) => ({ label: `Pool ${i}`, paise: paise(amount) }));
          const costs = allocatePlotCosts(
            pools,
            plots.map((p, i) => ({
              plotId: i,
              area: p.area / 100,
              direct: [{ label: 'Direct', paise: paise(p.direct) }],
            })),
          );
          const projectCost = sum(poolAmounts) + sum(plots.map((p) => p.direct));
          expect(sum(costs.map((c) => c.totalPaise))).toBe(projectCost);
        },
      ),
    );
  });
});

describe('shared cost by plot', () => {
  it('is each plot’s shared part of allocatePlotCosts, summed over the pools (the Plot Wise report’s column)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 1e12 }), { maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 30 }),
        (poolAmounts, hundredths) => {
          const areas = hundredths.map((h) => h / 100);
          const pools = poolAmounts.map((amount, i) => ({ label: `Pool ${i}`, paise: paise(amount) }));
          const plots = areas.map((area, plotId) => ({ plotId, area, direct: [] }));
          const expected = allocatePlotCosts(pools, plots).map((c) => c.totalPaise);
          expect(sharedCostByPlot(poolAmounts.map(paise), areas)).toEqual(expected);
        },
      ),
    );
  });

  it('spreads ₹ 1,00,000.01 of land over 12.5 and 37.5 sq ft plots by area, to the paisa', () => {
    expect(sharedCostByPlot([paise(100_000_01)], [12.5, 37.5])).toEqual([25_000_00, 75_000_01]);
  });
});

describe('profit figures', () => {
  it('works out profit, margin, pending and total', () => {
    // Cost ₹ 3,00,000, sold for ₹ 4,00,000, ₹ 1,50,000 received:
    //   profit 1,00,000; margin 1,00,000 / 4,00,000 = 25 %; pending 2,50,000; total 3,00,000 + 1,00,000.
    expect(
      profitFigures({ costPaise: paise(300_000_00), salePaise: paise(400_000_00), receivedPaise: paise(150_000_00) }),
    ).toEqual({
      investmentPaise: 300_000_00,
      salePaise: 400_000_00,
      profitPaise: 100_000_00,
      marginPercent: 25,
      receivedPaise: 150_000_00,
      pendingPaise: 250_000_00,
      totalPaise: 400_000_00,
    });
  });

  it('counts the forfeited part of cancellations and transfer fees in the profit, and only the fees as pending', () => {
    // Sold ₹ 4,00,000 + ₹ 50,000 transfer fee, ₹ 1,50,000 received on it, ₹ 25,000 kept on a cancellation: the
    // profit counts all three; pending is 4,50,000 − 1,50,000 (the ₹ 25,000 kept is held, owed by no one).
    const figures = profitFigures({
      costPaise: paise(300_000_00),
      salePaise: paise(400_000_00),
      receivedPaise: paise(150_000_00),
      transferFeePaise: paise(50_000_00),
      forfeitedPaise: paise(25_000_00),
    });
    expect(figures).toMatchObject({ profitPaise: 175_000_00, pendingPaise: 300_000_00 });
  });

  it('has a 0 margin with no sales and a negative one at a loss', () => {
    expect(profitFigures({ costPaise: paise(500), salePaise: paise(0), receivedPaise: paise(0) }).marginPercent).toBe(
      0,
    );
    // −100 / 300 × 100 = −33.333… → −33.33
    expect(marginPercent(paise(-100), paise(300))).toBe(-33.33);
  });

  it('rounds the margin half away from zero on hundredths of a percent', () => {
    // 1 / 8 × 100 = 12.5 exactly; 1 / 3 × 100 = 33.333…; 2 / 3 × 100 = 66.666… → 66.67; 1 / 80000 → 0.00125 → 0
    expect(marginPercent(paise(1), paise(8))).toBe(12.5);
    expect(marginPercent(paise(1), paise(3))).toBe(33.33);
    expect(marginPercent(paise(2), paise(3))).toBe(66.67);
    expect(marginPercent(paise(1), paise(80_000))).toBe(0);
    expect(Object.is(marginPercent(paise(-1), paise(80_000)), 0)).toBe(true);
    // 1 / 1600 × 100 = 0.0625 → 0.06; 1 / 16 × 100 = 6.25
    expect(marginPercent(paise(1), paise(1600))).toBe(0.06);
    // 0.005 % exactly (1 / 20000) rounds up to 0.01
    expect(marginPercent(paise(1), paise(20_000))).toBe(0.01);
  });

  it('gives percentages that add up to exactly 100', () => {
    // 1 : 1 : 1 → 33.33, 33.33, 33.33 with 0.01 left to the first.
    expect(percentagesOf([paise(100), paise(100), paise(100)])).toEqual([33.34, 33.33, 33.33]);
    expect(percentagesOf([paise(0), paise(0)])).toEqual([0, 0]);
    expect(percentagesOf([paise(250), paise(750)])).toEqual([25, 75]);
  });
});
