import type { CashRule } from './constants.js';
import { formatDate, formatRupees } from './format.js';
import { type Paise, paise, toRupees, ZERO_PAISE } from './money.js';
import { percentOfPaise } from './percent.js';

/**
 * The tax and cash rules of a plot sale in India, each a company setting (company_settings) with the default the law
 * gives. Amounts in paise; rates in hundredths of a percent (1 % → 100), so they stay whole numbers.
 */
export interface SaleTaxSettings {
  /** Income Tax Act s.194-IA: a sale of this amount or more (all co-buyers together) carries TDS. */
  tdsThresholdPaise: Paise;
  /** The TDS rate the buyer deducts, in hundredths of a percent. */
  tdsRateHundredths: number;
  /** s.269SS / s.269T: cash of this amount or more from (or to) one buyer on one day is barred. */
  cashLimitPaise: Paise;
  /** Warn and save, or refuse. */
  cashRule: CashRule;
  /** RERA s.13: the most of the sale amount that may be received before the agreement for sale, in hundredths of a percent. */
  reraLimitHundredths: number;
}

export const DEFAULT_SALE_TAX_SETTINGS: SaleTaxSettings = {
  tdsThresholdPaise: paise(50_00_000_00),
  tdsRateHundredths: 100,
  cashLimitPaise: paise(20_000_00),
  cashRule: 'warn',
  reraLimitHundredths: 1000,
};

const rupeesText = (amount: Paise) => formatRupees(toRupees(amount));
const percentText = (hundredths: number) => `${hundredths / 100} %`;

/** s.194-IA: the TDS the buyer owes on a sale (rate × sale amount when the sale amount reaches the threshold; else 0). */
export function tdsDuePaise(saleAmountPaise: Paise, settings: SaleTaxSettings): Paise {
  if (saleAmountPaise < settings.tdsThresholdPaise) return ZERO_PAISE;
  return percentOfPaise(saleAmountPaise, settings.tdsRateHundredths);
}

/**
 * s.269SS (money taken) or s.269T (a refund paid): cash of `cashPaise` with one buyer on one day (`date`,
 * `YYYY-MM-DD`). Answers the warning text when it reaches the company's cash limit, else null. Whether it is only a
 * warning or a refusal is `settings.cashRule`.
 */
export function cashRuleIssue(
  cashPaise: Paise,
  settings: SaleTaxSettings,
  options: { date?: string | null; section?: '269SS' | '269T' } = {},
): string | null {
  if (cashPaise < settings.cashLimitPaise || cashPaise <= 0) return null;
  const day = options.date ? ` on ${formatDate(options.date)}` : ' on one day';
  const limit = rupeesText(settings.cashLimitPaise);
  if (options.section === '269T') {
    return `Section 269T: a refund in cash of ${rupeesText(cashPaise)} to one buyer${day} reaches the limit of ${limit}; the Income Tax Act bars it, with a penalty equal to the amount. Refund by cheque or bank transfer.`;
  }
  return `Section 269SS: cash of ${rupeesText(cashPaise)} from one buyer${day} reaches the limit of ${limit}; the Income Tax Act bars it, with a penalty equal to the amount. Take it by cheque, UPI or bank transfer.`;
}

/**
 * RERA s.13: a promoter may not take more than the limit (10 %) of the sale amount before the agreement for sale is
 * registered. `receivedBeforeAgreementPaise` is what was received before the agreement date (all of it when there is
 * none). Answers the warning, or null.
 */
export function reraIssue(
  receivedBeforeAgreementPaise: Paise,
  saleAmountPaise: Paise,
  settings: SaleTaxSettings,
): string | null {
  const limit = percentOfPaise(saleAmountPaise, settings.reraLimitHundredths);
  if (receivedBeforeAgreementPaise <= limit) return null;
  return `RERA section 13: ${rupeesText(receivedBeforeAgreementPaise)} received before the agreement for sale is registered is more than ${percentText(settings.reraLimitHundredths)} of the sale amount (${rupeesText(limit)} of ${rupeesText(saleAmountPaise)}). Register the agreement for sale and record its date on the sale.`;
}

/** The cash lines of one receipt by day (`YYYY-MM-DD` → Σ paise): what a receipt adds to each day's cash. */
export function cashByDay(lines: readonly { mode: string; date: string; amountPaise: Paise }[]): Map<string, Paise> {
  const days = new Map<string, Paise>();
  for (const line of lines) {
    if (line.mode !== 'Cash') continue;
    days.set(line.date, paise((days.get(line.date) ?? 0) + line.amountPaise));
  }
  return days;
}
