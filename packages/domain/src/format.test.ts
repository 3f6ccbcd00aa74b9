import { describe, expect, it } from 'vitest';
import {
  formatDateRange,
  formatMobile,
  formatNumber,
  formatPercent,
  formatRupees,
  plotLabel,
  pluralize,
} from './format.js';

describe('pluralize', () => {
  it('uses the singular for exactly one', () => {
    expect(pluralize(1, 'development entry', 'development entries')).toBe('1 development entry');
  });
  it('uses the plural for none and for many, with en-IN grouping', () => {
    expect(pluralize(11, 'development entry', 'development entries')).toBe('11 development entries');
    expect(pluralize(0, 'plot')).toBe('0 plots');
    expect(pluralize(123456, 'plot')).toBe('1,23,456 plots');
  });
});

describe('formatNumber', () => {
  it('groups plot sizes the Indian way and keeps up to two decimals', () => {
    expect(formatNumber(1610)).toBe('1,610');
    expect(formatNumber(1610.5)).toBe('1,610.5');
    expect(formatNumber(125000)).toBe('1,25,000');
  });
});

describe('formatRupees', () => {
  it('groups crores the Indian way with two decimals', () => {
    expect(formatRupees(12500000.5)).toBe('₹ 1,25,00,000.50');
    expect(formatRupees(null)).toBe('₹ 0.00');
  });
  it('puts the minus sign before the rupee symbol', () => {
    expect(formatRupees(-1454905.47)).toBe('-₹ 14,54,905.47');
  });
  it('never shows a minus on an amount that rounds to zero', () => {
    expect(formatRupees(-0.001)).toBe('₹ 0.00');
  });
});

describe('formatPercent', () => {
  it('always shows two decimals', () => {
    expect(formatPercent(85.7)).toBe('85.70 %');
    expect(formatPercent(100)).toBe('100.00 %');
    expect(formatPercent(-12.345)).toBe('-12.35 %');
  });
});

describe('plotLabel', () => {
  it('prefixes "Plot" only when the name does not already start with it', () => {
    expect(plotLabel('2')).toBe('Plot 2');
    expect(plotLabel('Plot 2')).toBe('Plot 2');
    expect(plotLabel('plot-7')).toBe('plot-7');
    expect(plotLabel('Plotline A')).toBe('Plot Plotline A');
  });
});

describe('formatMobile', () => {
  it('spaces an Indian mobile number', () => {
    expect(formatMobile('+919822011111')).toBe('+91 98220 11111');
    expect(formatMobile('9822066666')).toBe('+91 98220 66666');
  });

  it('reads the +91, 91 and 0 prefixes and the separators of numbers saved as they were typed', () => {
    for (const stored of ['+91 98220 66666', '919822066666', '09822066666', '098220-66666', '(+91) 98220-66666']) {
      expect(formatMobile(stored), stored).toBe('+91 98220 66666');
    }
  });

  it('leaves a foreign number readable, as written', () => {
    expect(formatMobile('+447911123456')).toBe('+447911123456');
    expect(formatMobile(' +1 415 555 0123 ')).toBe('+1 415 555 0123');
  });

  it('leaves what is not a mobile number alone, and shows nothing for none', () => {
    expect(formatMobile('12345')).toBe('12345');
    expect(formatMobile('0222345678')).toBe('0222345678');
    expect(formatMobile(null)).toBe('');
    expect(formatMobile('')).toBe('');
  });
});

describe('formatDateRange', () => {
  it('shows one date when the lines agree and the range when they differ', () => {
    expect(formatDateRange(['2026-04-05', '2026-04-05'])).toBe('05/04/2026');
    expect(formatDateRange(['2026-04-05', '2026-04-01', '2026-04-03'])).toBe('01/04/2026 – 05/04/2026');
    expect(formatDateRange([])).toBe('-');
  });
});
