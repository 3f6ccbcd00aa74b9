import { largestRemainder } from './allocation.js';
import { addPaise, maxPaise, minPaise, type Paise, paise, subPaise, ZERO_PAISE } from './money.js';
import { percentOfPaise } from './percent.js';

/**
 * Payment To Partner's figures (docs/design.md §7), all in paise. A project's profit is what its active sales bring in
 * over what it cost (land + development); each partner's profit is their share of it, and what the project owes a
 * partner is their investment plus that profit, less what has already been handed to them.
 */
export interface ProjectMoney {
  /** Σ sale amount of the project's active sales. */
  salePaise: Paise;
  /** Σ purchase entries (land). */
  landPaise: Paise;
  /** Σ development entries. */
  developmentPaise: Paise;
  /** Σ transfer fees charged on the project's active sales (income, issue 20). */
  transferFeePaise?: Paise;
  /** Σ retained (forfeited) on the project's cancelled sales: the company's income (issue 20). */
  forfeitedPaise?: Paise;
}

export interface PartnerMoney {
  /** The partner's share of the project in hundredths of a percent (60 % is 6000); null counts as 0. */
  shareHundredths: number | null;
  /** Σ purchase and development entries the partner paid ("Pay"). */
  investmentPaise: Paise;
  /** Σ Completed receipt lines credited to the partner + Σ payouts to them ("Receive"). */
  receivedPaise: Paise;
}

export interface PartnerFigures {
  investmentPaise: Paise;
  profitPaise: Paise;
  totalPaise: Paise;
  receivedPaise: Paise;
  duePaise: Paise;
}

/**
 * Project cost = land + development; profit = Σ active sales + Σ transfer fees + Σ forfeited on cancellations − cost
 * (negative is a loss).
 */
export function projectProfitPaise(project: ProjectMoney): Paise {
  const income = addPaise(
    project.salePaise,
    project.transferFeePaise ?? ZERO_PAISE,
    project.forfeitedPaise ?? ZERO_PAISE,
  );
  return subPaise(income, addPaise(project.landPaise, project.developmentPaise));
}

/** A partner's row once their profit is known: total = investment + profit; due = total − received. */
function figuresWithProfit(partner: PartnerMoney, profitPaise: Paise): PartnerFigures {
  const totalPaise = addPaise(partner.investmentPaise, profitPaise);
  return {
    investmentPaise: partner.investmentPaise,
    profitPaise,
    totalPaise,
    receivedPaise: partner.receivedPaise,
    duePaise: subPaise(totalPaise, partner.receivedPaise),
  };
}

/** One partner's row: profit = project profit × share / 100; total = investment + profit; due = total − received. */
export function partnerFigures(projectProfit: Paise, partner: PartnerMoney): PartnerFigures {
  return figuresWithProfit(partner, percentOfPaise(projectProfit, partner.shareHundredths ?? 0));
}

/**
 * Every partner's row of one project. When the shares add up to exactly 100 %, the profit is split over them by the
 * largest-remainder method, so the partners' profits add up to the project's to the paisa (each rounded on its own,
 * three partners of 33.33/33.33/33.34 % could miss it by a paisa); otherwise each share is rounded on its own.
 */
export function partnersFigures(projectProfit: Paise, partners: readonly PartnerMoney[]): PartnerFigures[] {
  const shares = partners.map((p) => p.shareHundredths ?? 0);
  if (shares.reduce((a, b) => a + b, 0) !== 10_000 || shares.some((share) => share < 0)) {
    return partners.map((p) => partnerFigures(projectProfit, p));
  }
  const magnitudes = largestRemainder(Math.abs(projectProfit), shares);
  const sign = projectProfit < 0 ? -1 : 1;
  return partners.map((partner, i) => figuresWithProfit(partner, paise(sign * (magnitudes[i] ?? 0))));
}

/**
 * How much of a partner's payouts is more than is due to them: how far the payouts take their due below zero, and
 * never more than the payouts (0 while the due is not negative). A due that is negative without any payout (a loss,
 * or receipts credited to the partner) is money the partner owes the project, not an over-payment.
 */
export function overpaidPaise(duePaise: Paise, payoutsPaise: Paise): Paise {
  return minPaise(payoutsPaise, maxPaise(ZERO_PAISE, subPaise(ZERO_PAISE, duePaise)));
}

/**
 * What is due to a partner once the Pending receipt lines credited to them are counted as already handed to them: a
 * cheque in their hands is reserved against their due until it clears (then it is received) or is cancelled (then
 * the reservation is freed). A payout may not be more than this, and the rule below is held on it.
 */
export function reservedDuePaise(duePaise: Paise, pendingCreditedPaise: Paise): Paise {
  return subPaise(duePaise, pendingCreditedPaise);
}

/**
 * The rule that keeps payouts covered: a correction of what is due to a partner (an entry edited or deleted, a
 * share) or money handed to them (a receipt line credited to them) may not make the payouts already made to them
 * more than is due, nor an over-payment larger. A due already below zero may rise. The dues compared are the
 * reserved ones (`reservedDuePaise`).
 */
export function overpaysPayouts(before: { duePaise: Paise; payoutsPaise: Paise }, afterDuePaise: Paise): boolean {
  return overpaidPaise(afterDuePaise, before.payoutsPaise) > overpaidPaise(before.duePaise, before.payoutsPaise);
}
