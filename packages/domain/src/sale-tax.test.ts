import { describe, expect, it } from 'vitest';
import { paise, toPaise } from './money.js';
import { cashByDay, cashRuleIssue, reraIssue, DEFAULT_SALE_TAX_SETTINGS as settings, tdsDuePaise } from './sale-tax.js';

describe('tdsDuePaise (s.194-IA)', () => {
  it('is 1 % of a sale of ₹ 50,00,000 or more', () => {
    expect(tdsDuePaise(toPaise(75_00_000), settings)).toBe(toPaise(75_000));
    expect(tdsDuePaise(toPaise(50_00_000), settings)).toBe(toPaise(50_000));
  });

  it('is 0 below the threshold', () => {
    expect(tdsDuePaise(toPaise(49_99_999.99), settings)).toBe(0);
  });

  it('follows the company rate, rounded to the paisa', () => {
    expect(tdsDuePaise(toPaise(50_00_000.55), { ...settings, tdsRateHundredths: 75 })).toBe(toPaise(37_500));
  });
});

describe('cashRuleIssue (s.269SS / s.269T)', () => {
  it('names the rule, the amount, the day and the penalty at ₹ 20,000 or more', () => {
    expect(cashRuleIssue(toPaise(25_000), settings, { date: '2026-11-28' })).toBe(
      'Section 269SS: cash of ₹ 25,000.00 from one buyer on 28/11/2026 reaches the limit of ₹ 20,000.00; the Income Tax Act bars it, with a penalty equal to the amount. Take it by cheque, UPI or bank transfer.',
    );
    expect(cashRuleIssue(toPaise(20_000), settings)).toContain('Section 269SS');
  });

  it('is null below the limit', () => {
    expect(cashRuleIssue(toPaise(19_999.99), settings)).toBeNull();
    expect(cashRuleIssue(paise(0), { ...settings, cashLimitPaise: paise(0) })).toBeNull();
  });

  it('speaks of a refund under s.269T', () => {
    expect(cashRuleIssue(toPaise(30_000), settings, { section: '269T' })).toMatch(/^Section 269T: a refund in cash/);
  });
});

describe('reraIssue (RERA s.13)', () => {
  it('warns when more than 10 % of the sale amount is received before the agreement', () => {
    expect(reraIssue(toPaise(1_00_000.01), toPaise(10_00_000), settings)).toContain('RERA section 13');
  });

  it('allows exactly 10 %', () => {
    expect(reraIssue(toPaise(1_00_000), toPaise(10_00_000), settings)).toBeNull();
  });
});

describe('cashByDay', () => {
  it('adds the cash lines of each day and leaves other modes out', () => {
    const days = cashByDay([
      { mode: 'Cash', date: '2026-11-28', amountPaise: toPaise(15_000) },
      { mode: 'Cash', date: '2026-11-28', amountPaise: toPaise(10_000) },
      { mode: 'UPI', date: '2026-11-28', amountPaise: toPaise(50_000) },
      { mode: 'Cash', date: '2026-11-29', amountPaise: toPaise(1_000) },
    ]);
    expect([...days]).toEqual([
      ['2026-11-28', toPaise(25_000)],
      ['2026-11-29', toPaise(1_000)],
    ]);
  });
});
