import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paise } from './money.js';
import {
  overpaidPaise,
  overpaysPayouts,
  partnerFigures,
  partnersFigures,
  projectProfitPaise,
  reservedDuePaise,
} from './partner-figures.js';
import { percentHundredths, percentOfPaise } from './percent.js';

describe('percent', () => {
  it('reads shares as hundredths of a percent without float drift', () => {
    expect(percentHundredths(60)).toBe(6000);
    expect(percentHundredths(33.33)).toBe(3333);
    expect(percentHundredths(16.67)).toBe(1667);
    expect(percentHundredths(0.07)).toBe(7);
  });
  it('takes a percentage of paise, rounding half away from zero', () => {
    expect(percentOfPaise(paise(100_000), 6000)).toBe(60_000);
    // 1 001 paise × 33.33 % = 333.6333 → 334
    expect(percentOfPaise(paise(1_001), 3333)).toBe(334);
    // 50 paise × 1 % = 0.5 → 1, and a loss of 50 paise → −1
    expect(percentOfPaise(paise(50), 100)).toBe(1);
    expect(percentOfPaise(paise(-50), 100)).toBe(-1);
    // ₹ 10 lakh crore × 99.99 % stays exact where paise × 9999 passes 2^53.
    expect(percentOfPaise(paise(1e15), 9999)).toBe(999_900_000_000_000);
  });
  it('splits by shares that add up to 100 % within one paisa per partner', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 10000 }), (amount, share) => {
        const total = percentOfPaise(paise(amount), share) + percentOfPaise(paise(amount), 10000 - share);
        expect(Math.abs(total - amount)).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('partner figures', () => {
  it('splits a profit over shares of exactly 100 % so the partners add up to it to the paisa', () => {
    // ₹ 1,00,000.01 over 33.33 / 33.33 / 33.34 %: each rounded alone gives 33,330.00 + 33,330.00 + 33,340.00 (+0.01
    // lost); the largest remainder puts the paisa with the largest fraction.
    const partner = (share: number) => ({ shareHundredths: share, investmentPaise: paise(0), receivedPaise: paise(0) });
    const split = partnersFigures(paise(1_00_000_01), [partner(3333), partner(3333), partner(3334)]);
    expect(split.map((f) => f.profitPaise)).toEqual([33_33_000, 33_33_000, 33_34_001]);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.array(fc.integer({ min: 0, max: 10000 }), { minLength: 1, maxLength: 6 }),
        (profit, raw) => {
          // Scale the drawn shares to add up to exactly 10,000 hundredths (100 %).
          const sum = raw.reduce((a, b) => a + b, 0) || 1;
          const shares = raw.map((r) => Math.floor((r * 10000) / sum));
          shares[0] = (shares[0] ?? 0) + 10000 - shares.reduce((a, b) => a + b, 0);
          const figures = partnersFigures(paise(profit), shares.map(partner));
          expect(figures.reduce((a, f) => a + f.profitPaise, 0)).toBe(profit);
          figures.forEach((f, i) => {
            expect(Math.abs(f.profitPaise - percentOfPaise(paise(profit), shares[i] as number))).toBeLessThanOrEqual(1);
          });
        },
      ),
    );
  });

  it('rounds each share on its own when the shares do not add up to 100 %', () => {
    const partner = (share: number | null) => ({
      shareHundredths: share,
      investmentPaise: paise(0),
      receivedPaise: paise(0),
    });
    expect(partnersFigures(paise(1_00_000_01), [partner(5000), partner(null)]).map((f) => f.profitPaise)).toEqual([
      50_00_001, 0,
    ]);
  });

  it('computes profit as active sales less land and development', () => {
    // ₹ 5,00,000 sold − (₹ 2,00,000 land + ₹ 1,00,000 development) = ₹ 2,00,000 profit
    expect(
      projectProfitPaise({
        salePaise: paise(500_000_00),
        landPaise: paise(200_000_00),
        developmentPaise: paise(100_000_00),
      }),
    ).toBe(200_000_00);
    // Nothing sold yet: the cost is a loss.
    expect(projectProfitPaise({ salePaise: paise(0), landPaise: paise(1_000_00), developmentPaise: paise(50) })).toBe(
      -1_000_50,
    );
  });

  it('gives a 60 % partner their share, total and due (worked example)', () => {
    // Profit ₹ 2,00,000; the partner paid ₹ 2,00,000 for land and has received ₹ 1,50,000.
    // profit 60 % of 2,00,000 = 1,20,000; total 2,00,000 + 1,20,000 = 3,20,000; due 3,20,000 − 1,50,000 = 1,70,000.
    expect(
      partnerFigures(paise(200_000_00), {
        shareHundredths: 6000,
        investmentPaise: paise(200_000_00),
        receivedPaise: paise(150_000_00),
      }),
    ).toEqual({
      investmentPaise: 200_000_00,
      profitPaise: 120_000_00,
      totalPaise: 320_000_00,
      receivedPaise: 150_000_00,
      duePaise: 170_000_00,
    });
  });

  it('shares a loss too, and counts no share as 0 %', () => {
    // −₹ 1,000 × 25 % = −₹ 250; total 4,000 − 250 = 3,750; nothing received, so all of it is due.
    expect(
      partnerFigures(paise(-1_000_00), {
        shareHundredths: 2500,
        investmentPaise: paise(4_000_00),
        receivedPaise: paise(0),
      }),
    ).toEqual({
      investmentPaise: 4_000_00,
      profitPaise: -250_00,
      totalPaise: 3_750_00,
      receivedPaise: 0,
      duePaise: 3_750_00,
    });
    expect(
      partnerFigures(paise(9_999_00), { shareHundredths: null, investmentPaise: paise(0), receivedPaise: paise(100) })
        .duePaise,
    ).toBe(-100);
  });
});

describe('payouts stay covered', () => {
  it('counts as over-paid only the part of a negative due the payouts make', () => {
    expect(overpaidPaise(paise(1_000), paise(5_000))).toBe(0);
    expect(overpaidPaise(paise(-2_000), paise(5_000))).toBe(2_000);
    // A loss without payouts is money the partner owes, not an over-payment.
    expect(overpaidPaise(paise(-9_000), paise(0))).toBe(0);
    // Receipts credited to them took the due below the payouts: only the payouts count.
    expect(overpaidPaise(paise(-9_000), paise(5_000))).toBe(5_000);
  });
  it('refuses a change that takes a paid partner below zero or deeper, and lets a negative due rise', () => {
    expect(overpaysPayouts({ duePaise: paise(0), payoutsPaise: paise(50_000) }, paise(-1))).toBe(true);
    expect(overpaysPayouts({ duePaise: paise(-100), payoutsPaise: paise(50_000) }, paise(-200))).toBe(true);
    expect(overpaysPayouts({ duePaise: paise(-200), payoutsPaise: paise(50_000) }, paise(-100))).toBe(false);
    expect(overpaysPayouts({ duePaise: paise(500), payoutsPaise: paise(50_000) }, paise(0))).toBe(false);
    expect(overpaysPayouts({ duePaise: paise(500), payoutsPaise: paise(0) }, paise(-90_000))).toBe(false);
  });
  it('counts Pending receipt lines credited to a partner as already handed to them', () => {
    expect(reservedDuePaise(paise(200_000_00), paise(50_000_00))).toBe(150_000_00);
    expect(reservedDuePaise(paise(0), paise(50_000_00))).toBe(-50_000_00);
  });
});
