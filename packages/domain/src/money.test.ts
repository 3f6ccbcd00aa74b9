import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plotsFitArea, saleableArea, sumAreas, totalAmountPaise, totalAmountWithin } from './area.js';
import { addMonths, buildSchedule, emiTotalPaise, isEmiDateAllowed, monthlyPaise } from './emi.js';
import { formatDate, formatRupees, formatWholeRupees } from './format.js';
import { hasAtMostTwoDecimals, type Paise, paise, splitEvenly, sumRupees, toPaise, toRupees } from './money.js';
import { projectInputSchema } from './schemas/projects.js';

describe('money', () => {
  it('keeps rupees out of where paise are meant (checked by the type checker)', () => {
    // @ts-expect-error a plain number (rupees) is not Paise
    expect(toRupees(12.5)).toBe(0.125);
    // @ts-expect-error a plain number is not Paise, even an integer: paise(…) says where it comes from
    const rupees: Paise = 1250;
    expect(toRupees(paise(1250))).toBe(12.5);
    expect(toRupees(toPaise(12.5))).toBe(12.5);
    expect(rupees).toBe(1250);
  });
  it('takes only safe integers as paise', () => {
    expect(() => paise(12.5)).toThrow(RangeError);
    expect(() => paise(2 ** 53)).toThrow(RangeError);
    expect(paise(-7)).toBe(-7);
  });
  it('converts rupees to paise without float drift', () => {
    expect(toPaise(0.1 + 0.2)).toBe(30);
    expect(toPaise(1234567.89)).toBe(123456789);
    expect(toPaise(19.99)).toBe(1999);
    expect(toRupees(paise(123456789))).toBe(1234567.89);
  });
  it('rejects more than two decimals and non-finite amounts', () => {
    expect(hasAtMostTwoDecimals(10.25)).toBe(true);
    expect(hasAtMostTwoDecimals(10.255)).toBe(false);
    expect(hasAtMostTwoDecimals(Number.NaN)).toBe(false);
    expect(hasAtMostTwoDecimals(5e-324)).toBe(false);
    expect(hasAtMostTwoDecimals(0.001)).toBe(false);
    expect(() => toPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
  it('splits evenly so the parts add up exactly', () => {
    expect(splitEvenly(paise(1000), 3)).toEqual([333, 333, 334]);
  });
});

describe('areas', () => {
  it('computes total amount = area × rate in paise', () => {
    // 10,000 sq ft at ₹ 150.50 = ₹ 15,05,000.00
    expect(totalAmountPaise(10000, 150.5)).toBe(150_500_000);
    // 1,234.56 sq ft at ₹ 99.99 = ₹ 1,23,443.65 (1,23,443.6544 rounded)
    expect(totalAmountPaise(1234.56, 99.99)).toBe(12_344_365);
  });
  it('refuses an area × rate past the largest amount as a field error, never by failing', () => {
    const project = (totalArea: number, totalRate: number) =>
      projectInputSchema.safeParse({ projectName: 'Shivneri', city: 'Pune', totalArea, totalRate, plots: [] });
    // 1,000,000,000 sq ft at ₹ 1,000,000,000: 10^20 paise, past 2^53.
    const refused = project(1e9, 1e9);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.path.join('.'))).toContain('totalRate');
    expect(totalAmountWithin(1e9, 1e9, paise(1e15))).toBe(false);
    expect(totalAmountWithin(10000, 150.5, paise(150_500_000))).toBe(true);
  });
  it('floors the saleable area at zero', () => {
    expect(saleableArea(48000, 5760, 1200, 2400)).toBe(38640);
    expect(saleableArea(1000, 600, 300, 200)).toBe(0);
    expect(saleableArea(100.1, 0.2)).toBe(99.9);
  });
  it('checks that plot sizes fit in the total area', () => {
    expect(plotsFitArea(1000, [400, 600])).toBe(true);
    expect(plotsFitArea(1000, [400, 600.01])).toBe(false);
    expect(sumAreas([0.1, 0.2])).toBe(0.3);
  });
});

describe('EMI', () => {
  const sale = {
    salePaise: paise(1_000_000_00),
    advancePaise: paise(100_000_00),
    visarpawatiPaise: paise(50_000_00),
    durationMonths: 12,
  };
  it('computes EMI total and monthly amount', () => {
    // ₹ 10,00,000 − 1,00,000 − 50,000 = ₹ 8,50,000 over 12 months = ₹ 70,833.33
    expect(emiTotalPaise(sale)).toBe(850_000_00);
    expect(monthlyPaise(sale)).toBe(7_083_333);
    expect(monthlyPaise({ ...sale, durationMonths: 0 })).toBe(0);
    expect(emiTotalPaise({ ...sale, advancePaise: paise(2_000_000_00) })).toBe(0);
  });
  it('builds a schedule whose last installment takes the remainder', () => {
    const schedule = buildSchedule(sale, '2026-01-31');
    expect(schedule).toHaveLength(12);
    expect(schedule[0]).toEqual({ installmentNo: 1, dueDate: '2026-01-31', amountPaise: 7_083_333 });
    expect(schedule[1]?.dueDate).toBe('2026-02-28');
    expect(schedule[11]).toEqual({ installmentNo: 12, dueDate: '2026-12-31', amountPaise: 7_083_337 });
    expect(schedule.reduce((a, i) => a + i.amountPaise, 0)).toBe(850_000_00);
  });
  it('never makes a negative installment on tiny totals', () => {
    const schedule = buildSchedule(
      { salePaise: paise(3), advancePaise: paise(0), visarpawatiPaise: paise(0), durationMonths: 5 },
      '2026-03-15',
    );
    expect(schedule.every((i) => i.amountPaise >= 0)).toBe(true);
    expect(schedule.reduce((a, i) => a + i.amountPaise, 0)).toBe(3);
  });
  it('adds months across years and leap days', () => {
    expect(addMonths('2027-12-15', 2)).toBe('2028-02-15');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
  });
  it('refuses an EMI date before the sale month', () => {
    expect(isEmiDateAllowed('2026-05-01', '2026-05-20')).toBe(true);
    expect(isEmiDateAllowed('2026-04-30', '2026-05-20')).toBe(false);
  });
});

describe('formatting for India', () => {
  it('groups rupees the Indian way', () => {
    expect(formatRupees(1234567.89)).toBe('₹ 12,34,567.89');
    expect(formatRupees(null)).toBe('₹ 0.00');
    expect(formatWholeRupees(98765432.5)).toBe('9,87,65,433');
  });
  it('shows dates as dd/mm/yyyy', () => {
    expect(formatDate('2026-11-21')).toBe('21/11/2026');
    expect(formatDate('2026-11-21T00:00:00')).toBe('21/11/2026');
    expect(formatDate(null)).toBe('-');
  });
});

describe('money above ₹13 crore', () => {
  const MAX_PAISE = 1_000_000_000_000_00; // ₹1,00,000 crore

  it('accepts ₹16,04,49,160.17 (refused once by a float epsilon) and converts it exactly', () => {
    expect(hasAtMostTwoDecimals(160449160.17)).toBe(true);
    expect(toPaise(160449160.17)).toBe(16_044_916_017);
    expect(hasAtMostTwoDecimals(160449160.175)).toBe(false);
  });

  it('refuses tiny and exponent-form fractions', () => {
    expect(hasAtMostTwoDecimals(5e-324)).toBe(false);
    expect(hasAtMostTwoDecimals(1e-7)).toBe(false);
    expect(hasAtMostTwoDecimals(1e21)).toBe(true);
    expect(hasAtMostTwoDecimals(-12.5)).toBe(true);
  });

  it('any whole paise amount up to ₹1,00,000 crore passes as rupees and converts back to the same paise', () => {
    fc.assert(
      fc.property(fc.integer({ min: -MAX_PAISE, max: MAX_PAISE }), (amount) => {
        const rupees = toRupees(paise(amount));
        expect(hasAtMostTwoDecimals(rupees)).toBe(true);
        expect(toPaise(rupees)).toBe(amount);
      }),
      { numRuns: 5000 },
    );
  });

  it('a third decimal digit is always refused', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PAISE / 10 }), fc.integer({ min: 1, max: 9 }), (whole, digit) => {
        const rupees = Number(`${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}${digit}`);
        expect(hasAtMostTwoDecimals(rupees)).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('sums rupees through paise', () => {
    expect(sumRupees([0.1, 0.2])).toBe(0.3);
    expect(sumRupees([160449160.17, 0.01, 99999999.99])).toBe(260449160.17);
  });
});
