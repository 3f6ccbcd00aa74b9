import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMonths, allocateInstallments, buildSchedule, emiTotalPaise, type Installment } from './emi.js';
import { paise } from './money.js';

/** Whole months between two `YYYY-MM-DD` dates' months. */
const monthIndex = (isoDate: string) => Number(isoDate.slice(0, 4)) * 12 + Number(isoDate.slice(5, 7)) - 1;

describe('EMI schedule (property)', () => {
  const amount = fc.integer({ min: 0, max: 1e13 * 100 }).map(paise);
  const date = fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));

  it('sums exactly to the EMI total, never negative, one installment a month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e13 * 100 }).map(paise),
        amount,
        amount,
        fc.integer({ min: 1, max: 360 }),
        date,
        (salePaise, advancePaise, visarpawatiPaise, durationMonths, emiDate) => {
          const input = { salePaise, advancePaise, visarpawatiPaise, durationMonths };
          const schedule = buildSchedule(input, emiDate);
          const start = monthIndex(emiDate);
          return (
            schedule.length === durationMonths &&
            schedule.reduce((sum, i) => sum + i.amountPaise, 0) === emiTotalPaise(input) &&
            schedule.every(
              (installment, i) =>
                installment.installmentNo === i + 1 &&
                Number.isInteger(installment.amountPaise) &&
                installment.amountPaise >= 0 &&
                monthIndex(installment.dueDate) === start + i &&
                installment.dueDate === addMonths(emiDate, i),
            )
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('allocateInstallments', () => {
  // ₹ 1,000 over 3 months from 10 Jan 2026: 333.33, 333.33, 333.34.
  const schedule: Installment[] = buildSchedule(
    { salePaise: paise(1000_00), advancePaise: paise(0), visarpawatiPaise: paise(0), durationMonths: 3 },
    '2026-01-10',
  );
  const view = (paid: number, today: string) =>
    allocateInstallments(schedule, paise(paid), today).map((i) => [i.installmentNo, i.paidPaise, i.state]);

  it('marks every installment due when nothing is paid and none has fallen due', () => {
    expect(view(0, '2026-01-10')).toEqual([
      [1, 0, 'due'],
      [2, 0, 'due'],
      [3, 0, 'due'],
    ]);
  });

  it('pays the oldest installment first and part-pays the next', () => {
    // ₹ 500 = 333.33 for the first, 166.67 towards the second.
    expect(view(500_00, '2026-01-05')).toEqual([
      [1, 333_33, 'paid'],
      [2, 166_67, 'part-paid'],
      [3, 0, 'due'],
    ]);
  });

  it('marks an installment past its due date and not fully paid overdue, even when part-paid', () => {
    // On 15 Feb: the first (10 Jan) is paid, the second (10 Feb) has ₹ 166.67 of 333.33, the third is ahead.
    expect(view(500_00, '2026-02-15')).toEqual([
      [1, 333_33, 'paid'],
      [2, 166_67, 'overdue'],
      [3, 0, 'due'],
    ]);
  });

  it('keeps an installment due on its due date itself', () => {
    expect(view(0, '2026-02-10').map((i) => i[2])).toEqual(['overdue', 'due', 'due']);
  });

  it('pays everything when the money covers the schedule, and ignores money beyond it', () => {
    expect(view(2000_00, '2027-01-01')).toEqual([
      [1, 333_33, 'paid'],
      [2, 333_33, 'paid'],
      [3, 333_34, 'paid'],
    ]);
  });

  it('pays in installment order whatever order the schedule comes in', () => {
    const reversed = [...schedule].reverse();
    expect(allocateInstallments(reversed, paise(333_33), '2026-01-01').map((i) => [i.installmentNo, i.state])).toEqual([
      [1, 'paid'],
      [2, 'due'],
      [3, 'due'],
    ]);
  });

  it('treats a zero installment as paid', () => {
    const zero = buildSchedule(
      { salePaise: paise(0), advancePaise: paise(0), visarpawatiPaise: paise(0), durationMonths: 2 },
      '2026-01-01',
    );
    expect(allocateInstallments(zero, paise(0), '2027-01-01').map((i) => i.state)).toEqual(['paid', 'paid']);
  });

  it('spreads any amount so the paid parts add up to what was paid, capped at the schedule total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000_00 }), (paid) => {
        const allocated = allocateInstallments(schedule, paise(paid), '2026-06-01');
        expect(allocated.reduce((s, i) => s + i.paidPaise, 0)).toBe(Math.min(paid, 1000_00));
        expect(allocated.every((i) => i.paidPaise <= i.amountPaise)).toBe(true);
      }),
    );
  });
});
