import { addPaise, maxPaise, minPaise, type Paise, subPaise, ZERO_PAISE } from './money.js';

/**
 * The receipt arithmetic of docs/design.md §7, in paise. Received is Σ Completed receipts; Pending receipts are
 * recorded but not money yet, Cancelled ones count nowhere.
 */

/** Sale amount − received. Negative only if data outside Plotbook overpaid; screens floor it at 0. */
export function pendingBalancePaise(salePaise: Paise, receivedPaise: Paise): Paise {
  return subPaise(salePaise, receivedPaise);
}

/**
 * How far a receipt of `amountPaise` would take received above the sale amount (0 when it fits). A receipt
 * that would overpay is refused, whether it is Completed now or a Pending cheque being cleared.
 */
export function overpaymentPaise(salePaise: Paise, receivedPaise: Paise, amountPaise: Paise): Paise {
  return maxPaise(ZERO_PAISE, subPaise(addPaise(receivedPaise, amountPaise), salePaise));
}

/**
 * What an Installment line is filled with (and locked to): the monthly amount while a balance is pending, else 0
 * (spec §5). Never more than the balance: the last installment is often a few paise off the monthly amount.
 */
export function installmentFillPaise(monthlyPaise: Paise, pendingPaise: Paise): Paise {
  if (pendingPaise <= 0) return ZERO_PAISE;
  return minPaise(monthlyPaise, pendingPaise);
}
