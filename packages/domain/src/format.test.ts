import { describe, expect, it } from 'vitest';
import { formatNumber, pluralize } from './format.js';

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
