import { describe, expect, it } from 'vitest';
import {
  ageingBucket,
  autoReminderKind,
  autoReminderWindow,
  canRemindAgain,
  daysLate,
  indiaDate,
  lateInterestPaise,
} from './collections.js';
import { paise } from './money.js';

describe('collections: ageing', () => {
  it('counts days late from the due date and puts them in the issue’s buckets', () => {
    expect(daysLate('2026-04-10', '2026-06-15')).toBe(66);
    expect(daysLate('2026-06-10', '2026-06-10')).toBe(0);
    expect([1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      '1-30',
      '1-30',
      '31-60',
      '31-60',
      '61-90',
      '61-90',
      '90+',
      '90+',
    ]);
  });

  it('reads today in India: 18:29 UTC is still the day, 18:30 UTC is the next', () => {
    expect(indiaDate(new Date('2026-06-15T18:29:59Z'))).toBe('2026-06-15');
    expect(indiaDate(new Date('2026-06-15T18:30:00Z'))).toBe('2026-06-16');
  });
});

describe('collections: late-payment interest', () => {
  const on = { enabled: true, rateHundredths: 1800, graceDays: 10 };
  it('is simple interest on the unpaid part for the days beyond the grace period, rounded to the paisa', () => {
    // ₹ 5,000 × 18 % × 56 / 365 = ₹ 138.0821…
    expect(lateInterestPaise({ dueDate: '2026-04-10', unpaidPaise: paise(5000_00) }, '2026-06-15', on)).toBe(13808);
    expect(lateInterestPaise({ dueDate: '2026-06-10', unpaidPaise: paise(5000_00) }, '2026-06-20', on)).toBe(0);
    expect(lateInterestPaise({ dueDate: '2026-06-10', unpaidPaise: paise(5000_00) }, '2026-06-21', on)).toBe(247);
  });
  it('is 0 when off (the default) or nothing is unpaid, and stays exact for the largest amounts', () => {
    expect(
      lateInterestPaise({ dueDate: '2026-01-01', unpaidPaise: paise(5000_00) }, '2026-06-15', {
        ...on,
        enabled: false,
      }),
    ).toBe(0);
    expect(lateInterestPaise({ dueDate: '2026-01-01', unpaidPaise: paise(0) }, '2026-06-15', on)).toBe(0);
    // ₹ 10 lakh crore for 365 days past grace at 18 %: exactly 18 % of it.
    const big = lateInterestPaise({ dueDate: '2025-01-01', unpaidPaise: paise(1e15) }, '2026-01-11', on);
    expect(big).toBe(18e13);
  });
});

describe('collections: reminders', () => {
  it('allows one reminder per installment in 24 hours', () => {
    const sent = new Date('2026-06-15T06:00:00Z');
    expect(canRemindAgain(null, sent)).toBe(true);
    expect(canRemindAgain(sent, new Date('2026-06-16T05:59:59Z'))).toBe(false);
    expect(canRemindAgain(sent, new Date('2026-06-16T06:00:00Z'))).toBe(true);
  });
  it('sends the automatic ones N days before and after the due date, catching up a missed week, never when off', () => {
    const setting = { enabled: true, daysBefore: 3, daysAfter: 5 };
    expect(autoReminderKind('2026-07-10', '2026-07-06', setting)).toBeNull();
    expect(autoReminderKind('2026-07-10', '2026-07-07', setting)).toBe('before');
    expect(autoReminderKind('2026-07-10', '2026-07-10', setting)).toBeNull();
    expect(autoReminderKind('2026-07-10', '2026-07-15', setting)).toBe('after');
    expect(autoReminderKind('2026-07-10', '2026-07-21', setting)).toBe('after');
    expect(autoReminderKind('2026-07-10', '2026-07-22', setting)).toBeNull();
    expect(autoReminderKind('2026-07-10', '2026-07-15', { ...setting, enabled: false })).toBeNull();
    expect(autoReminderWindow('2026-07-15', setting)).toEqual({ from: '2026-07-03', before: '2026-07-19' });
  });
});
