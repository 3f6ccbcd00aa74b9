import { describe, expect, it } from 'vitest';
import { asRows } from './api/as-rows';
import { dayInIndia, formatMonth, rupeesFloored, wholeRupees } from './format';

describe('report number formats (spec 001 §9)', () => {
  it('project-wise and receipts: ₹ and whole rupees, floored at 0', () => {
    expect(rupeesFloored(1234567.5)).toBe('₹ 12,34,568');
    expect(rupeesFloored(-500)).toBe('₹ 0');
  });

  it('plot-wise, month-wise and partner reports: rounded, Indian grouping, no symbol', () => {
    expect(wholeRupees(1234567.49)).toBe('12,34,567');
    expect(wholeRupees(-100000)).toBe('-1,00,000');
    expect(wholeRupees(-0.2)).toBe('0');
  });
});

describe('formatMonth', () => {
  it('writes YYYY-MM as a short month and year', () => {
    expect(formatMonth('2026-01')).toBe('Jan 2026');
    expect(formatMonth('2026-12')).toBe('Dec 2026');
  });

  it('leaves other text alone', () => {
    expect(formatMonth('')).toBe('-');
    expect(formatMonth('soon')).toBe('soon');
  });
});

describe('dayInIndia', () => {
  it('takes the calendar day in India of a UTC time', () => {
    expect(dayInIndia('2026-01-31T20:00:00.000Z')).toBe('2026-02-01');
    expect(dayInIndia('2026-01-31T10:00:00Z')).toBe('2026-01-31');
  });

  it('keeps a plain date and rejects nonsense', () => {
    expect(dayInIndia('2026-03-05')).toBe('2026-03-05');
    expect(dayInIndia('not a date')).toBeNull();
    expect(dayInIndia(null)).toBeNull();
  });
});

describe('asRows (spec 001 §7)', () => {
  it('takes a plain array, an object with a data array, or one object as one row', () => {
    expect(asRows([{ a: 1 }])).toEqual([{ a: 1 }]);
    expect(asRows({ data: [{ a: 1 }, { a: 2 }], totals: {} })).toEqual([{ a: 1 }, { a: 2 }]);
    expect(asRows({ a: 1 })).toEqual([{ a: 1 }]);
    expect(asRows(null)).toEqual([]);
  });
});
