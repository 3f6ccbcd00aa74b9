import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paise } from './money.js';
import { installmentFillPaise, overpaymentPaise, pendingBalancePaise } from './receipts.js';

describe('receipt arithmetic', () => {
  it('pending balance is the sale amount less what was received', () => {
    // ₹ 5,00,000 sale, ₹ 1,25,000.50 received: ₹ 3,74,999.50 pending.
    expect(pendingBalancePaise(paise(500000_00), paise(125000_50))).toBe(374999_50);
    expect(pendingBalancePaise(paise(500000_00), paise(500000_00))).toBe(0);
  });

  it('a receipt that fits the balance overpays by nothing; one paisa more overpays by one paisa', () => {
    expect(overpaymentPaise(paise(500000_00), paise(400000_00), paise(100000_00))).toBe(0);
    expect(overpaymentPaise(paise(500000_00), paise(400000_00), paise(100000_01))).toBe(1);
    expect(overpaymentPaise(paise(500000_00), paise(500000_00), paise(1))).toBe(1);
  });

  it('never reports an overpayment when received plus the amount stays within the sale', () => {
    fc.assert(
      fc.property(fc.nat(10 ** 12), fc.nat(10 ** 12), fc.nat(10 ** 12), (sale, received, amount) => {
        const over = overpaymentPaise(paise(sale), paise(received), paise(amount));
        expect(over === 0).toBe(received + amount <= sale);
        if (over > 0) expect(received + amount - over).toBe(sale);
      }),
    );
  });

  it('fills an installment with the monthly amount, the balance when less is left, and 0 when nothing is', () => {
    expect(installmentFillPaise(paise(33333_33), paise(100000_00))).toBe(33333_33);
    expect(installmentFillPaise(paise(33333_33), paise(33333_34))).toBe(33333_33);
    expect(installmentFillPaise(paise(33333_33), paise(20000_00))).toBe(20000_00);
    expect(installmentFillPaise(paise(33333_33), paise(0))).toBe(0);
    expect(installmentFillPaise(paise(33333_33), paise(-5))).toBe(0);
  });
});
